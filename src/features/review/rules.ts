/**
 * The review feature's rules without I/O: how a missed quiz question becomes a card, which of
 * the model's key-point cards are kept, what the day's caps let through and in what order, and
 * the CSV Anki imports.
 */
import { createHash } from "node:crypto";
import { csvField } from "@/lib/csv";

/** The longest back a key-point card may have, in words ("about 25"). */
const MAX_BACK_WORDS = 25;
export const MAX_KEY_POINTS = 6;
/** pg_trgm similarity from which two fronts in one course count as the same card. */
export const DUPLICATE_SIMILARITY = 0.6;
/** Bounds on what a learner types into a card. */
export const MAX_FRONT_CHARS = 1000;
export const MAX_BACK_CHARS = 2000;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", "#39": "'" };

/** Entities back to characters (stripped HTML keeps them), whitespace collapsed. */
export function plainText(text: string): string {
  return text
    .replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_, name: string) => ENTITIES[name] ?? "")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * A citation marker: the stored footnote reference `[^2]`, or several (`[^1][^3]`), as lessons keep
 * them (decision 027). A plain `[2]` stays: in a programming course it is an index (`a[2]`), and a
 * model's raw markers never reach a stored text unchecked.
 */
const CITATION_MARKER = /\[\^\d{1,3}\]/g;

/**
 * A card's text as the learner reads it: plain, without citation markers (the card has no
 * sources list for them to point to) and without the review lesson's "↻" mark.
 */
export function cardText(text: string): string {
  return plainText(text.replace(CITATION_MARKER, "").replace(/\u21bb\s*/g, ""));
}

/** For comparisons: lower case, accents kept, punctuation and spacing folded. */
export function comparable(text: string): string {
  return plainText(text)
    .toLowerCase()
    .replace(/[\p{P}\p{S}]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

function wordCount(text: string): number {
  const plain = plainText(text);
  return plain === "" ? 0 : plain.split(" ").length;
}

/**
 * A quiz-miss card's stable key: the question's text, folded, hashed per course (the unique
 * index is on course and key), so the same question missed in a later attempt, whatever its
 * option order, finds the same card.
 */
export function quizQuestionKey(question: string): string {
  return `quiz:${createHash("sha256").update(comparable(question)).digest("hex").slice(0, 32)}`;
}

/** Front: the question without its options; back: the right answer and its explanation. */
export function quizMissCard(question: { question: string; options: string[]; answer: string; explanation: string }): {
  front: string;
  back: string;
  sourceKey: string;
} {
  const right = question.options[question.answer.trim().toLowerCase().charCodeAt(0) - 97] ?? "";
  const explanation = cardText(question.explanation);
  const back = [cardText(right), explanation].filter((part) => part !== "").join(" — ");
  return { front: cardText(question.question), back, sourceKey: quizQuestionKey(question.question) };
}

export type KeyPoint = { front: string; back: string; sentence: string };
export type DropReason = "sentence-not-in-lesson" | "back-too-long" | "front-gives-answer" | "empty" | "repeated";

/**
 * Whether the front gives the answer away: the back's words (those of 3 letters or more) are
 * nearly all in the front already, so the card asks nothing.
 */
export function frontGivesAnswer(front: string, back: string): boolean {
  const f = comparable(front);
  const b = comparable(back);
  if (b === "") return true;
  if (f.includes(b)) return true;
  const frontWords = new Set(f.split(" "));
  const backWords = b.split(" ").filter((w) => [...w].length >= 3);
  if (backWords.length === 0) return false;
  const shown = backWords.filter((w) => frontWords.has(w)).length;
  return shown / backWords.length >= 0.8;
}

/**
 * Keeps the model's key points that pass the rules: the sentence must be in the lesson (the
 * lesson's plain text), the back at most MAX_BACK_WORDS words, the front must not give the
 * answer away, and no two with the same front. Returns what is kept and why the rest went.
 */
export function keepKeyPoints(
  points: KeyPoint[],
  lessonText: string,
): { kept: KeyPoint[]; dropped: { point: KeyPoint; reason: DropReason }[] } {
  const lesson = comparable(lessonText);
  const kept: KeyPoint[] = [];
  const dropped: { point: KeyPoint; reason: DropReason }[] = [];
  const fronts = new Set<string>();
  for (const raw of points) {
    const point = { front: cardText(raw.front), back: cardText(raw.back), sentence: plainText(raw.sentence) };
    const sentence = comparable(point.sentence);
    let reason: DropReason | undefined;
    if (point.front === "" || point.back === "" || sentence === "") reason = "empty";
    else if (!lesson.includes(sentence)) reason = "sentence-not-in-lesson";
    else if (wordCount(point.back) > MAX_BACK_WORDS) reason = "back-too-long";
    else if (frontGivesAnswer(point.front, point.back)) reason = "front-gives-answer";
    else if (fronts.has(comparable(point.front))) reason = "repeated";
    if (reason) dropped.push({ point, reason });
    else {
      fronts.add(comparable(point.front));
      kept.push(point);
    }
  }
  return { kept, dropped };
}

/** A tag Anki accepts: no spaces, lower case, letters and digits joined by hyphens. */
export function slugTag(text: string): string {
  return (
    text
      .normalize("NFKD")
      .replace(/\p{M}+/gu, "")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "aula"
  );
}

/**
 * A course's cards as a CSV Anki imports (File › Import): its header lines name the separator,
 * say the fields are plain text, and that column 3 holds the tags; then front, back, tags per
 * line, CRLF line ends, UTF-8.
 */
export function cardsCsv(rows: { front: string; back: string; tags: string[] }[]): string {
  const lines = ["#separator:Comma", "#html:false", "#tags column:3"];
  for (const row of rows) lines.push([row.front, row.back, row.tags.join(" ")].map(csvField).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

/** What the day's caps leave (decision 022): grades in all, and of those, grades of new cards. */
export type Allowance = { left: number; newLeft: number };

/**
 * How many of the due cards the day's caps let through, and how many they hold back. The queue,
 * the review page's per-course summary and "What I know" all count through here (decision 031),
 * so a number of due cards means the same on each.
 */
export function withinCaps(due: { seen: number; fresh: number }, allowance: Allowance) {
  const seen = Math.min(due.seen, allowance.left);
  const fresh = Math.max(0, Math.min(due.fresh, allowance.newLeft, allowance.left - seen));
  return { seen, fresh, total: seen + fresh, heldBack: { seen: due.seen - seen, fresh: due.fresh - fresh } };
}

/**
 * The order cards are shown in: the seen cards due now with the new ones spread among them (one
 * in every few, as Anki mixes them by default), then the learning cards shown ahead of time, so
 * a card just graded Good (due again in minutes) comes after every card due now (Anki's
 * learn-ahead).
 */
export function queueOrder<T>(dueNow: T[], fresh: T[], ahead: T[]): T[] {
  const mixed: T[] = [];
  const step = fresh.length > 0 ? Math.max(1, Math.floor(dueNow.length / fresh.length)) : 0;
  let f = 0;
  dueNow.forEach((card, i) => {
    mixed.push(card);
    if (step > 0 && (i + 1) % step === 0 && f < fresh.length) mixed.push(fresh[f++]);
  });
  while (f < fresh.length) mixed.push(fresh[f++]);
  return [...mixed, ...ahead];
}
