"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";
import { supportingSentence } from "@/features/sources/client";
import type { CourseTextAttributes } from "@/lib/course-languages";
import { citationPages } from "@/lib/citations";
import type { CitationView } from "../lesson-queries";

/** The blocks a lesson's claim can sit in: its sentence is read back from there to the superscript. */
const CLAIM_BLOCK = "p, li, td, th, dd, dt, blockquote, figcaption, h1, h2, h3, h4, h5, h6";

/** The lesson's text before the superscript, within its paragraph (or list item, cell…). */
function textBefore(link: HTMLElement | null): string {
  const block = link?.closest(CLAIM_BLOCK);
  if (!link || !block) return "";
  const range = document.createRange();
  range.setStart(block, 0);
  range.setEndBefore(link.closest("sup") ?? link);
  return range.toString();
}

/**
 * A superscript's quote, source title and pages (decision 027): a dialog, so Escape closes it and
 * focus goes back to the superscript. Full width on phones, a right-hand panel above. The
 * quote's sentence that supports the lesson's claim (the one sharing most of its words) is
 * highlighted. Loaded when a lesson's first superscript is activated.
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
  // Recomputed per citation opened; the superscript that opened it is the claim's end.
  const support = useMemo(
    () => (citation ? supportingSentence(citation.quote, textBefore(returnFocus())) : null),
    [citation, returnFocus],
  );
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
              {support ? (
                <>
                  {citation.quote.slice(0, support.start)}
                  <mark
                    data-testid="citation-support"
                    className="rounded-sm bg-amber-200 px-0.5 text-foreground not-italic dark:bg-amber-400/30"
                  >
                    {citation.quote.slice(support.start, support.end)}
                  </mark>
                  {citation.quote.slice(support.end)}
                </>
              ) : (
                citation.quote
              )}
            </blockquote>
            {support ? <p className="text-xs text-muted-foreground">{t("citationSupport")}</p> : null}
          </>
        ) : null}
      </SheetContent>
    </Sheet>
  );
}
