/**
 * FSRS scheduling (ts-fsrs), without I/O: a card's stored state in, its next state out, and the
 * interval each of the four buttons would give. Fuzz is off so the interval a button shows is
 * the one grading gives (and tests and undo are exact).
 */
import { fsrs, type Card, type Grade } from "ts-fsrs";
import type { CardStateSnapshot } from "@/server/db/schema";

/** 1 Again, 2 Hard, 3 Good, 4 Easy (ts-fsrs' Rating values). */
export type ReviewRating = 1 | 2 | 3 | 4;
const RATINGS: readonly ReviewRating[] = [1, 2, 3, 4];

/** Beginners see two buttons: Again (failed) and Good (passed). */
export type ReviewMode = "full" | "pass-fail";
export function ratingsFor(mode: ReviewMode): readonly ReviewRating[] {
  return mode === "pass-fail" ? [1, 3] : RATINGS;
}

/** The FSRS columns of a card row. */
export type CardState = {
  due: Date;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  state: number;
  lastReview: Date | null;
};

const scheduler = fsrs({ enable_fuzz: false });

function toFsrs(state: CardState): Card {
  return {
    due: state.due,
    stability: state.stability,
    difficulty: state.difficulty,
    elapsed_days: state.elapsedDays,
    scheduled_days: state.scheduledDays,
    learning_steps: state.learningSteps,
    reps: state.reps,
    lapses: state.lapses,
    state: state.state,
    last_review: state.lastReview ?? undefined,
  };
}

function fromFsrs(card: Card): CardState {
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    elapsedDays: card.elapsed_days,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    lastReview: card.last_review ?? null,
  };
}

/**
 * The chance, 0–1, that the card is recalled at `now` (FSRS' forgetting curve); 0 for a card
 * never reviewed. Mastery reads it (decision 025).
 */
export function retrievability(state: CardState, now: Date): number {
  if (state.state === STATE_NEW || !state.lastReview || state.stability <= 0) return 0;
  const r = scheduler.get_retrievability(toFsrs(state), now, false);
  return Number.isFinite(r) ? Math.min(1, Math.max(0, r)) : 0;
}

/** The state after grading `rating` at `now`. */
export function nextState(state: CardState, rating: ReviewRating, now: Date): CardState {
  return fromFsrs(scheduler.next(toFsrs(state), now, rating as Grade).card);
}

/** Seconds until the card is due again for each button, keyed by rating ("1" … "4"). */
export type Intervals = Record<`${ReviewRating}`, number>;

export function intervalsFor(state: CardState, now: Date): Intervals {
  const preview = scheduler.repeat(toFsrs(state), now);
  const seconds = (rating: ReviewRating) =>
    Math.max(0, Math.round((preview[rating as Grade].card.due.getTime() - now.getTime()) / 1000));
  return { "1": seconds(1), "2": seconds(2), "3": seconds(3), "4": seconds(4) };
}

/** The state as the review log keeps it (JSON: ISO dates). */
export function snapshotOf(state: CardState): CardStateSnapshot {
  return {
    due: state.due.toISOString(),
    stability: state.stability,
    difficulty: state.difficulty,
    elapsedDays: state.elapsedDays,
    scheduledDays: state.scheduledDays,
    learningSteps: state.learningSteps,
    reps: state.reps,
    lapses: state.lapses,
    state: state.state,
    lastReview: state.lastReview ? state.lastReview.toISOString() : null,
  };
}

export function stateOf(snapshot: CardStateSnapshot): CardState {
  return {
    ...snapshot,
    due: new Date(snapshot.due),
    lastReview: snapshot.lastReview ? new Date(snapshot.lastReview) : null,
  };
}

/** FSRS states: New (never graded), Learning, Review, Relearning. */
export const STATE_NEW = 0;

/**
 * Learning cards due this soon are shown now, as Anki's "learn ahead" does: a card graded Again
 * comes back at the end of the session instead of leaving the learner waiting a minute for it.
 */
export const LEARN_AHEAD_MS = 20 * 60 * 1000;

/** The start of `now`'s day (UTC): the daily caps count grades from here. */
export function dayStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** A short label for an interval: "<1m", "10m", "3h", "4d", "2mo", "1.5y" (numbers only; units are universal). */
export function intervalLabel(seconds: number): string {
  const minutes = seconds / 60;
  if (minutes < 1) return "<1m";
  if (minutes < 60) return `${Math.round(minutes)}m`;
  const hours = minutes / 60;
  if (hours < 24) return `${Math.round(hours)}h`;
  const days = hours / 24;
  if (days < 30) return `${Math.round(days)}d`;
  if (days < 365) return `${Math.round(days / 30)}mo`;
  return `${Math.round((days / 365) * 10) / 10}y`;
}
