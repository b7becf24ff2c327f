import "server-only";
import { shareKeyPoints } from "@/features/review/server";
import { logger } from "@/server/logger";
import { markLessonOpened } from "./lesson-progress";

/**
 * A learner is served a lesson's written text: the one place that says what opening a lesson
 * does. It is opened and done (lesson-progress.ts); on a learner's first reading of a lesson in
 * a course they do not own, the owner's key-point cards of it join their deck (no model call).
 * Sharing cards is a bonus: a failure there never fails the reading.
 */
export async function openLesson(
  userId: string,
  course: { userId: string; isOwner: boolean },
  lessonId: string,
): Promise<void> {
  const { first } = await markLessonOpened(userId, lessonId);
  if (!first || course.isOwner) return;
  await shareKeyPoints(userId, course.userId, lessonId).catch((error: unknown) =>
    logger.warn({ err: error, lessonId }, "key-point cards not shared"),
  );
}
