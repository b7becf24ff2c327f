import "server-only";
import { Marked } from "marked";
import { sanitizeHtml } from "./sanitize";

const marked = new Marked({ gfm: true, breaks: false, async: false });

/** The model writes Markdown; we store sanitized HTML. Raw HTML inside the Markdown is sanitized too. */
export function markdownToSafeHtml(markdown: string): string {
  const html = marked.parse(stripCodeFence(markdown)) as string;
  return sanitizeHtml(html).trim();
}

/** Some models wrap a whole answer in one ```markdown fence; unwrap it so it is not shown as code. */
function stripCodeFence(text: string): string {
  const match = text.trim().match(/^```(?:markdown|md)?\s*\n([\s\S]*?)\n```$/i);
  return match ? match[1] : text;
}
