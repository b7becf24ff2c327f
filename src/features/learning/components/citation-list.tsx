import type { CourseTextAttributes } from "@/lib/course-languages";
import { citationPages, type ShownCitation } from "@/lib/citations";

/**
 * The quotes a grounded lesson cites, one entry per `id="cite-n"` (decision 027), below the
 * text: the viewer, the print view and the shared page draw the same list. No hooks, so server
 * pages use it too; the words come from the caller. `prefix` keeps ids unique when one document
 * holds many lessons (withCitationPrefix rewrites the text's links to match).
 */
export function CitationList({
  citations,
  text,
  heading,
  headingId,
  itemLabel,
  prefix,
  level = 2,
}: {
  citations: readonly ShownCitation[];
  /** The course's `lang` and `dir`, for the quotes (the titles and pages are the UI's). */
  text: CourseTextAttributes;
  heading: string;
  headingId: string;
  /** "Source 2", read before the quote by a screen reader. */
  itemLabel: (n: number) => string;
  prefix?: string;
  /** Below the page's headings: h2 in the viewer, h4 under a printed lesson's h3. */
  level?: 2 | 3 | 4;
}) {
  if (citations.length === 0) return null;
  const Heading = `h${level}` as const;
  return (
    <section
      aria-labelledby={headingId}
      data-testid="lesson-sources"
      className="lesson-sources space-y-3 border-t pt-4"
    >
      <Heading id={headingId} className="text-lg font-semibold">
        {heading}
      </Heading>
      <ol className="list-none space-y-3 ps-0 text-sm">
        {citations.map((c) => (
          <li key={c.n} id={prefix ? `cite-${prefix}-${c.n}` : `cite-${c.n}`} className="flex scroll-mt-20 gap-2">
            <span className="font-semibold tabular-nums" aria-hidden>
              {c.n}.
            </span>
            <div className="min-w-0 space-y-1">
              <span className="sr-only">{itemLabel(c.n)}: </span>
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
