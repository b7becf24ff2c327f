/** Tables the quiz feature writes: the served quiz, graded attempts and certificates. (docs/table-owners.md) */
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { uiLocale, users } from "./accounts";
import { bytea, createdAt } from "./columns";
import { courses } from "./courses";

/** One asked question of a graded attempt: `right` and `chosen` are option texts ("" for none). */
export type AttemptQuestionResult = {
  question: string;
  topic: number | null;
  correct: boolean;
  right: string;
  chosen: string;
  explanation: string;
};

/** The course's questions: written by the model once, shared by everyone who takes the quiz. */
export const quizzes = pgTable("quizzes", {
  courseId: uuid("course_id")
    .primaryKey()
    .references(() => courses.id, { onDelete: "cascade" }),
  /** Validated list of { question, options: {letter, text}[], answer }. */
  questions: jsonb("questions").notNull(),
  /**
   * Raised by one whenever the questions change, an author's save (issue 35) or new ones from the
   * model; an author's save naming an older one is refused (409 `quiz:conflict`).
   */
  version: integer("version").notNull().default(0),
  createdAt: createdAt(),
});

/**
 * The attempt served last to one learner of a course (decision 037): each serving replaces it,
 * grading closes it. Storing new questions removes every learner's, since their order named the old ones;
 * a learner's own retest questions stay with their row across servings.
 */
export const quizServings = pgTable(
  "quiz_servings",
  {
    courseId: uuid("course_id")
      .notNull()
      .references(() => quizzes.courseId, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** When the questions were handed out: the server's clock for the attempt's time limit. */
    servedAt: timestamp("served_at", { withTimezone: true }).notNull().defaultNow(),
    /** The attempt's id: each serving is a new one. */
    attemptId: uuid("attempt_id").notNull().defaultRandom(),
    /**
     * The order that attempt showed: served question i is stored question `question`, and its
     * option letter j the stored option `options[j]`. Null: the stored order.
     */
    servedOrder: jsonb("served_order").$type<{ question: number; options: number[] }[]>(),
    /** When the attempt was graded: a closed attempt is never graded again (409). */
    gradedAt: timestamp("graded_at", { withTimezone: true }),
    /**
     * A retest written for this learner alone (a learner of a course that is not theirs asked
     * for new questions): served and graded instead of the course's; null, the course's. New
     * questions for the course remove it with the serving.
     */
    questions: jsonb("questions"),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.userId] }), index("quiz_servings_user_idx").on(t.userId)],
);

export const quizAttempts = pgTable(
  "quiz_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Score times 10, as the SPEC stores it. */
    mark: integer("mark").notNull(),
    passed: boolean("passed").notNull(),
    /** The letters chosen, in question order ("" for none). */
    answers: jsonb("answers").$type<string[]>().notNull().default([]),
    /** False when submitted after the questions' time (plus grace): recorded, never counted. */
    counted: boolean("counted").notNull().default(true),
    /** The served attempt this grades (quiz_servings.attemptId); one row per attempt. Null before 0011. */
    attemptId: uuid("attempt_id"),
    /**
     * Each question as it was asked, in stored order: its text, the topic it tests (position, null
     * when the quiz predates topic tags) and whether it was right. Kept with the attempt because a
     * renewed quiz replaces the questions: mastery and the retest read the history here. Null before 0017.
     */
    results: jsonb("results").$type<AttemptQuestionResult[]>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("quiz_attempts_course_user_idx").on(t.courseId, t.userId),
    uniqueIndex("quiz_attempts_attempt_key").on(t.attemptId),
  ],
);

/**
 * A certificate is its own record with the holder's name and course title as they were,
 * so it stays verifiable by its public id after the account or course is deleted.
 */
export const certificates = pgTable(
  "certificates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    publicId: text("public_id").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    courseId: uuid("course_id").references(() => courses.id, { onDelete: "set null" }),
    holderName: text("holder_name").notNull(),
    courseTitle: text("course_title").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    /** Printed on the picture; with the public id it verifies the certificate. */
    shortCode: text("short_code").notNull().default(""),
    /** The course language, lesson count and best quiz mark (score × 10) as they were at issue. */
    courseLang: text("course_lang").notNull().default(""),
    lessonCount: integer("lesson_count").notNull().default(0),
    quizMark: integer("quiz_mark"),
    /**
     * How many questions that mark was out of, so the page can say "5 of 5 (100%)" rather than
     * show the stored mark as a grade. Null when unknown (an old certificate whose course is gone).
     */
    quizQuestions: integer("quiz_questions"),
    /**
     * The course's published version the holder completed, and when it was published (decision
     * 043); null for a certificate issued before versions were kept.
     */
    courseVersion: integer("course_version"),
    courseVersionAt: timestamp("course_version_at", { withTimezone: true }),
    /** The holder's UI language at issue: the picture's date format and words. */
    locale: uiLocale("locale").notNull().default("pt"),
    /** The rendered picture, kept so serving it needs no browser after the first time. */
    png: bytea("png"),
  },
  (t) => [
    uniqueIndex("certificates_public_id_key").on(t.publicId),
    // One certificate per learner of a course (decision 037).
    uniqueIndex("certificates_course_user_key").on(t.courseId, t.userId),
  ],
);
