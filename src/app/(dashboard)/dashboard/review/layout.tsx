import type * as React from "react";
import { ScopedIntlBoundary } from "@/components/i18n/scoped-intl-boundary";

/** The review screen and the card list: their client parts get the review messages only. */
export default function ReviewLayout({ children }: { children: React.ReactNode }) {
  return <ScopedIntlBoundary namespaces={["review", "common"]}>{children}</ScopedIntlBoundary>;
}
