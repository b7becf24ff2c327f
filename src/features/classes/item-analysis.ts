/**
 * Classical item analysis of a quiz (issue 34 item 5), from each learner's first counted attempt
 * on the current questions: a first try measures the question, later ones also measure what the
 * learner read after seeing the explanations.
 */

/** A question as stored: its options and the right one's letter ("a", "b", …). */
export type AnalysedQuestion = { question: string; options: string[]; answer: string };
/** One learner's attempt: the stored letter chosen for each stored question ("" for none). */
export type AnalysedAttempt = { userId: string; answers: string[] };

type ItemFlag = "too-easy" | "too-hard" | "negative-discrimination";

export type ItemStats = {
  index: number;
  text: string;
  /** Share of learners who chose the right option, 0–1; null with no attempt. */
  correctRate: number | null;
  /** Right share in the upper 27 % minus the lower 27 % by total score, −1–1; null under MIN_FOR_DISCRIMINATION learners. */
  discrimination: number | null;
  options: { text: string; chosen: number; correct: boolean }[];
  /** How many chose nothing. */
  unanswered: number;
  flags: ItemFlag[];
};

/** The share of learners in each of the upper and lower groups (Kelley's 27 %). */
const GROUP_SHARE = 0.27;
/** Fewer learners than this give groups of one or two: no discrimination figure. */
const MIN_FOR_DISCRIMINATION = 5;
/** Fewer learners than this: no flag (one learner's miss does not make a question too hard). */
const MIN_FOR_FLAGS = 5;
/** Almost everyone right: the question tells nothing apart. */
const TOO_EASY_AT = 0.9;
/** Fewer than this right: too hard, or its key is wrong. */
const TOO_HARD_BELOW = 0.3;

const letterIndex = (letter: string) => (/^[a-z]$/.test(letter) ? letter.charCodeAt(0) - 97 : -1);

/** Each learner's first attempt, in the order given (oldest first). */
export function firstAttempts(attempts: AnalysedAttempt[]): AnalysedAttempt[] {
  const seen = new Set<string>();
  return attempts.filter((a) => !seen.has(a.userId) && seen.add(a.userId));
}

export function itemAnalysis(questions: AnalysedQuestion[], attempts: AnalysedAttempt[]): ItemStats[] {
  const rightIndex = questions.map((q) => letterIndex(q.answer));
  const right = attempts.map((a) => questions.map((_, i) => letterIndex(a.answers[i] ?? "") === rightIndex[i]));
  const scores = right.map((row) => row.filter(Boolean).length);
  // Learners ranked by total score; ties keep their order, so the groups are reproducible.
  const ranked = scores.map((score, i) => ({ score, i })).sort((a, b) => b.score - a.score);
  const n = attempts.length;
  const groupSize = Math.max(1, Math.round(n * GROUP_SHARE));
  const upper = ranked.slice(0, groupSize).map((r) => r.i);
  const lower = ranked.slice(-groupSize).map((r) => r.i);
  const share = (group: number[], q: number) => group.filter((i) => right[i][q]).length / group.length;

  return questions.map((question, q) => {
    const chosen = question.options.map(() => 0);
    let unanswered = 0;
    for (const attempt of attempts) {
      const index = letterIndex(attempt.answers[q] ?? "");
      if (index >= 0 && index < chosen.length) chosen[index] += 1;
      else unanswered += 1;
    }
    const correctRate = n === 0 ? null : right.filter((row) => row[q]).length / n;
    const discrimination = n < MIN_FOR_DISCRIMINATION ? null : share(upper, q) - share(lower, q);
    const flags: ItemFlag[] = [];
    if (n >= MIN_FOR_FLAGS && correctRate !== null) {
      if (correctRate >= TOO_EASY_AT) flags.push("too-easy");
      if (correctRate < TOO_HARD_BELOW) flags.push("too-hard");
    }
    if (discrimination !== null && discrimination < 0) flags.push("negative-discrimination");
    return {
      index: q,
      text: question.question,
      correctRate,
      discrimination,
      options: question.options.map((text, i) => ({ text, chosen: chosen[i], correct: i === rightIndex[q] })),
      unanswered,
      flags,
    };
  });
}
