import "server-only";

/**
 * Spaced review's server entry (decision 022): cards made from missed quiz questions, a lesson's
 * key points and the learner's own selections, scheduled by FSRS (ts-fsrs). It owns `cards` and
 * `card_reviews`: the quiz records its misses here, learning queues a lesson's key points,
 * mastery reads the cards' state; the routes call the rest.
 */
export * from "./service";
