import "server-only";
import { cache } from "react";
import { findOwnedCourse } from "./queries";

/** The page title; cached per request, so the page's own read is not repeated. */
export const findOwnedCourseTitle = cache(async (userId: string, courseId: string): Promise<string | null> => {
  if (!/^[0-9a-f-]{36}$/i.test(courseId)) return null;
  return (await findOwnedCourse(userId, courseId))?.mainTopic ?? null;
});
