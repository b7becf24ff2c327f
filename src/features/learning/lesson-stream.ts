import "server-only";
import { courseNotFound, progressPercent } from "@/features/courses/server";
import type { ApiTranslator } from "@/i18n/api-translator";
import { aiEventStream, type StreamControlEvent } from "@/server/ai/event-stream";
import { enforceAiRateLimit } from "@/server/ai/rate-limit";
import { AppError, appError, databaseUnavailable } from "@/server/http/errors";
import { isErrorCode } from "@/server/http/error-codes";
import { activeJob, enqueueJob, JOB_PRIORITY, promoteJob, runJobSoon } from "@/server/jobs";
import { requireCourseAndLesson } from "./lesson-access";
import { followLessonJob, lessonJobOutcome, type GenerationEvent } from "./lesson-follow";
import { isPacedLessonJob, LESSON_WRITE, PACED_FLAG, type LessonWritePayload } from "./lesson-job";
import { openLesson } from "./lesson-opening";
import { progressCounts, type LessonContent } from "./lesson-queries";
import { lessonUpdateFor } from "./updated-since-read";

/**
 * The lesson's one active `lesson.write` job, joined or enqueued (and started), claimed before
 * any job of a "Write all lessons" batch (JOB_PRIORITY.wanted). Only a new job is charged to the
 * user's AI rate limit: joining one costs nothing. A job of the batch is now the learner's: it
 * stops being paced, so calling the batch off spares it, and goes first; one still waiting its
 * turn is charged as opening the lesson would be and starts at once (one already running took
 * its share of the limit when it started).
 */
async function lessonJob(
  userId: string,
  lesson: { id: string; courseId: string },
  regenerate: boolean,
  t: ApiTranslator,
): Promise<string> {
  const running = await activeJob(LESSON_WRITE, lesson.id);
  if (running && isPacedLessonJob(running)) {
    if (running.status === "queued") await enforceAiRateLimit(userId, t);
    if (await promoteJob(running.id, { [PACED_FLAG]: false }, JOB_PRIORITY.wanted)) runJobSoon(running.id);
  }
  if (running) return running.id;
  await enforceAiRateLimit(userId, t);
  const payload: LessonWritePayload = { courseId: lesson.courseId, userId, regenerate };
  const { id, created } = await enqueueJob({
    kind: LESSON_WRITE,
    subject: lesson.id,
    payload,
    userId,
    priority: JOB_PRIORITY.wanted,
  });
  if (created) runJobSoon(id);
  return id;
}

/** The learner's progress in the course as the viewer shows it, recomputed once a lesson is opened. */
async function courseProgress(courseId: string, userId: string, quizPassed: boolean): Promise<number> {
  return progressPercent({ ...(await progressCounts(courseId, userId)), quizPassed });
}

/** What the lesson stream sends, one JSON object per line (application/x-ndjson). */
export type LessonStreamEvent =
  | StreamControlEvent
  | { type: "delta"; text: string }
  | { type: "reset" }
  | { type: "done"; lesson: LessonContent; progress: number }
  | { type: "error"; code: string; message: string };

const encoder = new TextEncoder();
const line = (event: unknown) => encoder.encode(`${JSON.stringify(event)}\n`);

/** A model too slow for its budget, or the database down, says so; any other failure is the SPEC's generic message. */
function failureMessage(code: string, t: ApiTranslator, generic: string): string {
  if (code === "db:unavailable") return databaseUnavailable(t).message;
  return code === "ai:timeout" ? t("ai.timeout") : generic;
}

/**
 * Opens a lesson: with theory, it answers at once; without (or to regenerate), it enqueues or
 * joins the lesson's one job and streams the text as it is written (`start` at once, `waiting`
 * while the model is silent), from wherever the job runs. A lesson opened is marked done once it
 * has its text, and the answer carries the recomputed progress. Ownership is checked before the
 * stream starts (404). The tab going away stops the listening, not the job, which is stored.
 */
