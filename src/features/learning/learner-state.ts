import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { chatMessages, lessonProgress, lessons, notes } from "@/server/db/schema";

/**
 * A learner leaves a course: their reading of it, their notes and chat, and the review lessons
 * written for them go, in the caller's transaction. The course's own lessons stay for its other
 * learners.
 */
export async function forgetLearnerReading(tx: Db, courseId: string, userId: string): Promise<void> {
  await tx.delete(lessonProgress).where(and(eq(lessonProgress.courseId, courseId), eq(lessonProgress.userId, userId)));
  await tx.delete(notes).where(and(eq(notes.courseId, courseId), eq(notes.userId, userId)));
  await tx.delete(chatMessages).where(and(eq(chatMessages.courseId, courseId), eq(chatMessages.userId, userId)));
  await tx.delete(lessons).where(and(eq(lessons.courseId, courseId), eq(lessons.learnerId, userId)));
}
