/**
 * "Write all lessons" (decision 020): every unwritten lesson of a course becomes a paced
 * `lesson.write` job, written in outline order by whichever worker is free, after the tab is
 * closed too. Paced jobs keep within the user's AI rate limit by waiting (lesson-job.ts), so a
 * Free and a paid learner get what opening the lessons one by one would give them, only sooner.
 */

import "server-only";
import { requireOwnCourse } from "@/features/courses/server";
import type { ApiTranslator } from "@/i18n/api-translator";
import type { WritingProgress } from "./write-all-api";
import { env } from "@/server/env";
import { cancelFlaggedJobs, enqueueJob, isWorkerRunning, newestJobs, runJobSoon } from "@/server/jobs";
import { isPacedLessonJob, LESSON_WRITE, PACED_FLAG, type LessonWritePayload } from "./lesson-job";
import { outlineOf } from "./lesson-queries";

export type { WritingProgress };

/** Where a course's lessons stand, from its outline; the caller has checked it is the user's. */
export async function writingProgressOf(outline: Awaited<ReturnType<typeof outlineOf>>): Promise<WritingProgress> {
  const lessons = outline.flatMap((topic) => topic.lessons);
  const unwritten = lessons.filter((lesson) => !lesson.generated).map((lesson) => lesson.id);
  const jobs = await newestJobs(LESSON_WRITE, unwritten);
  const count = (status: string) => jobs.filter((job) => job.status === status).length;
  return {
    written: lessons.length - unwritten.length,
    total: lessons.length,
    failed: count("failed"),
    running: count("running"),
    queued: count("queued"),
    batch: jobs.filter((job) => (job.status === "running" || job.status === "queued") && isPacedLessonJob(job)).length,
    topics: outline.map((topic) => ({
      id: topic.id,
      written: topic.lessons.filter((lesson) => lesson.generated).length,
      total: topic.lessons.length,
    })),
  };
}

/**
 * Queues every unwritten lesson (one joined where a job is already active) and answers how many
 * are now on their way. Queued one after another at the background priority, so the claim order
 * (run_after) is the outline's and any lesson the learner opens goes first. A worker loop in
 * this process is woken; on a serverless host the request starts JOBS_CONCURRENCY of them inside
 * `after()`, and each, once finished, starts the next due one (runInlineChain): the batch runs to
 * its end without the cron.
 */
export async function writeAllLessons(userId: string, courseId: string, t: ApiTranslator): Promise<{ queued: number }> {
  const course = await requireOwnCourse(userId, courseId, t);
  const outline = await outlineOf(course.id, null);
  const unwritten = outline.flatMap((topic) => topic.lessons).filter((lesson) => !lesson.generated);
  const created: string[] = [];
  for (const lesson of unwritten) {
    const payload: LessonWritePayload = { courseId: course.id, userId, regenerate: false, [PACED_FLAG]: true };
    const job = await enqueueJob({ kind: LESSON_WRITE, subject: lesson.id, payload, userId });
    if (job.created) created.push(job.id);
  }
  const startNow = isWorkerRunning() ? 1 : env().JOBS_CONCURRENCY;
  for (const id of created.slice(0, startNow)) runJobSoon(id);
  return { queued: unwritten.length };
}

/**
 * Calls the batch off: no lesson of it is written from now on; one being written stops and
 * stores nothing. Lessons the learner opened meanwhile are not the batch's any more and go on.
 */
export async function cancelWriteAll(
  userId: string,
  courseId: string,
  t: ApiTranslator,
): Promise<{ cancelled: number }> {
  const course = await requireOwnCourse(userId, courseId, t);
  const outline = await outlineOf(course.id, null);
  const unwritten = outline.flatMap((topic) => topic.lessons).filter((lesson) => !lesson.generated);
  const cancelled = await cancelFlaggedJobs(
    LESSON_WRITE,
    unwritten.map((lesson) => lesson.id),
    PACED_FLAG,
  );
  return { cancelled };
}
