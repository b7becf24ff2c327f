/**
 * The review feature's server side (decision 022), reached through server.ts. Other features
 * call it: the quiz when an attempt is graded (recordQuizMisses), learning when a lesson's text
 * is stored (queueKeyPoints). The routes call the rest. Every read and write is the owner's:
 * another user's card or course is not found (404).
 *
 * Each concern is its own module, and this file gathers what leaves the feature:
 * - card-making.ts: cards from quiz misses, a lesson's key points and the learner's selections;
 * - grading.ts: a grade and its undo;
 * - card-edits.ts: a card's text, suspending and deleting;
 * - card-lists.ts: a course's cards, as a list and as Anki's CSV;
 * - review-queue.ts and due-counts.ts: the day's queue and how many cards are due, within the
 *   day's caps (daily-allowance.ts);
 * - card-shapes.ts: a card as the screens get it (card-answers.ts makes it from a stored row).
 */
import "server-only";

export { KEY_POINTS, registerReviewJobs } from "./key-points-job";
export { heldBackNotes } from "./held-back";
export { forgetLearnerCards } from "./queries";
export { retrievability, type CardState } from "./scheduler";
export type { HeldBack, ReviewLimits } from "./daily-allowance";
// Every export of these modules leaves the feature, so they are re-exported whole. A named
// re-export would do for the functions, but QueueCard, ManagedCard and GradeGiven are carried by
// the functions' signatures and imported by no one, and knip reports such a named re-export.
export * from "./card-shapes";
export * from "./review-queue";
export * from "./due-counts";
export * from "./grading";
export * from "./card-making";
export * from "./card-edits";
export * from "./card-lists";
