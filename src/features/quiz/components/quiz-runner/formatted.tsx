/**
 * A question, an option or an explanation as the server formatted it (formulas as KaTeX's HTML,
 * sanitized: src/features/quiz/service.ts), or its text when the server sent none.
 */
export function Formatted({ text, html, dir }: { text: string; html?: string; dir?: "auto" }) {
  if (html === undefined) return <span dir={dir}>{text}</span>;
  return <span dir={dir} dangerouslySetInnerHTML={{ __html: html }} />;
}
