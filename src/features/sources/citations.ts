import type { LessonCitation } from "@/server/db/schema";
import { cjkPairs } from "./grams";

/**
 * Citations in text the model wrote from numbered excerpts, checked rather than trusted
 * (issue 22 item 5). The model cites with bracketed numbers after the claim — `[2]`, `[1][3]` or
 * `[1, 3]` — as the excerpt block asks (excerpts.ts). What is kept:
 *
 * - a number that names an excerpt it was given (anything else is removed: `[9]` of eight);
 * - only when the excerpt shares at least one content word with the sentence that cites it (a
 *   citation tacked onto an unrelated sentence is removed too).
 *
 * Kept citations are written back in one form, `[^n]` each (`[^1][^3]`), where n is the
 * excerpt's number: Markdown's footnote reference, which the renderer's citation extension
 * (src/lib/markdown/citations.ts) draws as a superscript and the Markdown export completes with
 * `[^n]: quote` definitions. A model's plain `[1]` never reaches a reader unchecked. Code (fenced and inline) and formulas are left alone: `a[1]`
 * there is an index, not a citation.
 *
 * Pure functions, no server imports (the stored shape is a type only): the fake model and the eval
 * use them too.
 */

/**
 * What a citation points to, as stored beside the text and shown in the side panel: the excerpt's
 * number as the text cites it, its source and pages, and the quote (never the file). One type
 * with what lessons store (src/server/db/schema/learning.ts).
 */
export type Citation = LessonCitation;

/** What checking a text's citations found. */
export type CheckedCitations = {
  /** The text with only the kept citations, each as `[^n]`. */
  text: string;
  /** The citations the text still uses, in order of their numbers. */
  citations: Citation[];
  /** Citations removed: an unknown number, or an excerpt with no content word of its sentence. */
  dropped: number;
  /** Prose paragraphs (not headings, code, formulas, lists of one word…) and how many cite. */
  paragraphs: number;
  citedParagraphs: number;
};

/**
 * `[1]`, `[1, 3]`, `[^1]`: one bracket group of numbers (a run of groups is matched per group). A
 * Markdown link's text (`[1](…)`) or reference (`[1]: …`) is not a citation. The spaces before
 * it go with it: a kept citation sits right after its word, a dropped one leaves no gap. A match
 * starts only where a run of spaces starts, so a long run is scanned once, not once per space.
 */
