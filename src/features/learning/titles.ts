import "server-only";
import { findOwnCourse } from "@/features/courses/server";

/** The page title; the owner lookup is cached per render, so the page's own read is not repeated. */
export async function findOwnedCourseTitle(userId: string, courseId: string): Promise<string | null> {
  return (await findOwnCourse(userId, courseId))?.mainTopic ?? null;
}
