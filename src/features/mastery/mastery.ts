/**
 * Per-topic mastery, 0–100, without I/O (decision 025). Two kinds of evidence:
 *
 * - Quiz: the course's last QUIZ_ATTEMPTS graded attempts that kept their questions' results.
 *   Each question on the topic counts with its attempt's weight (1 for the newest, then 1/2,
 *   1/4): the quiz score is the weighted share answered right. A question without a topic (a
 *   quiz written before questions named one) counts for every topic of the course.
 * - Cards: the topic's review cards already reviewed at least once (new cards say nothing yet),
 *   not suspended. Their score is the mean FSRS retrievability now: the model's chance that the
 *   learner would still recall the card today, which the review feature's scheduler works out
 *   (service.ts passes it in, so this module stays free of I/O and of FSRS).
 *
 * Mastery is the mean of the two scores when both exist, else the one that does, times 100 and
 * rounded; a topic with neither has none (null), which is not the same as 0. The reasons say
 * what the number rests on, as codes with numbers, which the page words in the UI language.
 */
export const QUIZ_ATTEMPTS = 3;
const ATTEMPT_WEIGHTS = [1, 0.5, 0.25];
const DAY_MS = 24 * 60 * 60 * 1000;

export type QuizAttemptEvidence = {
  /** Newest first. */
  createdAt: Date;
  results: { topic: number | null; correct: boolean }[];
};

/** A card as mastery weighs it. */
export type CardEvidence = {
  topicId: string | null;
  suspended: boolean;
  /** When it was last graded; null for a card never reviewed. */
  lastReview: Date | null;
  /** Its FSRS retrievability now, 0–1 (0 for a card never reviewed). */
  recall: number;
};

export type MasteryReason =
  | { kind: "quiz"; missed: number; total: number }
  | { kind: "cards"; count: number; percent: number }
  | { kind: "reviewed"; days: number };

export type TopicMastery = {
  topicId: string;
  title: string;
  number: number;
  /** 0–100, or null without any evidence. */
  value: number | null;
  reasons: MasteryReason[];
};

/** The quiz's evidence on topic `number`: the weighted share right and the newest attempt's count. */
function quizScore(number: number, attempts: QuizAttemptEvidence[]) {
  let weight = 0;
  let right = 0;
  let latest: { missed: number; total: number } | null = null;
  attempts.slice(0, QUIZ_ATTEMPTS).forEach((attempt, i) => {
    const onTopic = attempt.results.filter((r) => r.topic === number || r.topic === null);
    if (onTopic.length === 0) return;
    const w = ATTEMPT_WEIGHTS[i] ?? 0;
    weight += w * onTopic.length;
    right += w * onTopic.filter((r) => r.correct).length;
    latest ??= { missed: onTopic.filter((r) => !r.correct).length, total: onTopic.length };
  });
  return weight > 0 && latest ? { score: right / weight, latest: latest as { missed: number; total: number } } : null;
}

/**
 * Mastery for each topic (in the order given: the outline's; questions name a topic by its number), from the course's attempts (newest
 * first) and its cards, at `now`.
 */
export function topicMastery(
  topics: { id: string; title: string; number: number }[],
  attempts: QuizAttemptEvidence[],
  cards: CardEvidence[],
  now: Date,
): TopicMastery[] {
  return topics.map((topic) => {
    const reasons: MasteryReason[] = [];
    const scores: number[] = [];
    const quiz = quizScore(topic.number, attempts);
    if (quiz) {
      scores.push(quiz.score);
      reasons.push({ kind: "quiz", ...quiz.latest });
    }
    const reviewed = cards.filter((c) => c.topicId === topic.id && !c.suspended && c.lastReview);
    if (reviewed.length > 0) {
      const mean = reviewed.reduce((sum, c) => sum + c.recall, 0) / reviewed.length;
      scores.push(mean);
      reasons.push({ kind: "cards", count: reviewed.length, percent: Math.round(mean * 100) });
      const last = Math.max(...reviewed.map((c) => c.lastReview!.getTime()));
      reasons.push({ kind: "reviewed", days: Math.max(0, Math.floor((now.getTime() - last) / DAY_MS)) });
    }
    const value = scores.length ? Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 100) : null;
    return { topicId: topic.id, title: topic.title, number: topic.number, value, reasons };
  });
}
