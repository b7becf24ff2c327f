import type { Page } from "./extract";

/**
 * Cuts pages into the chunks search ranks and generation will cite: paragraphs gathered up to
 * about TARGET characters, never across a change of heading nor a page break, so a citation
 * names the one page its words are on. A paragraph longer than MAX is cut at sentence ends,
 * else at spaces.
 */
export type Chunk = { ord: number; pageFrom: number; pageTo: number; headingPath: string[]; text: string };

const TARGET = 900;
const MAX = 1500;

function pieces(text: string): string[] {
  if (text.length <= MAX) return [text];
  const out: string[] = [];
  let rest = text;
  while (rest.length > MAX) {
    const window = rest.slice(0, MAX);
    // A sentence end (Latin, CJK, Arabic) past the middle, else a space, else a hard cut (CJK has none).
    let cut = Math.max(
      ...[". ", "? ", "! ", "。", "？", "！", "؟ ", "۔ "].map((m) => window.lastIndexOf(m) + m.trimEnd().length),
    );
    if (cut < MAX / 2) cut = window.lastIndexOf(" ");
    if (cut < MAX / 2) cut = MAX;
    out.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) out.push(rest);
  return out;
}

const samePath = (a: string[], b: string[]) => a.length === b.length && a.every((h, i) => h === b[i]);

export function chunkPages(pages: Page[]): Chunk[] {
  const chunks: Chunk[] = [];
  let open: Chunk | null = null;
  const close = () => {
    if (open && open.text) chunks.push(open);
    open = null;
  };
  for (const page of pages) {
    close();
    for (const block of page.blocks) {
      for (const piece of pieces(block.text)) {
        const current = open as Chunk | null;
        if (current && (!samePath(current.headingPath, block.headings) || current.text.length + piece.length > TARGET))
          close();
        if (!open)
          open = {
            ord: chunks.length,
            pageFrom: page.page,
            pageTo: page.page,
            headingPath: block.headings,
            text: piece,
          };
        else {
          const o = open as Chunk;
          o.text += `\n\n${piece}`;
          o.pageTo = page.page;
        }
      }
    }
  }
  close();
  return chunks.map((c, i) => ({ ...c, ord: i }));
}
