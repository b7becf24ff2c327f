/** The shapes a card leaves the feature in (card-answers.ts makes them from a stored row). */
import type { CardRow } from "./queries";
import type { Intervals } from "./scheduler";

/** A card as the review screen gets it; `lang`: its course's language name, for its text's `lang` and direction. */
export type QueueCard = {
  id: string;
  courseId: string;
  front: string;
  back: string;
  intervals: Intervals;
  isNew: boolean;
  lang: string;
};

/** A card as the card list gets it. */
export type ManagedCard = {
  id: string;
  front: string;
  back: string;
  source: CardRow["source"];
  suspended: boolean;
  due: string;
  reps: number;
  lapses: number;
};
