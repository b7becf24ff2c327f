import { repairPartialMarkdown } from "./partial";
import { renderMarkdown } from "./render";

/** Safe HTML for Markdown still arriving: unfinished syntax held back, open code closed. */
export function renderPartialMarkdown(markdown: string): string {
  return renderMarkdown(repairPartialMarkdown(markdown));
}
