import "server-only";
import { findLearnerCourse } from "@/features/courses/server";

/** The page title; the owner lookup is cached per render, so the page's own read is not repeated. */
export async function findOwnedCourseTitle(userId: string, courseId: string): Promise<string | null> {
  return (await findLearnerCourse(userId, courseId))?.mainTopic ?? null;
}
