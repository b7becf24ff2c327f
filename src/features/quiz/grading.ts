/**
 * The quiz's rules, without I/O: letters, grading, the pass line and the server-held time limit.
 * SPEC 9: 60 s per question; the stored mark is the score (right answers) times 10.
 */

export const SECONDS_PER_QUESTION = 60;
export const MIN_QUESTIONS = 5;
const MAX_QUESTIONS = 10;

export type StoredQuestion = {
  /**
   * The question's identity across an author's edits (issue 35); absent on questions the model
   * wrote and nobody has edited, which an author addresses by position (`q1`, `q2`, …).
   */
  id?: string;
  question: string;
  options: string[];
  answer: string;
  explanation: string;
  /** The number of the topic it tests (`topics.number`, its position when written); absent before 0017. */
  topic?: number;
  /** A question from the course's material: the excerpt its explanation quotes (decision 028). */
  citation?: QuestionCitation;
};

/** Where a question's explanation comes from: the learner's source, its pages and the excerpt. */
export type QuestionCitation = { sourceTitle: string; pageFrom: number; pageTo: number; quote: string };

/** What the browser gets before grading: no answer, no explanation. */
export type PublicQuestion = {
  question: string;
  options: { letter: string; text: string; html?: string }[];
  /** The question formatted on the server, formulas included (src/features/quiz/service.ts). */
  html?: string;
};

export type QuestionResult = {
  correct: string;
  chosen: string;
  explanation: string;
  explanationHtml?: string;
  citation?: QuestionCitation;
};

const letterAt = (index: number) => String.fromCharCode(97 + index);

/** About one question per topic, within the quiz's bounds. */
export function questionCountFor(topicCount: number): number {
  return Math.min(MAX_QUESTIONS, Math.max(MIN_QUESTIONS, topicCount));
}

const indexOfLetter = (letter: string) => (/^[a-z]$/.test(letter) ? letter.charCodeAt(0) - 97 : -1);

/**
 * How one attempt shows the stored questions: served question i is stored question `question`,
 * and its letter j is the stored option `options[j]`. Each attempt has its own, so the letters
 * one attempt's results reveal say nothing about the next.
 */
export type ServedOrder = { question: number; options: number[] }[];

/** The stored order itself (how quizzes were served before attempts were shuffled). */
export function storedOrder(questions: StoredQuestion[]): ServedOrder {
  return questions.map((q, i) => ({ question: i, options: q.options.map((_, o) => o) }));
}

function shuffle<T>(items: T[], randomBelow: (n: number) => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomBelow(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const sameOrder = (a: ServedOrder, b: ServedOrder) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A new attempt's arrangement: the questions and each question's options shuffled, and never
 * the arrangement of the attempt before (`previous`) when another one exists. `randomBelow(n)`
 * is a uniform whole number from 0 to n - 1 (the server passes crypto's).
 */
export function shuffledOrder(
  questions: StoredQuestion[],
  randomBelow: (n: number) => number,
  previous?: ServedOrder | null,
): ServedOrder {
  const before = previous ?? storedOrder(questions);
  const arrange = () =>
    shuffle(storedOrder(questions), randomBelow).map((entry) => ({
      ...entry,
      options: shuffle(entry.options, randomBelow),
    }));
  let order = arrange();
  for (let tries = 1; tries < 3 && sameOrder(order, before); tries++) order = arrange();
  if (!sameOrder(order, before)) return order;
  // Still the same (a tiny quiz, or a poor random source): rotate it, which always changes it.
  if (order.length > 1) return [...order.slice(1), order[0]];
  return order.map((entry) => ({ ...entry, options: [...entry.options.slice(1), ...entry.options.slice(0, 1)] }));
}

/** The questions as the attempt shows them, lettered in its order; nothing of the key. */
export function publicQuestions(
  questions: StoredQuestion[],
  order: ServedOrder = storedOrder(questions),
): PublicQuestion[] {
  return order.map((entry) => ({
    question: questions[entry.question].question,
    options: entry.options.map((stored, letter) => ({
      letter: letterAt(letter),
      text: questions[entry.question].options[stored],
    })),
  }));
}

/**
 * Grades the answers given in the attempt's order: one result per served question, its letters
 * the attempt's; an answer that is not one of the letters counts as none. `recorded` is the
 * same answers in the stored order and letters, which stay meaningful after the next attempt.
 */
export function grade(
  questions: StoredQuestion[],
  answers: string[],
  order: ServedOrder = storedOrder(questions),
): {
  score: number;
  mark: number;
  percent: number;
  results: QuestionResult[];
  recorded: string[];
  /** Whether each question, in the stored order, was answered right. */
  rightByStored: boolean[];
} {
  const recorded = questions.map(() => "");
  const rightByStored = questions.map(() => false);
  const results = order.map((entry, i) => {
    const q = questions[entry.question];
    const given = (answers[i] ?? "").trim().toLowerCase();
    const chosenIndex = indexOfLetter(given);
    const chosen = chosenIndex >= 0 && chosenIndex < entry.options.length ? given : "";
    if (chosen) recorded[entry.question] = letterAt(entry.options[chosenIndex]);
    const rightIndex = entry.options.indexOf(indexOfLetter(q.answer));
    const correct = rightIndex >= 0 ? letterAt(rightIndex) : "";
    rightByStored[entry.question] = chosen !== "" && chosen === correct;
    return { correct, chosen, explanation: q.explanation, ...(q.citation ? { citation: q.citation } : {}) };
  });
  const score = results.filter((r) => r.chosen !== "" && r.chosen === r.correct).length;
  const percent = questions.length === 0 ? 0 : Math.round((score / questions.length) * 100);
  return { score, mark: score * 10, percent, results, recorded, rightByStored };
}

export function isPassing(percent: number, passPercent: number): boolean {
  return percent >= passPercent;
}

/** The attempt counts when it arrives within the questions' time plus the grace. */
export function withinTimeLimit(
  servedAt: Date,
  submittedAt: Date,
  questionCount: number,
  graceSeconds: number,
): boolean {
  const limitMs = (questionCount * SECONDS_PER_QUESTION + graceSeconds) * 1000;
  return submittedAt.getTime() - servedAt.getTime() <= limitMs;
}

/** A question's text for comparing: case, spacing and accents do not make a question new. */
export function questionKey(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/** A counted attempt's result: right answers out of the questions it asked, and whether it passed. */
export type AttemptMark = { score: number; total: number; passed: boolean };

/** An attempt's right answers as a whole percent, as the results ring shows it. */
export const markPercent = (mark: AttemptMark) => (mark.total === 0 ? 0 : Math.round((mark.score / mark.total) * 100));
