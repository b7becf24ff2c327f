import type * as React from "react";
// Formulas in lessons, chat answers, the print view and offline copies are KaTeX's HTML, made on
// the server: only its stylesheet and fonts come to the browser, bundled from the npm package
// and served by the app (no CDN), so offline copies cache them with the page's other assets.
import "katex/dist/katex.min.css";
import { ScopedIntlBoundary } from "@/components/i18n/scoped-intl-boundary";
import { OfflineOwner } from "@/features/export/components/offline-owner";
import { requireUserPage } from "@/server/auth/session";

/** The course viewer lives outside the dashboard shell; its client parts get the viewer's messages only. */
export default async function CourseLayout({ children }: { children: React.ReactNode }) {
  await requireUserPage();
  return (
    <ScopedIntlBoundary
      namespaces={[
        "viewer",
        "chat",
        "notes",
        "courses",
        "aiStatus",
        "common",
        "share",
        "export",
        "offline",
        "writeAll",
        "review",
        // Review lessons in the outline and their retest link (decision 025).
        "remediation",
      ]}
    >
      <OfflineOwner />
      {children}
    </ScopedIntlBoundary>
  );
}
