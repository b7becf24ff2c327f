import "server-only";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { courses, lessonProgress, lessons, topics, type LessonCitation } from "@/server/db/schema";
import { lessonsCounted, lessonsSeenBy, progressOf } from "./lesson-progress";
import type { LessonUpdate } from "./updated-since-read";

export type ViewerCourseRow = typeof courses.$inferSelect;
/** Whether `learner` has read the lesson (false for every lesson when there is no learner). */
const doneColumn = sql<boolean>`coalesce(${lessonProgress.done}, false)`;

/**
 * The outline the viewer draws: topics and lesson titles with their state, without any theory
 * (a 32-lesson course would otherwise send every lesson's HTML with each page). `done` is
 * `learnerId`'s (decision 037), and only their review lessons are in it; with null, nobody's
 * progress and none of the review lessons.
 */
export async function outlineOf(courseId: string, learnerId: string | null) {
  const db = await getDb();
  const [topicRows, lessonRows] = await Promise.all([
    db
      .select({ id: topics.id, position: topics.position, title: topics.title })
      .from(topics)
      .where(and(eq(topics.courseId, courseId), isNull(topics.archivedAt)))
      .orderBy(asc(topics.position)),
    db
      .select({
        id: lessons.id,
        topicId: lessons.topicId,
        position: lessons.position,
        title: lessons.title,
        done: doneColumn,
        generated: sql<boolean>`${lessons.theory} <> ''`,
        review: sql<boolean>`${lessons.remediation} is not null`,
      })
      .from(lessons)
      .leftJoin(lessonProgress, progressOf(learnerId))
      .where(and(eq(lessons.courseId, courseId), lessonsSeenBy(learnerId)))
      .orderBy(asc(lessons.position)),
  ]);
  return topicRows.map((topic) => ({ ...topic, lessons: lessonRows.filter((l) => l.topicId === topic.id) }));
}

export type LessonContent = {
  id: string;
  courseId: string;
  title: string;
  theory: string;
  imageUrl: string | null;
  imageAttribution: string | null;
  /** The author's caption under the picture (issue 35). */
  imageCaption?: string | null;
  youtubeId: string | null;
  done: boolean;
  /** The quotes the text cites (decision 027), without the source's id: the reader needs none. */
  citations: CitationView[];
  /** Changed since this learner finished it (decision 043); absent when not. */
  updated?: LessonUpdate;
};

/** A citation as a page shows it: its number, quote, source title and pages. */
export type CitationView = Omit<LessonCitation, "sourceId">;

/** What of a stored citation leaves the server. */
function citationViews(stored: readonly LessonCitation[] | null | undefined): CitationView[] {
  return (stored ?? []).map(({ n, sourceTitle, pageFrom, pageTo, quote }) => ({
    n,
    sourceTitle,
    pageFrom,
    pageTo,
    quote,
  }));
}

const lessonContentColumns = {
  id: lessons.id,
  courseId: lessons.courseId,
  title: lessons.title,
  theory: lessons.theory,
  imageUrl: lessons.imageUrl,
  imageAttribution: lessons.imageAttribution,
  imageCaption: lessons.imageCaption,
  youtubeId: lessons.youtubeId,
  done: doneColumn,
  citations: lessons.citations,
};

/**
 * The lesson as the viewer shows it; `done` is `learnerId`'s, and another learner's review lesson
 * is not found. Null reads any lesson of the course with `done` false: for a caller that has
 * already found the lesson the learner's (following its job).
 */
export async function lessonContent(
  courseId: string,
  lessonId: string,
  learnerId: string | null,
): Promise<LessonContent | undefined> {
  const db = await getDb();
  const [row] = await db
    .select(lessonContentColumns)
    .from(lessons)
    .leftJoin(lessonProgress, progressOf(learnerId))
    .where(
      and(eq(lessons.id, lessonId), eq(lessons.courseId, courseId), learnerId ? lessonsSeenBy(learnerId) : undefined),
    )
    .limit(1);
  return row && { ...row, citations: citationViews(row.citations) };
}

/** The lesson with its topic title and, for a review lesson, what it must teach: for the prompt. */
export async function lessonWithTopic(courseId: string, lessonId: string) {
  const db = await getDb();
  const [row] = await db
    .select({
      lesson: lessonContentColumns,
      topicId: lessons.topicId,
      topicTitle: topics.title,
      remediation: lessons.remediation,
    })
    .from(lessons)
    .innerJoin(topics, eq(topics.id, lessons.topicId))
    .leftJoin(lessonProgress, progressOf(null))
    .where(and(eq(lessons.id, lessonId), eq(lessons.courseId, courseId)))
    .limit(1);
  return row;
}

/** How many of the course's own lessons there are, and how many `learnerId` has done. */
export async function progressCounts(
  courseId: string,
  learnerId: string,
): Promise<{ lessonCount: number; doneCount: number }> {
  const db = await getDb();
  const [row] = await db
    .select({
      lessonCount: sql<number>`count(*)`.mapWith(Number),
      doneCount: sql<number>`count(*) filter (where ${lessonProgress.done})`.mapWith(Number),
    })
    .from(lessons)
    .leftJoin(lessonProgress, progressOf(learnerId))
    .where(and(eq(lessons.courseId, courseId), lessonsCounted));
  return row ?? { lessonCount: 0, doneCount: 0 };
}
