/**
 * The review feature's browser entry: "Add as a card" on a selected passage (the viewer loads it
 * when the learner first selects text). The review screen's API calls are its own (review-api.ts).
 */
export { AddCardFromSelection } from "./components/add-card";
