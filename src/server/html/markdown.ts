import "server-only";
import { renderInlineMarkdown, renderMarkdown } from "@/lib/markdown/render";
import type { MathRenderer } from "@/lib/markdown/math";
import { HtmlTooComplexError } from "./bounds";
import { katexHtml } from "./math";
import { sanitizeHtml } from "./sanitize";

/**
 * The model writes Markdown; we store sanitized HTML. The shared renderer is safe by itself and
 * written in the sanitizer's own form (so the browser's render of a streamed lesson equals what
 * is stored, formulas aside: the browser shows their TeX until the stored lesson replaces it);
 * the sanitizer stays as the one policy every stored HTML passes. Formulas are KaTeX's HTML and
 * MathML, which the sanitizer allows exactly (sanitize.ts). KaTeX is verbose (≈ 100 nodes a
 * formula): a text whose formulas would pass the bounds of decision 006 keeps them as TeX
 * rather than being refused.
 */
export function markdownToSafeHtml(markdown: string): string {
  return withFormulasIfBounded((math) => renderMarkdown(markdown, math));
}

/** The same for one line (a quiz question, an option, an explanation): no paragraph around it. */
export function inlineMarkdownToSafeHtml(text: string): string {
  return withFormulasIfBounded((math) => renderInlineMarkdown(text, math));
}

function withFormulasIfBounded(render: (math?: MathRenderer) => string): string {
  try {
    return sanitizeHtml(render(katexHtml)).trim();
  } catch (error) {
    if (!HtmlTooComplexError.is(error)) throw error;
    return sanitizeHtml(render()).trim();
  }
}
