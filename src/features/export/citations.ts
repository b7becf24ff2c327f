import { citationPages, type ShownCitation } from "@/lib/citations";

/**
 * A grounded lesson's quotes in a Markdown file: footnote definitions for the `[^n]` the text
 * keeps (html-to-markdown.ts writes them back from the superscripts), one line each:
 * `[^2]: "quote" — Title, p. 3`. Empty for a lesson without citations.
 */
export function markdownFootnotes(citations: readonly ShownCitation[]): string {
  return citations
    .map((c) => {
      const quote = c.quote
        .replace(/\s+/g, " ")
        .trim()
        .replace(/([\\`*_[\]$<])/g, "\\$1");
      const title = c.sourceTitle
        .replace(/\s+/g, " ")
        .trim()
        .replace(/([\\`*_[\]$<])/g, "\\$1");
      return `[^${c.n}]: "${quote}" — ${title}, ${citationPages(c)}`;
    })
    .join("\n");
}

/** The same quotes as HTML after a lesson page of its own (SCORM): `id="cite-n"` for the text's links. */
export function citationsHtml(
  citations: readonly ShownCitation[],
  labels: { sources: string },
  esc: (text: string) => string,
): string {
  if (citations.length === 0) return "";
  const items = citations.map(
    (c) =>
      `<li id="cite-${c.n}" value="${c.n}"><blockquote>${esc(c.quote)}</blockquote><p>${esc(c.sourceTitle)}, ${esc(citationPages(c))}</p></li>`,
  );
  return `<section class="sources"><h3>${esc(labels.sources)}</h3><ol>${items.join("")}</ol></section>`;
}
