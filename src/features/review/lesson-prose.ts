import "server-only";
import sanitizeHtml from "sanitize-html";
import { stripHtml } from "@/server/html/sanitize";

/** Elements whose end ends a run of text: a space goes after each, so two paragraphs never run together. */
const BLOCK_END = /<\/(?:p|li|div|blockquote|pre|td|th|tr|h[1-6]|figcaption)>|<br\s*\/?>/gi;
const HEADING = /^h[1-6]$/;

/**
 * A stored lesson's text as the prose key points are drawn from: headings and citation
 * superscripts (decision 027's `<sup class="citation">`) left out, since neither is a sentence of
 * the lesson and a stripped superscript glues its number to the word before it ("sugar.2"), which
 * the model then copies onto a card. The lesson was sanitized when stored; this is a parse, not a
 * pattern, so it stays linear in the text. Only the elements to drop are kept by the first pass
 * (sanitize-html filters only elements it keeps); the second strips what is left.
 */
export function lessonProse(html: string): string {
  const spaced = html.replace(BLOCK_END, (tag) => `${tag} `);
  const filtered = sanitizeHtml(spaced, {
    allowedTags: ["h1", "h2", "h3", "h4", "h5", "h6", "sup"],
    allowedAttributes: { sup: ["class"] },
    exclusiveFilter: (frame) =>
      HEADING.test(frame.tag) || (frame.tag === "sup" && /\bcitation\b/.test(frame.attribs.class ?? "")),
  });
  return stripHtml(filtered).replace(/\s+/g, " ").trim();
}
