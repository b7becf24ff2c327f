import type { TokenizerAndRendererExtension, Tokens } from "marked";
import { escapeText } from "./escape";

/**
 * TeX in Markdown: `$…$` inline, `$$…$$` displayed (on its own lines or inside a paragraph).
 *
 * The delimiters are found here, on both sides, so the TeX inside is never read as Markdown
 * (`a_1 * b_2` is no emphasis). What a formula becomes is the caller's `MathRenderer`: the server
 * passes KaTeX (src/server/html/math.ts) when a lesson is stored or a chat answer is done; the
 * browser passes none and shows the TeX source while the text streams, so KaTeX (≈ 270 kB) is
 * never shipped to it (docs/decisions/021-math-and-code.md).
 *
 * A dollar amount is not math (Pandoc's rule): the opening `$` is not followed by a space, the
 * closing one is not preceded by a space nor followed by a digit, so `$5 and $10` stays text.
 */

/** Safe HTML for one formula; `display` for `$$…$$`. */
export type MathRenderer = (tex: string, display: boolean) => string;

type MathToken = Tokens.Generic & { tex: string; display: boolean };

/** Formulas longer than this stay text: nobody writes one, and it bounds the renderer's work. */
const MAX_TEX_LENGTH = 2000;

const BLOCK = /^ {0,3}\$\$([\s\S]+?)\$\$[ \t]*(?:\n+|$)/;
const INLINE_DISPLAY = /^\$\$((?:\\[\s\S]|[^\\$])+?)\$\$/;
const INLINE = /^\$(?![\s$])((?:\\[\s\S]|[^\\$\n])+?)(?<![\s\\])\$(?!\d)/;

/** The TeX source as text, as the browser shows it while streaming. */
const texSource: MathRenderer = (tex, display) => escapeText(display ? `$$${tex}$$` : `$${tex}$`);

export function mathExtensions(render: MathRenderer = texSource): TokenizerAndRendererExtension[] {
  const html = (token: MathToken) =>
    token.tex.length > MAX_TEX_LENGTH ? texSource(token.tex, token.display) : render(token.tex, token.display);
  return [
    {
      name: "mathBlock",
      level: "block",
      start: (src) => src.match(/^ {0,3}\$\$/m)?.index,
      tokenizer(src) {
        const match = BLOCK.exec(src);
        if (!match || !match[1].trim()) return undefined;
        return { type: "mathBlock", raw: match[0], tex: match[1].trim(), display: true } satisfies MathToken;
      },
      renderer: (token) => `<div>${html(token as MathToken)}</div>\n`,
    },
    {
      name: "math",
      level: "inline",
      start: (src) => (src.indexOf("$") >= 0 ? src.indexOf("$") : undefined),
      tokenizer(src) {
        const display = INLINE_DISPLAY.exec(src);
        if (display && display[1].trim())
          return { type: "math", raw: display[0], tex: display[1].trim(), display: true } satisfies MathToken;
        const inline = INLINE.exec(src);
        if (!inline) return undefined;
        return { type: "math", raw: inline[0], tex: inline[1], display: false } satisfies MathToken;
      },
      renderer: (token) => html(token as MathToken),
    },
  ];
}
