/**
 * Spaced review (decision 022): cards made from missed quiz questions, a lesson's key points and
 * the learner's own selections, scheduled by FSRS (ts-fsrs). It owns `cards` and `card_reviews`;
 * other features reach it through `@/features/review/service`.
 */
export type { CardStateSnapshot } from "@/server/db/schema";
export { AddCardFromSelection } from "./components/add-card";
