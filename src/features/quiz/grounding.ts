import "server-only";
import { checkCitations, courseExcerpts, courseHasMaterial, type Excerpt } from "@/features/sources/server";
import type { QuestionCitation } from "./grading";

/**
 * A quiz from the course's material (decision 028): excerpts found for each topic, a few each,
 * in one numbered list; each question's explanation then quotes and cites one of them, and the
 * citation is checked, never trusted.
 */

/** At most this many excerpts in all, whatever the number of topics: the prompt stays bounded. */
const MAX_QUIZ_EXCERPTS = 24;

/** The excerpts for a quiz, or undefined for a course without material (its quiz is unchanged). */
export async function quizExcerpts(userId: string, courseId: string, topicTitles: string[]) {
  if (topicTitles.length === 0 || !(await courseHasMaterial(userId, courseId))) return undefined;
  const perTopic = Math.max(2, Math.min(4, Math.floor(MAX_QUIZ_EXCERPTS / topicTitles.length)));
  const seen = new Set<string>();
  const excerpts: Excerpt[] = [];
  for (const title of topicTitles) {
    for (const excerpt of await courseExcerpts(userId, courseId, title, perTopic)) {
      // Two topics can find the same passage: it is listed once.
      const key = `${excerpt.sourceId}:${excerpt.pageFrom}:${excerpt.quote.slice(0, 200)}`;
      if (seen.has(key) || excerpts.length >= MAX_QUIZ_EXCERPTS) continue;
      seen.add(key);
      excerpts.push({ ...excerpt, n: excerpts.length + 1 });
    }
  }
  return excerpts.length > 0 ? excerpts : undefined;
}

/**
 * An explanation as stored: its first citation that holds (the excerpt shares a word with the
 * sentence that cites it) becomes the question's citation, shown with the explanation after
 * grading; the bracketed numbers themselves are taken out of the text.
 */
export function citedExplanation(
  explanation: string,
  excerpts: Excerpt[] | undefined,
): { explanation: string; citation?: QuestionCitation } {
  if (!excerpts) return { explanation };
  const checked = checkCitations(explanation, excerpts);
  const text = checked.text.replace(/\[\^\d{1,3}\]/g, "").trim();
  const first = checked.citations[0];
  if (!first) return { explanation: text };
  const { sourceTitle, pageFrom, pageTo, quote } = first;
  return { explanation: text, citation: { sourceTitle, pageFrom, pageTo, quote } };
}
