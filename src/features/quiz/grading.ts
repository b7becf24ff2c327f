/**
 * The quiz's rules, without I/O: letters, grading, the pass line and the server-held time limit.
 * SPEC 9: 60 s per question; the stored mark is the score (right answers) times 10.
 */

export const SECONDS_PER_QUESTION = 60;
export const MIN_QUESTIONS = 5;
export const MAX_QUESTIONS = 10;

export type StoredQuestion = { question: string; options: string[]; answer: string; explanation: string };

/** What the browser gets before grading: no answer, no explanation. */
export type PublicQuestion = { question: string; options: { letter: string; text: string }[] };

export type QuestionResult = { correct: string; chosen: string; explanation: string };

export const letterAt = (index: number) => String.fromCharCode(97 + index);

/** About one question per topic, within the quiz's bounds. */
export function questionCountFor(topicCount: number): number {
  return Math.min(MAX_QUESTIONS, Math.max(MIN_QUESTIONS, topicCount));
}

export function publicQuestions(questions: StoredQuestion[]): PublicQuestion[] {
  return questions.map((q) => ({ question: q.question, options: q.options.map((text, i) => ({ letter: letterAt(i), text })) }));
}

/** One result per question, in order; an answer that is not one of the letters counts as none. */
export function grade(questions: StoredQuestion[], answers: string[]): { score: number; mark: number; percent: number; results: QuestionResult[] } {
  const results = questions.map((q, i) => {
    const given = (answers[i] ?? "").trim().toLowerCase();
    const chosen = q.options.some((_, o) => letterAt(o) === given) ? given : "";
    return { correct: q.answer, chosen, explanation: q.explanation };
  });
  const score = results.filter((r) => r.chosen === r.correct).length;
  const percent = questions.length === 0 ? 0 : Math.round((score / questions.length) * 100);
  return { score, mark: score * 10, percent, results };
}

export function isPassing(percent: number, passPercent: number): boolean {
  return percent >= passPercent;
}

/** The attempt counts when it arrives within the questions' time plus the grace. */
export function withinTimeLimit(servedAt: Date, submittedAt: Date, questionCount: number, graceSeconds: number): boolean {
  const limitMs = (questionCount * SECONDS_PER_QUESTION + graceSeconds) * 1000;
  return submittedAt.getTime() - servedAt.getTime() <= limitMs;
}
