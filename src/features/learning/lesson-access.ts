import "server-only";
import { courseNotFound, findLearnerCourse } from "@/features/courses/server";
import type { ApiTranslator } from "@/i18n/api-translator";
import { isUuid } from "@/lib/ids";
import { lessonContent, type LessonContent, type ViewerCourseRow } from "./lesson-queries";

/** A lesson of a course already known to be the caller's (`done` is theirs); any other id is 404. */
export async function requireLesson(
  userId: string,
  course: ViewerCourseRow,
  lessonId: string,
  t: ApiTranslator,
): Promise<LessonContent> {
  const lesson = isUuid(lessonId) ? await lessonContent(course.id, lessonId, userId) : undefined;
  if (!lesson) throw courseNotFound(t);
  return lesson;
}

/**
 * The owner's course and one of its lessons, read side by side (one round trip instead of two).
 * The lesson read is scoped by the course id and only returned once the course is known to be
 * the caller's, so nothing of another user's course leaks.
 */
export async function requireCourseAndLesson(userId: string, courseId: string, lessonId: string, t: ApiTranslator) {
  if (!isUuid(courseId) || !isUuid(lessonId)) throw courseNotFound(t);
  const [course, lesson] = await Promise.all([
    findLearnerCourse(userId, courseId),
    lessonContent(courseId, lessonId, userId),
  ]);
  if (!course || !lesson) throw courseNotFound(t);
  return { course, lesson };
}
