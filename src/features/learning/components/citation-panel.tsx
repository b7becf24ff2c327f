"use client";

import { useTranslations } from "next-intl";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";
import type { CourseTextAttributes } from "@/lib/course-languages";
import { citationPages } from "@/lib/citations";
import type { CitationView } from "../lesson-queries";

/**
 * A superscript's quote, source title and pages (decision 027): a dialog, so Escape closes it and
 * focus goes back to the superscript. Full width on phones, a right-hand panel above. Loaded when
 * a lesson's first superscript is activated.
 */
export function CitationPanel({
  citation,
  onClose,
  returnFocus,
  text,
}: {
  citation: CitationView | null;
  onClose: () => void;
  /** The superscript that opened it: focus goes back there (the panel has no trigger of its own). */
  returnFocus: () => HTMLElement | null;
  text: CourseTextAttributes;
}) {
  const t = useTranslations("viewer");
  return (
    <Sheet open={citation !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <SheetContent
        side="right"
        closeLabel={t("closeLabel")}
        data-testid="citation-panel"
        onCloseAutoFocus={(event) => {
          const link = returnFocus();
          if (!link?.isConnected) return;
          event.preventDefault();
          link.focus();
        }}
        className="w-full overflow-y-auto p-6 sm:max-w-md"
      >
        {citation ? (
          <>
            <SheetTitle className="pr-8 text-lg font-semibold">{t("citationTitle", { n: citation.n })}</SheetTitle>
            <SheetDescription className="text-sm text-muted-foreground">
              <span data-testid="citation-source">{citation.sourceTitle}</span>,{" "}
              <span data-testid="citation-pages">{citationPages(citation)}</span>
            </SheetDescription>
            <blockquote
              {...text}
              data-testid="citation-quote"
              className="border-s-4 ps-4 break-words whitespace-pre-line italic"
            >
              {citation.quote}
            </blockquote>
          </>
        ) : null}
      </SheetContent>
    </Sheet>
  );
}
