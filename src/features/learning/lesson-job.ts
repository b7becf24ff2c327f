import "server-only";
import { randomUUID } from "node:crypto";
import { findLearnerCourse } from "@/features/courses/server";
import { generateLesson } from "@/features/generation/server";
import { queueKeyPoints } from "@/features/review/server";
import { courseExcerpts, courseHasMaterial } from "@/features/sources/server";
import { env } from "@/server/env";
import { failureCode } from "@/server/http/errors";
import { aiRateLimitKey, aiRateLimitRule } from "@/server/ai/rate-limit";
import { takeRateLimitSlotBelow } from "@/server/http/rate-limit";
import { isTransient, JobDeferred, registerJobHandler, type Job, type JobContext } from "@/server/jobs";
import { logger } from "@/server/logger";
import { generatedAtOf, storeGeneratedLesson, writeDraft } from "./lesson-draft-queries";
import { lessonExcerptQuery } from "./lesson-excerpt-query";
import { openLiveLesson } from "./lesson-live";
import { lessonWithTopic, outlineOf } from "./lesson-queries";
import { brandedError } from "@/lib/branded-error";

/**
 * Writing a lesson is a durable job (decision 020): one active `lesson.write` job per lesson,
 * whoever asked (the viewer's stream, a second tab, the prefetch, /api/generate), on whichever
 * instance runs it. The text is followed live in this process and through lessons.draft
 * elsewhere (lesson-follow.ts).
 */
export const LESSON_WRITE = "lesson.write";

export type LessonWritePayload = {
  courseId: string;
  userId: string;
  regenerate: boolean;
  /**
   * Queued by "Write all lessons" (write-all.ts): nobody waits for it, so it keeps within the
   * user's AI rate limit by waiting its turn, and a failing model is retried later. A learner
   * opening the lesson turns it into an ordinary job (lesson-stream.ts).
   */
  paced?: boolean;
};

/** How often the growing text is written to lessons.draft for followers in other processes. */
const DRAFT_FLUSH_MS = 500;

class LessonGone extends brandedError("LessonGone") {
  readonly code = "course:not-found";
}

/**
 * A paced lesson may use the user's AI allowance only up to three quarters of it per window, so
 * the learner's own chat and lessons still get through while a whole course is written. Over
 * that, the job waits for the window to end (and is counted only when it does start).
 */
async function takePacedSlot(userId: string): Promise<void> {
  const rule = aiRateLimitRule();
  const share = Math.max(1, rule.limit - Math.max(1, Math.floor(rule.limit / 4)));
  const slot = await takeRateLimitSlotBelow(aiRateLimitKey(userId), rule, share);
  if (!slot.taken) throw new JobDeferred(Math.max(250, slot.resetAt.getTime() - Date.now() + 50));
}

