"use client";

import { useTranslations } from "next-intl";
import * as React from "react";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";
import type { CourseTextAttributes } from "@/lib/course-languages";
import type { CitationView } from "../lesson-queries";

/**
 * A grounded lesson's citations (decision 027). The stored text links each superscript to
 * `#cite-n`; the "Sources" list below the lesson holds those ids, so the links work without
 * JavaScript, in print and offline. With JavaScript, activating a superscript opens the side
 * panel with its quote instead (a dialog: Escape closes it and focus goes back to the link).
 */

/** "p. 3" or "pp. 3–4" (the same in pt and en). */
export function citationPages(citation: Pick<CitationView, "pageFrom" | "pageTo">): string {
  return citation.pageFrom === citation.pageTo
    ? `p. ${citation.pageFrom}`
    : `pp. ${citation.pageFrom}–${citation.pageTo}`;
}

/** The citations the text still links to (a text changed since keeps no stale quote). */
export function citedIn(theory: string, citations: readonly CitationView[]): CitationView[] {
  const linked = new Set([...theory.matchAll(/href="#cite-(\d{1,3})"/g)].map((m) => Number(m[1])));
  return citations.filter((c) => linked.has(c.n));
}

/** The citation a click in the lesson's text activated, if it was a superscript link. */
export function citationOfClick(event: React.MouseEvent, citations: readonly CitationView[]): CitationView | null {
  const link = (event.target as Element | null)?.closest?.('a[href^="#cite-"]');
  if (!link) return null;
  const n = Number(link.getAttribute("href")?.slice("#cite-".length));
  return citations.find((c) => c.n === n) ?? null;
}

/** Below the lesson: every quote it cites, `id="cite-n"`, in the course's language for the quote. */
export function LessonSources({ citations, text }: { citations: CitationView[]; text: CourseTextAttributes }) {
  const t = useTranslations("viewer");
  const headingId = React.useId();
  if (citations.length === 0) return null;
  return (
    <section aria-labelledby={headingId} data-testid="lesson-sources" className="space-y-3 border-t pt-4">
      <h2 id={headingId} className="text-lg font-semibold">
        {t("sources")}
      </h2>
      <ol className="space-y-3 text-sm">
        {citations.map((c) => (
          <li key={c.n} id={`cite-${c.n}`} className="flex scroll-mt-20 gap-2">
            <span className="font-semibold tabular-nums" aria-hidden>
              {c.n}.
            </span>
            <div className="min-w-0 space-y-1">
              <span className="sr-only">{t("citationTitle", { n: c.n })}: </span>
              <blockquote {...text} className="border-s-2 ps-3 break-words whitespace-pre-line italic">
                {c.quote}
              </blockquote>
              <p className="text-muted-foreground">
                {c.sourceTitle}, {citationPages(c)}
              </p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The side panel of one citation: full width on phones, a right-hand panel above. */
export function CitationPanel({
  citation,
  onClose,
  text,
}: {
  citation: CitationView | null;
  onClose: () => void;
  text: CourseTextAttributes;
}) {
  const t = useTranslations("viewer");
  return (
    <Sheet open={citation !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <SheetContent
        side="right"
        closeLabel={t("closeLabel")}
        data-testid="citation-panel"
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
