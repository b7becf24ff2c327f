/** Tables the courses feature writes: a course, its topics, each learner's standing in it, and the creations the monthly limit counts. (docs/table-owners.md) */
import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { createdAt, updatedAt } from "./columns";

export const courseType = pgEnum("course_type", ["text_image", "video_text"]);

/**
 * Who may enrol (issue 34): `private`, nobody but the owner studies it; `unlisted`, anyone with
 * its link; `public`, anyone, and it is listed in the catalogue.
 */
export const courseVisibility = pgEnum("course_visibility", ["private", "unlisted", "public"]);

export const courses = pgTable(
  "courses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    mainTopic: text("main_topic").notNull(),
    type: courseType("type").notNull(),
    /** The course language: one of the 38 language names. */
    lang: text("lang").notNull(),
    photo: text("photo"),
    photoAttribution: text("photo_attribution"),
    /** Makes a retried or double-clicked creation return the same course. */
    idempotencyKey: text("idempotency_key"),
    /** The unguessable id of the course's public link while it is shared; null when not shared. */
    shareId: text("share_id"),
    sharedAt: timestamp("shared_at", { withTimezone: true }),
    /** "Only from my sources": the tutor answers from the course's material alone and says when it does not cover a question. */
    sourcesOnly: boolean("sources_only").notNull().default(false),
    visibility: courseVisibility("visibility").notNull().default("private"),
    /**
     * How many learners are enrolled (`course_learners` rows with `enrolled_at`), kept by the
     * database's own trigger (migration 0032) whoever adds or removes one, so the catalogue
     * orders by it from an index instead of counting every public course's learners.
     */
    learnerCount: integer("learner_count").notNull().default(0),
    /**
     * Raised by one on every save of the outline (issue 35): a save naming an older one is refused
     * (409 `course:outline-conflict`), so two authors never overwrite each other's outline.
     */
    outlineVersion: integer("outline_version").notNull().default(0),
    /**
     * The version learners read (decision 043): 1 as generated, raised by one each time an author
     * publishes the drafts saved meanwhile; `published_at` when that was (null: never published).
     * A certificate records the version its holder completed.
     */
    publishedVersion: integer("published_version").notNull().default(1),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("courses_user_created_idx").on(t.userId, t.createdAt.desc()),
    uniqueIndex("courses_user_idempotency_key").on(t.userId, t.idempotencyKey),
    uniqueIndex("courses_share_id_key").on(t.shareId),
    // The catalogue's order: most learners, then newest, over public courses only.
    index("courses_catalog_idx")
      .on(t.learnerCount.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.visibility} = 'public'`),
  ],
);

/**
 * One row per course created: the monthly allowance counts these, so deleting a course does not
 * give its slot back. The course may be gone (null); the user's rows go with the user.
 */
export const courseCreations = pgTable(
  "course_creations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: uuid("course_id").references(() => courses.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("course_creations_user_created_idx").on(t.userId, t.createdAt)],
);

export const topics = pgTable(
  "topics",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    /** Where the topic stands in the outline among the course's topics that are not archived. */
    position: integer("position").notNull(),
    /**
     * The topic's number, kept for its life (issue 35): quiz questions, their attempts' results
     * and review lessons name a topic by it, so moving a topic in the outline moves none of them.
     * A new topic takes the course's highest number plus one; numbers are never given again.
     */
    number: integer("number").notNull(),
    title: text("title").notNull(),
    /** Removed from the outline by an author: hidden with its lessons, kept to be restored. */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("topics_course_position_key")
      .on(t.courseId, t.position)
      .where(sql`${t.archivedAt} is null`),
    uniqueIndex("topics_course_number_key").on(t.courseId, t.number),
  ],
);

/**
 * One learner's standing in a course (decision 037): the quiz passed, the best mark, the course
 * completed. Each learner has their own, the course's owner as much as anyone; no row is a learner
 * who has none of it yet. The courses feature writes it, the quiz through `recordQuizResult` and
 * `recordCompletion` in its own transactions.
 */
export const courseLearners = pgTable(
  "course_learners",
  {
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The quiz has been passed (SPEC "pass"); counts as the +1 in progress. */
    quizPassed: boolean("quiz_passed").notNull().default(false),
    /** Best stored quiz mark (score times 10). */
    bestMark: integer("best_mark"),
    /** SPEC "completed": the certificate has been issued (stored as `first` in the browser). */
    completed: boolean("completed").notNull().default(false),
    /** SPEC "end": when the course was finished. */
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /**
     * When a learner who is not the owner enrolled: they study the owner's course itself. Null for
     * the owner's own row. Leaving deletes the row with the rest of the learner's state.
     */
    enrolledAt: timestamp("enrolled_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.userId] }), index("course_learners_user_idx").on(t.userId)],
);

/**
 * A course's co-authors (issue 35): the owner invites an editor by e-mail; the invitation is
 * accepted from the mailed link (`token_hash`, the link's secret) or, when the address was
 * already an account's at the invitation (`user_id` set then), from that account's dashboard.
 * An accepted editor (`accepted_at`) edits the outline, lessons and quiz; only the owner deletes
 * the course, changes who may enrol, and invites or removes editors.
 */
export const courseEditors = pgTable(
  "course_editors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    /** Trimmed and lower-cased, as users.email. */
    email: text("email").notNull(),
    /** The account the invitation is for: bound when it is sent (an existing account) or accepted. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    invitedAt: timestamp("invited_at", { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("course_editors_course_email_key").on(t.courseId, t.email),
    uniqueIndex("course_editors_token_key").on(t.tokenHash),
    index("course_editors_user_idx").on(t.userId),
  ],
);
