import "server-only";
import { renderMarkdown } from "@/lib/markdown/render";
import { sanitizeHtml } from "./sanitize";

/**
 * The model writes Markdown; we store sanitized HTML. The shared renderer is safe by itself and
 * written in the sanitizer's own form (so the browser's render of a streamed lesson equals what
 * is stored); the sanitizer stays as the one policy every stored HTML passes.
 */
export function markdownToSafeHtml(markdown: string): string {
  return sanitizeHtml(renderMarkdown(markdown)).trim();
}
