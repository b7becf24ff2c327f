import "server-only";
import { findLearnerCourse, removeLearner, courseNotFound } from "@/features/courses/server";
import { forgetLearnerReading } from "@/features/learning/server";
import { forgetQuizLearner } from "@/features/quiz/server";
import { forgetLearnerCards } from "@/features/review/server";
import type { ApiTranslator } from "@/i18n/api-translator";
import { getDb, type Db } from "@/server/db/client";
import { appError } from "@/server/http/errors";

/**
 * DELETE /api/courses/{id}/enroll: an enrolled learner leaves the course, and everything of
 * theirs in it goes in one transaction: reading, notes, chat, review lessons, quiz serving and
 * attempts, cards and their log, standing. Their certificate stays verifiable. The owner cannot
 * leave (409: they delete the course instead); a course they are not enrolled in is 404.
 */
export async function leaveCourse(userId: string, courseId: unknown, t: ApiTranslator): Promise<void> {
  const course = await findLearnerCourse(userId, courseId);
  if (!course) throw courseNotFound(t);
  if (course.isOwner) throw appError("course:owner-cannot-leave", t);
  const db = await getDb();
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await forgetLearnerReading(tx, course.id, userId);
    await forgetQuizLearner(tx, course.id, userId);
    await forgetLearnerCards(tx, course.id, userId);
    await removeLearner(tx, course.id, userId);
  });
}