async function writeLessonJob({ job, signal, keepLease }: JobContext): Promise<void> {
  const { courseId, userId, regenerate, paced } = job.payload as LessonWritePayload;
  const lessonId = job.subject;
  const [course, found, outline] = await Promise.all([
    findLearnerCourse(userId, courseId),
    lessonWithTopic(courseId, lessonId),
    outlineOf(courseId, null),
  ]);
  if (!course || !found) throw new LessonGone("The lesson is gone.");
  // At least once: a worker that died after storing leaves the job to be run again. Nothing to redo.
  if (!regenerate && found.lesson.theory) return;
  if (regenerate && ((await generatedAtOf(lessonId))?.getTime() ?? 0) >= job.createdAt.getTime()) return;
  if (paced) await takePacedSlot(userId);
  // A course made from material is written from its excerpts and cites them (decision 027); one
  // cheap check leaves every other course as it was.
  // The material is the owner's, whoever asked for the lesson.
  const excerpts = (await courseHasMaterial(course.userId, courseId))
    ? await courseExcerpts(
        course.userId,
        courseId,
        lessonExcerptQuery({
          courseTopic: course.mainTopic,
          topicTitle: found.topicTitle,
          lessonTitle: found.lesson.title,
          remediation: found.remediation,
        }),
        8,
      )
    : [];

  const live = openLiveLesson(lessonId);
  let flushed = "";
  let flushing: Promise<void> = Promise.resolve();
  const flush = () => {
    const text = live.entry.text;
    if (text === flushed || signal.aborted) return flushing;
    flushed = text;
    flushing = flushing
      .then(() => writeDraft(lessonId, text))
      .catch((error: unknown) => logger.warn({ err: error, lessonId }, "lesson draft not saved"));
    return flushing;
  };
  const flusher = setInterval(() => void flush(), DRAFT_FLUSH_MS);
  try {
    const result = await generateLesson(
      {
        courseTopic: course.mainTopic,
        topicTitle: found.topicTitle,
        lessonTitle: found.lesson.title,
        language: course.lang,
        outline: found.remediation
          ? // A review lesson teaches from its topic's own lessons (decision 025).
            (outline.find((t) => t.id === found.topicId)?.lessons ?? []).filter((l) => !l.review).map((l) => l.title)
          : outline.flatMap((t) => t.lessons.map((l) => l.title)).filter((title) => title !== found.lesson.title),
        ...(found.remediation ? { review: { missed: found.remediation.missed } } : {}),
        courseType: course.type,
        ...(regenerate ? { rewriteId: randomUUID().slice(0, 8) } : {}),
        excerpts,
      },
      {
        signal,
        onDelta: (text) => live.append(text),
        onRetry: () => {
          live.reset();
          // Followers elsewhere see the text shrink at once, not half a second later.
          void flush();
        },
      },
    );
    clearInterval(flusher);
    await flushing;
    // Taken over while the model wrote: the new holder stores it, not us.
    await keepLease();
    // A regenerated lesson keeps its media when the new search found none.
    if (result.grounding) logger.info({ lessonId, ...result.grounding }, "lesson citations checked");
    await storeGeneratedLesson(lessonId, {
      markdown: result.markdown,
      theory: result.html,
      citations: result.citations,
      imageUrl: result.image?.url ?? (course.type === "text_image" ? found.lesson.imageUrl : null),
      imageAttribution: result.image?.attribution ?? (result.image ? null : found.lesson.imageAttribution),
      youtubeId: result.youtubeId ?? (course.type === "video_text" ? found.lesson.youtubeId : null),
    });
    // Its key points become review cards in their own job; a failure there never fails the lesson.
    await queueKeyPoints({ userId, courseId, lessonId }).catch((error: unknown) =>
      logger.warn({ err: error, lessonId }, "key-point cards not queued"),
    );
  } catch (error) {
    clearInterval(flusher);
    await flushing;
    if (!signal.aborted) await writeDraft(lessonId, null).catch(() => {});
    const code = failureCode(error);
    if (code) logger.warn({ lessonId, code }, "lesson generation failed; nothing stored");
    // A lost lease (cancelled, or taken over) is the engine's to report (runner.ts), not a fault.
    else if (signal.aborted) logger.info({ lessonId }, "lesson generation stopped: the job's lease is gone");
    else logger.error({ err: error, lessonId }, "lesson generation failed unexpectedly");
    throw error;
  } finally {
    live.close();
  }
}

/**
 * The model's failures were retried already inside generateLesson (four calls, with backoff):
 * another job attempt would repeat that while the learner waits, so they fail the job and the
 * learner's "Try again" enqueues a new one. Only the database being unreachable is retried here;
 * a worker that died is taken over through its lease either way. A paced job has nobody
 * watching: a busy or failing model is tried again later, with the engine's backoff.
 */
const lessonTransient = (error: unknown, job: Job) =>
  failureCode(error) === "db:unavailable" || (isPacedLessonJob(job) && isTransient(error));

/** Lets the engine run lesson jobs; called from the app's one list of handlers (src/app/job-handlers.ts). */
export function registerLessonJobs(): void {
  registerJobHandler(LESSON_WRITE, writeLessonJob, {
    maxAttempts: 3,
    transient: lessonTransient,
    // The model's whole budget (its retries included), and a minute for the media, the material and the store.
    timeoutMs: () => env().AI_TOTAL_TIMEOUT_MS + 60_000,
  });
}

/** The lesson.write payload flag that marks a job of "Write all lessons". */
export const PACED_FLAG = "paced" satisfies keyof LessonWritePayload;

export function isPacedLessonJob(job: Job): boolean {
  return job.kind === LESSON_WRITE && Boolean((job.payload as LessonWritePayload).paced);
}
