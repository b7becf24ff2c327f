import type * as React from "react";
import { ScopedIntlBoundary } from "@/components/i18n/scoped-intl-boundary";

/** The messages the payment result pages' client components translate with, and no others. */
export default function PaymentResultLayout({ children }: { children: React.ReactNode }) {
  return <ScopedIntlBoundary namespaces={["payment", "common"]}>{children}</ScopedIntlBoundary>;
}
