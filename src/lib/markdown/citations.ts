import type { TokenizerAndRendererExtension, Tokens } from "marked";

/**
 * Citations in stored Markdown: `[^n]` (Markdown's footnote reference), written only by the
 * citation check of grounded text (src/features/sources/citations.ts). Drawn as a superscript
 * link to `#cite-n`; the page that shows the text puts the quotes (`id="cite-n"`) beside it, and
 * the viewer's side panel opens on a click. A reader without the panel (PDF, offline copy) still
 * finds the quote by the link.
 */

type CitationToken = Tokens.Generic & { n: number };

const CITATION = /^\[\^(\d{1,3})\]/;

export function citationExtension(): TokenizerAndRendererExtension {
  return {
    name: "citation",
    level: "inline",
    start: (src) => {
      const at = src.indexOf("[^");
      return at >= 0 ? at : undefined;
    },
    tokenizer(src) {
      const match = CITATION.exec(src);
      if (!match) return undefined;
      return { type: "citation", raw: match[0], n: Number(match[1]) } satisfies CitationToken;
    },
    renderer: (token) => {
      const n = (token as CitationToken).n;
      return `<sup class="citation"><a href="#cite-${n}">${n}</a></sup>`;
    },
  };
}

/**
 * While a grounded lesson streams, the model's own `[2]` (or `[1, 3]`) after a word is drawn as
 * the superscript the checked text will have (`[^2]`), so the text does not change look when the
 * stored version replaces it. Only after a space or punctuation and outside code fences: `a[1]`
 * is an index. The check happens on the server when the lesson is stored (citations.ts there).
 */
export function streamedCitations(markdown: string): string {
  return markdown
    .split(/(^(?:```|~~~)[^\n]*\n[\s\S]*?(?:^(?:```|~~~)[^\n]*$|$(?![\s\S])))/m)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part.replace(
            /(^|[\s.,;:!?)])\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\](?![(:[])/g,
            (_, before: string, numbers: string) =>
              `${before}${numbers
                .split(/\s*,\s*/)
                .map((n) => `[^${n}]`)
                .join("")}`,
          ),
    )
    .join("");
}