export async function openLessonStream(
  userId: string,
  input: { courseId: string; lessonId: string; regenerate: boolean },
  t: ApiTranslator,
  signal?: AbortSignal,
): Promise<ReadableStream<Uint8Array>> {
  const { course, lesson } = await requireCourseAndLesson(userId, input.courseId, input.lessonId, t);
  // The lesson's text is the course's, shared by its learners: only its owner has it rewritten.
  if (input.regenerate && !course.isOwner) throw appError("course:owner-only", t);
  const finish = async (content: LessonContent) => {
    // Read before opening: a first reading records the revision read, and then nothing is new.
    const updated = await lessonUpdateFor(course, userId, content.id);
    await openLesson(userId, course, content.id);
    return {
      type: "done",
      lesson: { ...content, done: true, updated },
      progress: await courseProgress(course.id, userId, course.quizPassed),
    } as const;
  };
  if (lesson.theory && !input.regenerate) {
    const done = await finish(lesson);
    return new ReadableStream({
      start(controller) {
        controller.enqueue(line(done));
        controller.close();
      },
    });
  }
  const jobId = await lessonJob(userId, lesson, input.regenerate, t);
  return aiEventStream<LessonStreamEvent>(
    async (send, gone) => {
      const events = followLessonJob(jobId, course.id, lesson.id);
      const left = new Promise<"gone">((resolve) =>
        gone.addEventListener("abort", () => resolve("gone"), { once: true }),
      );
      try {
        for (;;) {
          const next = await Promise.race([events.next(), left]);
          if (next === "gone" || next.done) return;
          const event: GenerationEvent = next.value;
          if (event.type === "done") return send(await finish(event.lesson));
          if (event.type === "error") {
            return send({
              type: "error",
              code: event.code,
              message: failureMessage(event.code, t, t("learning.generationFailed")),
            });
          }
          send(event);
        }
      } finally {
        await events.return(undefined);
      }
    },
    { signal, t },
  );
}

/** A generation that ended in error, as an answer: a lesson gone is 404, a model too slow 504, anything else 502. */
function generationError(code: string, t: ApiTranslator): AppError {
  if (code === "course:not-found") return courseNotFound(t);
  if (code === "db:unavailable") return databaseUnavailable(t);
  if (code === "ai:timeout") return appError("ai:timeout", t);
  return new AppError(isErrorCode(code) ? code : "lesson:generation-failed", t("learning.generationFailed"));
}

/**
 * Writes a lesson in the background while the learner reads the one before, so opening it needs
 * no wait. It is not marked done: only opening does that. Once written, the answer carries the
 * lesson; with `wait`, it answers when the lesson's job ends (the viewer keeps the text
 * and shows it at once when the learner opens the lesson), or with its error (502).
 */
export async function prefetchLesson(
  userId: string,
  input: { courseId: string; lessonId: string; wait?: boolean },
  t: ApiTranslator,
): Promise<{ state: "ready"; lesson: LessonContent } | { state: "generating" }> {
  const { course, lesson } = await requireCourseAndLesson(userId, input.courseId, input.lessonId, t);
  if (lesson.theory) return { state: "ready", lesson };
  const jobId = await lessonJob(userId, lesson, false, t);
  if (!input.wait) return { state: "generating" };
  const outcome = await lessonJobOutcome(jobId, course.id, lesson.id);
  if (outcome.type === "error") throw generationError(outcome.code, t);
  return { state: "ready", lesson: { ...outcome.lesson, done: lesson.done } };
}

/**
 * The contract's POST /api/generate: the lesson's whole text. It goes through the lesson's one
 * job like the stream and the prefetch, so none of them can write the lesson twice or overwrite
 * another's text; it is marked done, as opening it does.
 */
export async function writeLessonText(
  userId: string,
  input: { courseId: string; lessonId: string },
  t: ApiTranslator,
): Promise<string> {
  const { course, lesson } = await requireCourseAndLesson(userId, input.courseId, input.lessonId, t);
  // Already written (by the prefetch, say): serving it still marks it opened and done.
  if (lesson.theory) {
    await openLesson(userId, course, lesson.id);
    return lesson.theory;
  }
  const jobId = await lessonJob(userId, lesson, false, t);
  const outcome = await lessonJobOutcome(jobId, course.id, lesson.id);
  if (outcome.type === "error") throw generationError(outcome.code, t);
  await openLesson(userId, course, lesson.id);
  return outcome.lesson.theory;
}
