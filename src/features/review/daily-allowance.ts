import "server-only";
import { env } from "@/server/env";
import type { DailyLimits, HeldBackCounts } from "./held-back";
import { reviewedSince } from "./queries";
import type { Allowance } from "./rules";
import { dayStart, LEARN_AHEAD_MS } from "./scheduler";

/** The day's caps as set (REVIEW_NEW_PER_DAY, REVIEW_MAX_PER_DAY), for the words that explain them. */
export type ReviewLimits = DailyLimits;
/** Due cards the day's caps hold back until tomorrow: seen ones (the cap on all grades) and new ones. */
export type HeldBack = HeldBackCounts;

/** What the day's caps leave the learner (counted across courses from the start of the UTC day). */
export async function allowanceToday(
  userId: string,
  now: Date,
): Promise<Allowance & { doneToday: number; limits: ReviewLimits }> {
  const settings = env();
  const done = await reviewedSince(userId, dayStart(now));
  const left = Math.max(0, settings.REVIEW_MAX_PER_DAY - done.total);
  const newLeft = Math.max(0, Math.min(left, settings.REVIEW_NEW_PER_DAY - done.fresh));
  return {
    left,
    newLeft,
    doneToday: done.total,
    limits: { newPerDay: settings.REVIEW_NEW_PER_DAY, reviewsPerDay: settings.REVIEW_MAX_PER_DAY },
  };
}

export const learnAheadOf = (now: Date) => new Date(now.getTime() + LEARN_AHEAD_MS);
/** Due cards are counted up to this many when a cap holds some back (the page says how many wait). */
export const HELD_BACK_COUNT_BOUND = 10_000;
