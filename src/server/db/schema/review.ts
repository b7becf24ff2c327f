/** Tables the review feature writes: spaced-review cards and their log. (docs/table-owners.md) */
import { sql } from "drizzle-orm";
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { createdAt, updatedAt } from "./columns";
import { courses, topics } from "./courses";
import { lessons } from "./learning";

/** Where a card came from: a missed quiz question, a key point the model drew from a lesson, the learner. */
export const cardSource = pgEnum("card_source", ["quiz-miss", "key-point", "own"]);

/**
 * One flash card and its FSRS state (ts-fsrs `Card`, stored column by column so the daily queue
 * is an index scan on (user_id, due)). A fresh card is FSRS state 0 (New) due at its creation.
 */
export const cards = pgTable(
  "cards",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    /** The topic it belongs to, for per-topic mastery; null when not known (an own card without a lesson). */
    topicId: uuid("topic_id").references(() => topics.id, { onDelete: "set null" }),
    lessonId: uuid("lesson_id").references(() => lessons.id, { onDelete: "set null" }),
    source: cardSource("source").notNull(),
    /**
     * For a quiz-miss card: a hash of the question's text, so missing the same question again finds
     * this learner's card (a lapse) instead of making a duplicate. Null for other sources.
     */
    sourceKey: text("source_key"),
    /** Plain text (never HTML): the question or prompt. */
    front: text("front").notNull(),
    /** Plain text: the answer (and, for a quiz miss, its explanation). */
    back: text("back").notNull(),
    /** The lesson sentence a key-point or own card was drawn from (it must occur in the lesson). */
    sourceSentence: text("source_sentence"),
    /** A suspended card keeps its state but never enters the queue. */
    suspended: boolean("suspended").notNull().default(false),
    // FSRS state (ts-fsrs Card). `state`: 0 New, 1 Learning, 2 Review, 3 Relearning.
    due: timestamp("due", { withTimezone: true }).notNull().defaultNow(),
    stability: doublePrecision("stability").notNull().default(0),
    difficulty: doublePrecision("difficulty").notNull().default(0),
    elapsedDays: integer("elapsed_days").notNull().default(0),
    scheduledDays: integer("scheduled_days").notNull().default(0),
    learningSteps: integer("learning_steps").notNull().default(0),
    reps: integer("reps").notNull().default(0),
    lapses: integer("lapses").notNull().default(0),
    state: integer("state").notNull().default(0),
    lastReview: timestamp("last_review", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("cards_user_due_idx").on(t.userId, t.due),
    // The daily queue's two reads (migration 0018): cards already seen that are due, and new cards,
    // each an index range without visiting the other kind's rows.
    index("cards_user_due_seen_idx")
      .on(t.userId, t.due)
      .where(sql`${t.state} <> 0 and not ${t.suspended}`),
    index("cards_user_due_new_idx")
      .on(t.userId, t.due)
      .where(sql`${t.state} = 0 and not ${t.suspended}`),
    index("cards_course_idx").on(t.courseId),
    // One card per learner for each missed question of a course.
    uniqueIndex("cards_user_course_source_key").on(t.userId, t.courseId, t.sourceKey),
  ],
);

/** A card's FSRS state as stored in the review log (ISO dates), enough to put the card back exactly. */
export type CardStateSnapshot = {
  due: string;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  state: number;
  lastReview: string | null;
};

/**
 * Append-only log of grades: never updated; undo deletes the newest row and restores `before`
 * onto the card, so an undone review leaves the card exactly as it was.
 */
export const cardReviews = pgTable(
  "card_reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    cardId: uuid("card_id")
      .notNull()
      .references(() => cards.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** 1 Again, 2 Hard, 3 Good, 4 Easy. */
    rating: integer("rating").notNull(),
    /**
     * review: the learner graded the card (counts toward the daily caps; undo takes it back);
     * quiz: the learner missed its question in the quiz again, a lapse graded Again for them (migration 0018).
     */
    origin: text("origin").$type<"review" | "quiz">().notNull().default("review"),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }).notNull().defaultNow(),
    /** The card's whole FSRS state before this review. */
    before: jsonb("before").$type<CardStateSnapshot>().notNull(),
    /** The state after, and its due date, for statistics and mastery. */
    after: jsonb("after").$type<CardStateSnapshot>().notNull(),
    due: timestamp("due", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("card_reviews_user_reviewed_idx").on(t.userId, t.reviewedAt),
    index("card_reviews_card_idx").on(t.cardId, t.reviewedAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// Sources: the learner's own material (src/features/sources, issue 22, decision 023)
// ---------------------------------------------------------------------------------------------
