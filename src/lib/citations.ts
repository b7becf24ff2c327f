/**
 * A grounded lesson's citations as readers see them (decision 027), apart from the Markdown
 * renderer (src/lib/markdown/citations.ts) so the viewer's first load carries only these.
 */

/** A citation as pages, files and the side panel show it (no source id: readers need none). */
export type ShownCitation = { n: number; sourceTitle: string; pageFrom: number; pageTo: number; quote: string };

/** "p. 3" or "pp. 3–4" (the same in pt and en). */
export function citationPages(citation: Pick<ShownCitation, "pageFrom" | "pageTo">): string {
  return citation.pageFrom === citation.pageTo
    ? `p. ${citation.pageFrom}`
    : `pp. ${citation.pageFrom}–${citation.pageTo}`;
}

/**
 * The citations a stored text still links to (`href="#cite-n"`), in order: a text changed since
 * (the contract's update) keeps no stale quote, and nothing more than the text uses is shown.
 */
export function citedIn<C extends Pick<ShownCitation, "n">>(
  html: string,
  citations: readonly C[] | null | undefined,
): C[] {
  const linked = new Set([...html.matchAll(/href="#cite-(\d{1,3})"/g)].map((m) => Number(m[1])));
  return (citations ?? []).filter((c) => linked.has(c.n)).sort((a, b) => a.n - b.n);
}

/**
 * One lesson's text inside a document of many (the print view, the offline copy, the shared
 * page): its links go to `#cite-<prefix>-n`, so two lessons citing their own excerpt 1 do not
 * meet. The list of quotes uses `citationId(prefix, n)`.
 */
export function withCitationPrefix(html: string, prefix: string): string {
  return html.replace(/href="#cite-(\d{1,3})"/g, (_, n: string) => `href="#${citationId(prefix, Number(n))}"`);
}

const citationId = (prefix: string, n: number) => `cite-${prefix}-${n}`;
