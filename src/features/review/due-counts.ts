import "server-only";
import {
  allowanceToday,
  HELD_BACK_COUNT_BOUND,
  learnAheadOf,
  type HeldBack,
  type ReviewLimits,
} from "./daily-allowance";
import { courseCardCounts, dueCounts } from "./queries";
import { withinCaps } from "./rules";

/**
 * The review page's course list: each course with cards, how many, how many are due and how
 * many of those the day's caps hold back, each as reviewing that course alone would show them.
 */
export async function reviewCourses(userId: string, now: Date = new Date()) {
  const [allowance, rows] = await Promise.all([
    allowanceToday(userId, now),
    courseCardCounts(userId, now, learnAheadOf(now)),
  ]);
  return rows.map((row) => {
    const due = withinCaps({ seen: row.seenDue, fresh: row.newDue }, allowance);
    return {
      courseId: row.courseId,
      title: row.title,
      lang: row.lang,
      total: row.total,
      due: due.total,
      heldBack: due.heldBack,
      limits: allowance.limits,
    };
  });
}

/**
 * How many cards are due now across courses, as the review screen's queue has them (within the
 * day's caps), and how many the caps hold back: "What I know" shows these (decision 031).
 */
export async function dueSummary(
  userId: string,
  now: Date = new Date(),
): Promise<{ due: number; heldBack: HeldBack; limits: ReviewLimits }> {
  const learnAhead = learnAheadOf(now);
  const [allowance, counts] = await Promise.all([
    allowanceToday(userId, now),
    dueCounts(userId, undefined, now, learnAhead, HELD_BACK_COUNT_BOUND),
  ]);
  const due = withinCaps(counts, allowance);
  return { due: due.total, heldBack: due.heldBack, limits: allowance.limits };
}
