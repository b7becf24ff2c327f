/**
 * What the viewer and My Courses show of "Write all lessons" beyond its counts (write-all.ts):
 * which lessons could not be written, for the outline's marks, and which courses of a page have a
 * batch on its way, for their cards. Read-only; the batch itself is write-all.ts's.
 */

import "server-only";
import { and, inArray, sql } from "drizzle-orm";
import { requireOwnCourse } from "@/features/courses/server";
import type { ApiTranslator } from "@/i18n/api-translator";
import type { WritingProgress } from "./write-all-api";
import { getDb } from "@/server/db/client";
import { jobs } from "@/server/db/schema";
import { newestJobs } from "@/server/jobs";
import { LESSON_WRITE, PACED_FLAG } from "./lesson-job";
import { outlineOf } from "./lesson-queries";
import { writingProgressOf } from "./write-all";

type Outline = Awaited<ReturnType<typeof outlineOf>>;

/** The unwritten lessons whose newest `lesson.write` job failed for good, in outline order. */
async function failedLessonIds(outline: Outline): Promise<string[]> {
  const unwritten = outline.flatMap((topic) => topic.lessons).filter((lesson) => !lesson.generated);
  const failed = new Set(
    (
      await newestJobs(
        LESSON_WRITE,
        unwritten.map((lesson) => lesson.id),
      )
    )
      .filter((job) => job.status === "failed")
      .map((job) => job.subject),
  );
  return unwritten.filter((lesson) => failed.has(lesson.id)).map((lesson) => lesson.id);
}

/** The counts and, by id, the lessons that could not be written; the caller has checked the course is the user's. */
export async function writingStatusOf(outline: Outline): Promise<WritingProgress> {
  const [progress, failedLessons] = await Promise.all([writingProgressOf(outline), failedLessonIds(outline)]);
  return { ...progress, failedLessons };
}

/** `GET /api/courses/{id}/progress`: the owner's course only (another user's is 404). */
export async function writingStatus(userId: string, courseId: string, t: ApiTranslator): Promise<WritingProgress> {
  const course = await requireOwnCourse(userId, courseId, t);
  return writingStatusOf(await outlineOf(course.id, null));
}

/**
 * Of these courses (a page of My Courses, all the user's), the ones with "Write all lessons" on
 * its way, with how far each is written. One statement over the few active jobs; only a course
 * with a batch then has its outline read.
 */
export async function coursesBeingWritten(
  userId: string,
  courseIds: string[],
): Promise<Map<string, { written: number; total: number }>> {
  const writing = new Map<string, { written: number; total: number }>();
  if (courseIds.length === 0) return writing;
  const db = await getDb();
  const rows = await db
    .selectDistinct({ courseId: sql<string>`${jobs.payload} ->> 'courseId'` })
    .from(jobs)
    .where(
      and(
        sql`${jobs.status} in ('queued', 'running')`,
        sql`${jobs.kind} = ${LESSON_WRITE}`,
        sql`${jobs.userId} = ${userId}`,
        sql`(${jobs.payload} ->> ${PACED_FLAG}) = 'true'`,
        inArray(sql<string>`${jobs.payload} ->> 'courseId'`, courseIds),
      ),
    );
  for (const { courseId } of rows) {
    const progress = await writingProgressOf(await outlineOf(courseId, null));
    if (progress.batch > 0) writing.set(courseId, { written: progress.written, total: progress.total });
  }
  return writing;
}
