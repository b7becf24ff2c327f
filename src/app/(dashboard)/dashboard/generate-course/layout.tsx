import type * as React from "react";
import { ScopedIntlBoundary } from "@/components/i18n/scoped-intl-boundary";

/** The messages this page's client components translate with, and no others. */
export default function GenerateCourseLayout({ children }: { children: React.ReactNode }) {
  return (
    <ScopedIntlBoundary namespaces={["generate", "courseLanguages", "aiStatus", "common", "sources"]}>
      {children}
    </ScopedIntlBoundary>
  );
}
