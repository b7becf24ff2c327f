import { streamedCitations } from "./citations";
import { repairPartialMarkdown } from "./partial";
import { renderMarkdown } from "./render";

/** Safe HTML for Markdown still arriving: unfinished syntax held back, open code closed. */
export function renderPartialMarkdown(markdown: string): string {
  return renderMarkdown(repairPartialMarkdown(markdown));
}

/**
 * The same for a lesson as it streams: a grounded lesson's `[n]` drawn as the superscript the
 * checked text will have (citations.ts). Loaded with the renderer, after the first paint.
 */
export function renderStreamedLesson(markdown: string): string {
  return renderPartialMarkdown(streamedCitations(markdown));
}
