import "server-only";
import { requireLearnerCourse } from "@/features/courses/server";
import type { ApiTranslator } from "@/i18n/api-translator";
import { queueCards } from "./card-answers";
import type { QueueCard } from "./card-shapes";
import {
  allowanceToday,
  HELD_BACK_COUNT_BOUND,
  learnAheadOf,
  type HeldBack,
  type ReviewLimits,
} from "./daily-allowance";
import { dueCounts, dueSeenCards, newCards, soonestDue } from "./queries";
import { queueOrder, withinCaps } from "./rules";
import { dayStart } from "./scheduler";

/**
 * The day's queue, across courses or of one: cards already seen that are due now, with new ones
 * spread among them, within the day's caps (REVIEW_MAX_PER_DAY grades in all, of which
 * REVIEW_NEW_PER_DAY on new cards; counted across courses from the start of the UTC day), then
 * learning cards due within LEARN_AHEAD_MS (Anki's learn-ahead). "Due" is one definition
 * (queries.ts `seenDue`, decision 031). `heldBack`: due cards the caps keep for tomorrow;
 * `nextDue`: when more cards are due, for the "all caught up" state.
 */
export async function reviewQueue(
  userId: string,
  courseId: string | undefined,
  t: ApiTranslator,
  now: Date = new Date(),
): Promise<{
  cards: QueueCard[];
  nextDue: string | null;
  doneToday: number;
  heldBack: HeldBack;
  limits: ReviewLimits;
}> {
  if (courseId !== undefined) await requireLearnerCourse(userId, courseId, t);
  const allowance = await allowanceToday(userId, now);
  const learnAhead = learnAheadOf(now);
  const seen = await dueSeenCards(userId, courseId, now, learnAhead, allowance.left);
  const freshLimit = Math.min(allowance.newLeft, allowance.left - seen.length);
  const fresh = await newCards(userId, courseId, freshLimit);
  // A cap may have cut either list: only then are the due cards counted, to say how many wait.
  const mayBeHeld = seen.length >= allowance.left || fresh.length >= freshLimit;
  const heldBack = mayBeHeld
    ? withinCaps(await dueCounts(userId, courseId, now, learnAhead, HELD_BACK_COUNT_BOUND), allowance).heldBack
    : { seen: 0, fresh: 0 };
  const ordered = queueOrder(
    seen.filter((row) => row.due.getTime() <= now.getTime()),
    fresh,
    seen.filter((row) => row.due.getTime() > now.getTime()),
  );
  let nextDue: string | null = null;
  if (ordered.length === 0) {
    const soonest = await soonestDue(userId, courseId);
    // Due cards held back by a cap come back tomorrow.
    const capped = soonest !== null && soonest.getTime() <= now.getTime();
    const tomorrow = new Date(dayStart(now).getTime() + 24 * 60 * 60 * 1000);
    nextDue = soonest ? (capped ? tomorrow : soonest).toISOString() : null;
  }
  return {
    cards: await queueCards(ordered, now),
    nextDue,
    doneToday: allowance.doneToday,
    heldBack,
    limits: allowance.limits,
  };
}
