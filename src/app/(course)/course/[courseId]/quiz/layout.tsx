import type * as React from "react";
import { ScopedIntlBoundary } from "@/components/i18n/scoped-intl-boundary";

/** The quiz's client part translates with its own messages only (not the viewer's). */
export default function QuizLayout({ children }: { children: React.ReactNode }) {
  return <ScopedIntlBoundary namespaces={["quiz", "common", "remediation"]}>{children}</ScopedIntlBoundary>;
}
