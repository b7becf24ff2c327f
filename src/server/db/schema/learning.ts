/** Tables the learning feature writes: a course's lessons and their revisions, the tutor chat, notes and their pictures. (docs/table-owners.md) */
import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { bytea, createdAt, updatedAt } from "./columns";
import { courses, topics } from "./courses";

/** A question missed in a quiz attempt, as a review lesson is told to teach it. */
export type RemediationQuestion = { question: string; right: string; chosen: string; explanation: string };

export type LessonRemediation = { attemptId: string; topicPosition: number | null; missed: RemediationQuestion[] };

/**
 * A kept citation of grounded text (a lesson, a tutor answer): the excerpt's number as the text
 * cites it, its source and pages, and the excerpt's text, the quote the reader sees (never the file).
 */
export type LessonCitation = {
  n: number;
  sourceId: string;
  sourceTitle: string;
  pageFrom: number;
  pageTo: number;
  quote: string;
};

/** One row per lesson (the SPEC's "subtopic"). */
export const lessons = pgTable(
  "lessons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    topicId: uuid("topic_id")
      .notNull()
      .references(() => topics.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    /** Sanitized HTML; empty until generated. */
    theory: text("theory").notNull().default(""),
    /**
     * The Markdown `theory` was rendered from, as the model wrote it or an author edited it; null
     * for a lesson stored before authoring (issue 35) or through the contract's HTML, whose
     * Markdown is read back from its HTML when an author opens it (authoring/html-to-markdown.ts).
     */
    markdown: text("markdown"),
    /**
     * The number of the lesson's newest revision (`lesson_revisions`): raised by one on every
     * generation, save and restore; a save naming an older one is refused (409 `lesson:conflict`).
     * 0: nothing stored since authoring began.
     */
    version: integer("version").notNull().default(0),
    /**
     * The revision the row's text and media are, the one learners read (decision 043). Equal to
     * `version` unless authors saved a draft of a course with other learners: then the newer
     * revisions wait in `lesson_revisions` until an author publishes the course.
     */
    publishedRevision: integer("published_revision").notNull().default(0),
    imageUrl: text("image_url"),
    imageAttribution: text("image_attribution"),
    /** The author's caption under the picture (issue 35); null: none. */
    imageCaption: text("image_caption"),
    youtubeId: text("youtube_id"),
    generatedAt: timestamp("generated_at", { withTimezone: true }),
    /**
     * The text the model has written so far while a `lesson.write` job runs, flushed about twice a
     * second so a reload or another instance can follow it; null once stored or never started.
     */
    draft: text("draft"),
    /**
     * Set on a review lesson added after a failed quiz ("Review what I missed", decision 025): the
     * attempt it follows and the questions it must teach, read by its lesson.write job for the
     * prompt. Null for the course's own lessons; a review lesson does not count in progress.
     */
    remediation: jsonb("remediation").$type<LessonRemediation>(),
    /**
     * The learner a review lesson was written for (decision 037): nobody else sees it. Null for
     * the course's own lessons, which every learner of the course reads.
     */
    learnerId: uuid("learner_id").references(() => users.id, { onDelete: "cascade" }),
    /**
     * The citations the lesson's text keeps (`[^n]` in it), checked against the excerpts of the
     * course's material it was written from (decision 027): each with the excerpt's quote, source
     * title and pages. Empty for a lesson written without material.
     */
    citations: jsonb("citations").$type<LessonCitation[]>().notNull().default([]),
    /**
     * Removed from the outline by an author (issue 35), or with its topic: hidden from every
     * reader (`lessonsSeenBy`), its learners' progress, notes, cards and attempts kept for a restore.
     */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("lessons_topic_position_key")
      .on(t.topicId, t.position)
      .where(sql`${t.archivedAt} is null`),
    index("lessons_course_idx").on(t.courseId),
  ],
);

/**
 * One learner's reading of one lesson: each learner of a course has their own, the course's owner
 * as much as anyone (decision 037). The lesson's text, pictures and video stay on `lessons`,
 * written once for all its learners. No row: never opened, not done.
 */
export const lessonProgress = pgTable(
  "lesson_progress",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lessonId: uuid("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    /** The lesson's course, so a learner's progress in a course is one index range. */
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    /**
     * When the server first served the lesson's written text to this learner (the viewer, the
     * lesson stream, /api/generate). Only an opened lesson can be done; the certificate needs them all.
     */
    openedAt: timestamp("opened_at", { withTimezone: true }),
    done: boolean("done").notNull().default(false),
    /**
     * The lesson's published revision when the learner read it (decision 043): a later one tells
     * them "Updated since you read it" until they have seen the changes. Null: never read.
     */
    readRevision: integer("read_revision"),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lessonId] }),
    index("lesson_progress_course_user_idx").on(t.courseId, t.userId),
  ],
);

export const chatSender = pgEnum("chat_sender", ["user", "bot"]);

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lessonId: uuid("lesson_id").references(() => lessons.id, { onDelete: "set null" }),
    sender: chatSender("sender").notNull(),
    text: text("text").notNull(),
    /** An answer from the course's material: the excerpts its checked `[^n]` cite (src/features/sources/citations.ts). */
    citations:
      jsonb("citations").$type<
        { n: number; sourceId: string; sourceTitle: string; pageFrom: number; pageTo: number; quote: string }[]
      >(),
    createdAt: createdAt(),
  },
  (t) => [index("chat_messages_course_created_idx").on(t.courseId, t.createdAt)],
);

export const notes = pgTable(
  "notes",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    /** Sanitized HTML. */
    html: text("html").notNull().default(""),
    /** Raised by one on every save; a save naming an older version is refused. */
    version: integer("version").notNull().default(1),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] })],
);

/**
 * Pictures pasted into notes, taken out of the HTML before it is sanitized and served by
 * GET /api/images/{id} to their owner only. One row per distinct picture (sha256) per notes.
 */
export const images = pgTable(
  "images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    /** image/png, image/jpeg, image/gif or image/webp, as the bytes say. */
    contentType: text("content_type").notNull(),
    bytes: bytea("bytes").notNull(),
    sha256: text("sha256").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("images_owner_course_idx").on(t.userId, t.courseId, t.sha256)],
);

/** What made a revision: the model writing the lesson, an author's save, or an author's restore of an older one. */
export const revisionKind = pgEnum("revision_kind", ["generated", "edited", "restored", "original"]);

/**
 * One row per stored state of a lesson (issue 35): the Markdown and the sanitized HTML it renders
 * to, its picture and video, who stored it (null: the model) and when. `revision` is the lesson's `version` it became.
 * Revision 0 (`original`) is the text a lesson had before authoring began, kept at its first save.
 */
export const lessonRevisions = pgTable(
  "lesson_revisions",
  {
    lessonId: uuid("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    revision: integer("revision").notNull(),
    kind: revisionKind("kind").notNull(),
    markdown: text("markdown").notNull(),
    html: text("html").notNull(),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    /** The lesson's picture, its credit and caption, and its video as this revision left them. */
    imageUrl: text("image_url"),
    imageAttribution: text("image_attribution"),
    imageCaption: text("image_caption"),
    youtubeId: text("youtube_id"),
    /** A restore: the revision whose text it brought back. */
    restoredFrom: integer("restored_from"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.lessonId, t.revision] }), index("lesson_revisions_author_idx").on(t.authorId)],
);
