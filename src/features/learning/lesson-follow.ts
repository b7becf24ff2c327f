import "server-only";
import { isErrorCode } from "@/server/http/error-codes";
import { isDue, jobById, jobEvents, runJobSoon } from "@/server/jobs";
import { draftOf } from "./lesson-draft-queries";
import { liveLesson, onLiveLessonOpened, type LiveLesson } from "./lesson-live";
import { lessonContent, type LessonContent } from "./lesson-queries";

/** What a follower of a lesson job sees (the stream adds its progress and messages). */
export type GenerationEvent =
  | { type: "delta"; text: string }
  /** The model's attempt failed after some text was shown: drop it, a retry follows. */
  | { type: "reset" }
  | { type: "done"; lesson: LessonContent }
  | { type: "error"; code: string };

const POLL_MS = 500;

/** The job's stored failure as the API's code (an engine code such as job:abandoned is the generic failure). */
function failure(lastError: { code: string } | null): string {
  return lastError && isErrorCode(lastError.code) ? lastError.code : "lesson:generation-failed";
}

/**
 * Follows a lesson's job from any request: the text so far, then the rest as it is written, and
 * `done` with the stored lesson or `error` with the job's code. Live (each delta at once) when
 * this process runs the job, else from lessons.draft about twice a second: only the new suffix
 * is sent, and `reset` when the draft no longer continues what was sent (the model retried).
 */
export async function* followLessonJob(
  jobId: string,
  courseId: string,
  lessonId: string,
  options: { pollMs?: number } = {},
): AsyncGenerator<GenerationEvent> {
  const pollMs = options.pollMs ?? POLL_MS;
  let sent = "";
  let epoch: number | undefined;
  let nextJobCheck = 0;
  let followed: LiveLesson | undefined;
  for (;;) {
    // The entry this request followed, once more after it closed: its last deltas may be unread.
    const live = liveLesson(lessonId) ?? (followed?.closed ? followed : undefined);
    followed = live && !live.closed ? live : undefined;
    if (live && epoch !== undefined && live.epoch !== epoch && sent) {
      yield { type: "reset" };
      sent = "";
    }
    epoch = live?.epoch;
    const text = live ? live.text : ((await draftOf(lessonId)) ?? "");
    if (text.startsWith(sent)) {
      if (text.length > sent.length) yield { type: "delta", text: text.slice(sent.length) };
      sent = text;
    } else if (text && !sent.startsWith(text)) {
      // Neither continues the other: a new attempt's text.
      yield { type: "reset" };
      yield { type: "delta", text };
      sent = text;
    }
    // The job's state is read on the poll's rhythm, or when this process's job ended.
    if (!live || Date.now() >= nextJobCheck) {
      nextJobCheck = Date.now() + pollMs;
      const job = await jobById(jobId);
      if (!job || job.status === "succeeded") {
        const lesson = await lessonContent(courseId, lessonId, null);
        if (lesson?.theory) return yield { type: "done", lesson };
        if (!lesson) return yield { type: "error", code: "course:not-found" };
        if (!job) return yield { type: "error", code: "lesson:generation-failed" };
      }
      if (job && (job.status === "failed" || job.status === "cancelled")) {
        return yield { type: "error", code: failure(job.lastError) };
      }
      // Due and nobody on it (its worker died, or no worker runs here): this request takes it.
      if (job && isDue(job)) runJobSoon(job.id);
    }
    const following = followed;
    await changeOf(
      jobId,
      lessonId,
      following ? nextJobCheck - Date.now() : pollMs,
      // Text written while this request was busy reading the database: go on at once.
      () =>
        Boolean(following && (following.closed || following.text.length > sent.length || following.epoch !== epoch)),
    );
  }
}

/** Sleeps until the live text moves, this process's job ends, or `ms` passes. */
function changeOf(jobId: string, lessonId: string, ms: number, moved: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const live = liveLesson(lessonId);
    let stopOpening = () => {};
    const done = () => {
      clearTimeout(timer);
      live?.listeners.delete(done);
      stopOpening();
      jobEvents().off("finished", onFinished);
      resolve();
    };
    const onFinished = (id: string) => {
      if (id === jobId) done();
    };
    const timer = setTimeout(done, Math.max(0, ms));
    live?.listeners.add(done);
    if (!live) stopOpening = onLiveLessonOpened(lessonId, done);
    jobEvents().on("finished", onFinished);
    // A job that started (or ended) in this process since the last look, or text not yet sent.
    if (liveLesson(lessonId) !== live || moved()) done();
  });
}

/** How the job ended, for callers that want no stream. */
export async function lessonJobOutcome(
  jobId: string,
  courseId: string,
  lessonId: string,
): Promise<Extract<GenerationEvent, { type: "done" | "error" }>> {
  for await (const event of followLessonJob(jobId, courseId, lessonId)) {
    if (event.type === "done" || event.type === "error") return event;
  }
  return { type: "error", code: "lesson:generation-failed" };
}