const CITE_GROUP = /(?<![ \t])[ \t]*\[\^?(\d{1,3}(?:\s*[,;]\s*\^?\d{1,3})*)\](?![(:])/g;

/**
 * Words too common to show that a sentence and an excerpt speak of the same thing, in the UI's
 * and the most used course languages. Words under four letters are never content words anyway.
 */
const STOP_WORDS = new Set(
  (
    "this that these those with from into have been were will would could should their there them they what when where which while about " +
    "also only more most some such than then very other each many much over under after before because between through during " +
    "para como mais pelo pela pelos pelas esta este isso isto esse essa eles elas sobre entre quando onde qual quais muito muitos " +
    "tambem porque ainda assim depois antes cada outro outra outros outras pode podem sera seus suas nossa nosso " +
    "estos estas esos esas ellos ellas sobre entre cuando donde cual cuales mucho muchos tambien porque todavia despues " +
    "dans pour avec sont mais elle elles ils leur leurs cette ces comme plus tout tous toute toutes " +
    "eine einer eines einem einen sind wird werden nicht auch oder aber wenn dass dies diese dieser ueber unter"
  ).split(/\s+/),
);

const fold = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();

/**
 * The words that carry meaning: letters-and-digits runs of four or more (folded, stop words out),
 * numbers of two digits or more (years, quantities), and the character pairs of CJK runs.
 */
export function contentWords(text: string): Set<string> {
  const folded = fold(text);
  const words = new Set<string>();
  for (const word of folded.match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (/^\p{N}+$/u.test(word) ? word.length >= 2 : word.length >= 4 && !STOP_WORDS.has(word)) words.add(word);
  }
  for (const pair of cjkPairs(folded)) words.add(pair);
  return words;
}

/** Whether a sentence and an excerpt share a content word (whole words, or a word's first five letters). */
export function sharesContent(sentence: string, excerpt: string): boolean {
  const a = contentWords(sentence);
  // Inflections count: "photosynthesis" and "photosynthetic", "fotossíntese" and "fotossintético".
  return a.size > 0 && sharedCount(a, contentWords(excerpt)) > 0;
}

/** How many content words two sets share (whole words, or a long word's first five letters). */
function sharedCount(a: Set<string>, b: Set<string>): number {
  const stems = new Set([...b].filter((w) => w.length >= 6).map((w) => w.slice(0, 5)));
  let shared = 0;
  for (const word of a) if (b.has(word) || (word.length >= 6 && stems.has(word.slice(0, 5)))) shared++;
  return shared;
}

const foldedLine = (line: string) =>
  fold(line)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/**
 * Whether an excerpt is a title and nothing more: a cover page, a slide with its title alone, a
 * page's running head. It names a subject and supports no claim, so it is neither offered to the
 * model nor kept as a citation. What is left once the lines repeating its headings or its
 * source's title are set aside holds fewer than four content words.
 */
export function isTitleOnly(excerpt: {
  quote: string;
  sourceTitle?: string;
  headingPath?: readonly string[];
}): boolean {
  const titles = new Set([excerpt.sourceTitle ?? "", ...(excerpt.headingPath ?? [])].map(foldedLine).filter(Boolean));
  const rest = excerpt.quote
    .split(/\n+/)
    .filter((line) => !titles.has(foldedLine(line)))
    .join("\n");
  return contentWords(rest).size < 4;
}

/** Spans the checker must not touch: fenced code, inline code, formulas. */
const PROTECTED = /```[\s\S]*?(?:```|$)|~~~[\s\S]*?(?:~~~|$)|`[^`\n]*`|\$\$[\s\S]*?\$\$|\$[^$\n]+\$/g;

const SENTENCE_END = /[.!?\u3002\uff01\uff1f\u061f\u06d4]/;

/**
 * Characters before a citation its claim is looked for in. A sentence is far shorter; the bound
 * keeps the check linear in the text however many citations it holds (each one looks back this
 * far at most, not to the start of the text).
 */
const CLAIM_WINDOW = 2000;

/**
 * The claim a citation at `index` stands for: the sentence before it, back to the previous
 * sentence's end or paragraph. A citation right after a full stop ("… air. [2]") belongs to the
 * sentence it follows.
 */
function claimBefore(text: string, index: number): string {
  const head = text
    .slice(Math.max(0, index - CLAIM_WINDOW), index)
    .trimEnd()
    .replace(new RegExp(`${SENTENCE_END.source}$`), "");
  let start = 0;
  // Latin, Arabic and Urdu stops end a sentence before a space; CJK stops end one at once.
  for (const match of head.matchAll(/[.!?\u061f\u06d4](?:\s|$)|[\u3002\uff01\uff1f]|\n\s*\n/g))
    start = match.index + match[0].length;
  return head.slice(start);
}

/**
 * Keeps the citations of `text` that name one of `excerpts` (numbered from 1 in the order given)
 * and share a content word with their sentence; see the module comment.
 */
export function checkCitations(text: string, excerpts: readonly Omit<Citation, "n">[]): CheckedCitations {
  const used = new Set<number>();
  let dropped = 0;
  const guarded: string[] = [];
  // Protected spans are swapped for placeholders so no citation is seen inside them.
  const masked = text.replace(PROTECTED, (span) => `\u0000${guarded.push(span) - 1}\u0000`);
  const checked = masked.replace(CITE_GROUP, (group, numbers: string, offset: number) => {
    const sentence = claimBefore(masked, offset).replace(CITE_GROUP, " ");
    const kept = [...new Set(numbers.split(/\s*[,;]\s*\^?/).map(Number))].filter((n) => {
      const excerpt = excerpts[n - 1];
      const ok = excerpt !== undefined && !isTitleOnly(excerpt) && sharesContent(sentence, excerpt.quote);
      if (!ok) dropped++;
      return ok;
    });
    kept.forEach((n) => used.add(n));
    return kept.map((n) => `[^${n}]`).join("");
  });
  const cleaned = checked.replace(/\u0000(\d+)\u0000/g, (_, i: string) => guarded[Number(i)]);
  const citations = [...used].sort((a, b) => a - b).map((n) => ({ n, ...excerpts[n - 1] }));
  const { paragraphs, citedParagraphs } = paragraphCoverage(cleaned);
  return { text: cleaned, citations, dropped, paragraphs, citedParagraphs };
}

/**
 * Prose paragraphs and how many hold a citation: blocks separated by a blank line that are not
 * headings, code, formulas, tables, pictures or short lines (a label, a one-line list item).
 */
export function paragraphCoverage(text: string): { paragraphs: number; citedParagraphs: number } {
  const blocks = text
    .replace(PROTECTED, "")
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter((b) => b && !/^(#{1,6}\s|\||!\[|>\s*$|[-*_]{3,}$)/.test(b) && contentWords(b).size >= 4);
  return { paragraphs: blocks.length, citedParagraphs: blocks.filter((b) => /\[\^\d{1,3}\]/.test(b)).length };
}

/** Where one sentence of a quote starts and ends (`quote.slice(start, end)`). */
export type SentenceSpan = { start: number; end: number };

/** A quote's sentences: cut after a sentence's end (Latin, Arabic, CJK) or at a line break. */
function sentenceSpans(quote: string): SentenceSpan[] {
  const spans: SentenceSpan[] = [];
  const push = (from: number, to: number) => {
    const text = quote.slice(from, to);
    const start = from + (text.length - text.trimStart().length);
    const end = to - (text.length - text.trimEnd().length);
    if (end > start) spans.push({ start, end });
  };
  let from = 0;
  for (const match of quote.matchAll(/[.!?\u061f\u06d4]+(?=\s|$)|[\u3002\uff01\uff1f]|\n/g)) {
    const to = match.index + match[0].length;
    push(from, to);
    from = to;
  }
  push(from, quote.length);
  return spans;
}

/**
 * The sentence of a quote that supports the claim citing it, for the side panel to highlight:
 * of the quote's sentences, the one sharing the most content words with the claim (the sentence
 * of `textBefore` that ends where the superscript stands), the first on a tie; null when none
 * shares a word or the quote is one sentence (nothing to single out).
 */
export function supportingSentence(quote: string, textBefore: string): SentenceSpan | null {
  const claim = contentWords(claimBefore(textBefore, textBefore.length));
  if (claim.size === 0) return null;
  const spans = sentenceSpans(quote);
  if (spans.length < 2) return null;
  let best: SentenceSpan | null = null;
  let bestShared = 0;
  for (const span of spans) {
    const shared = sharedCount(claim, contentWords(quote.slice(span.start, span.end)));
    if (shared > bestShared) {
      best = span;
      bestShared = shared;
    }
  }
  return best;
}
