"use client";

import { useTranslations } from "next-intl";
import * as React from "react";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";
import type { CourseTextAttributes } from "@/lib/course-languages";
import { citationPages } from "@/lib/markdown/citations";
import type { CitationView } from "../lesson-queries";
import { CitationList } from "./citation-list";

/**
 * A grounded lesson's citations (decision 027). The stored text links each superscript to
 * `#cite-n`; the "Sources" list below the lesson holds those ids, so the links work without
 * JavaScript, in print and offline. With JavaScript, activating a superscript opens the side
 * panel with its quote instead (a dialog: Escape closes it and focus goes back to the link).
 */

/** The superscript link a click in the lesson's text activated, with its citation. */
export function citationOfClick(
  event: React.MouseEvent,
  citations: readonly CitationView[],
): { citation: CitationView; link: HTMLElement } | null {
  const link = (event.target as Element | null)?.closest?.<HTMLElement>('a[href^="#cite-"]');
  if (!link) return null;
  const n = Number(link.getAttribute("href")?.slice("#cite-".length));
  const citation = citations.find((c) => c.n === n);
  return citation ? { citation, link } : null;
}

/** Below the lesson: every quote it cites, `id="cite-n"`, the quotes in the course's language. */
export function LessonSources({ citations, text }: { citations: CitationView[]; text: CourseTextAttributes }) {
  const t = useTranslations("viewer");
  const headingId = React.useId();
  return (
    <CitationList
      citations={citations}
      text={text}
      heading={t("sources")}
      headingId={headingId}
      itemLabel={(n) => t("citationTitle", { n })}
    />
  );
}

/** The side panel of one citation: full width on phones, a right-hand panel above. */
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
