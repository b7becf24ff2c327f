import "server-only";
import { findOwnCourse } from "@/features/courses/server";
import { generateKeyPoints } from "@/features/generation/server";
import { getDb } from "@/server/db/client";
import { cards } from "@/server/db/schema";
import { failureCode } from "@/server/http/errors";
import { registerJobHandler, type JobContext } from "@/server/jobs";
import { logger } from "@/server/logger";
import { lessonProse } from "./lesson-prose";
import { hasSimilarFront, keyPointCount, ownLesson } from "./queries";
import { DUPLICATE_SIMILARITY, keepKeyPoints, MAX_KEY_POINTS } from "./rules";

/**
 * A written lesson's key points become cards in a durable job (decision 020): kind
 * `review.key-points`, subject the lesson id, one active per lesson. The model proposes 3–6
 * cards with the lesson sentence each comes from; the drop rules (rules.ts) and the course's
 * near-duplicates (pg_trgm) decide which are kept.
 */
export const KEY_POINTS = "review.key-points";

export type KeyPointsPayload = { userId: string; courseId: string };

async function keyPointsJob({ job, signal, stillOwned }: JobContext): Promise<void> {
  const { userId } = job.payload as KeyPointsPayload;
  const lessonId = job.subject;
  const lesson = await ownLesson(userId, lessonId);
  // The lesson or course went, or the text is not written: nothing to draw cards from.
  if (!lesson || !lesson.theory || !(await findOwnCourse(userId, lesson.courseId))) return;
  // At least once: a job run again after its cards were stored makes none.
  if ((await keyPointCount(lessonId)) > 0) return;
  const lessonText = lessonProse(lesson.theory);
  const proposed = await generateKeyPoints(
    { lessonTitle: lesson.title, lessonText, language: lesson.lang },
    { signal },
  );
  const { kept, dropped } = keepKeyPoints(proposed, lessonText);
  if (dropped.length > 0)
    logger.info({ lessonId, dropped: dropped.map((d) => d.reason) }, "key-point cards dropped by the rules");
  if (!(await stillOwned())) throw signal.reason ?? new Error("job lease lost");
  const db = await getDb();
  let stored = 0;
  for (const point of kept) {
    if (stored >= MAX_KEY_POINTS) break;
    // Near-duplicates within the owner's cards of the course merge into the card already there
    // (a learner's cards in the course are theirs, not the course's).
    if (await hasSimilarFront(userId, lesson.courseId, point.front, DUPLICATE_SIMILARITY)) continue;
    await db.insert(cards).values({
      userId,
      courseId: lesson.courseId,
      topicId: lesson.topicId,
      lessonId: lesson.id,
      source: "key-point",
      front: point.front,
      back: point.back,
      sourceSentence: point.sentence,
    });
    stored++;
  }
}

/** Only the database being away is worth another try; a model that fails leaves the lesson without key points. */
const keyPointsTransient = (error: unknown) => failureCode(error) === "db:unavailable";

/** Lets the worker run key-point jobs; called by instrumentation.ts, the cron route and the enqueuer. */
export function registerReviewJobs(): void {
  registerJobHandler(KEY_POINTS, keyPointsJob, { maxAttempts: 2, transient: keyPointsTransient });
}
