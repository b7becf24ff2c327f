import type * as React from "react";
import { ScopedIntlBoundary } from "@/components/i18n/scoped-intl-boundary";

/** The messages this page's client components translate with, and no others. */
export default function ProfileLayout({ children }: { children: React.ReactNode }) {
  return <ScopedIntlBoundary namespaces={["profile", "payment", "auth", "common"]}>{children}</ScopedIntlBoundary>;
}
