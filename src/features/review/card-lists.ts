import "server-only";
import { findLearnerCourse, requireLearnerCourse } from "@/features/courses/server";
import type { ApiTranslator } from "@/i18n/api-translator";
import { managedCard } from "./card-answers";
import type { ManagedCard } from "./card-shapes";
import { courseCards } from "./queries";
import { cardsCsv, cardText, slugTag } from "./rules";

/** A course's cards, for the card list. */
export async function listCourseCards(userId: string, courseId: string, t: ApiTranslator): Promise<ManagedCard[]> {
  const course = await requireLearnerCourse(userId, courseId, t);
  return (await courseCards(course.id)).map(managedCard);
}

/** A course's cards as a CSV Anki imports: front, back, tags (the course title and the topic, slugified). */
export async function courseCardsCsv(
  userId: string,
  courseId: string,
  t: ApiTranslator,
): Promise<{ csv: string; title: string }> {
  const course = await requireLearnerCourse(userId, courseId, t);
  const rows = await courseCards(course.id);
  const courseTag = slugTag(course.mainTopic);
  const csv = cardsCsv(
    rows.map((row) => ({
      front: cardText(row.front),
      back: cardText(row.back),
      tags: [courseTag, ...(row.topicTitle ? [slugTag(row.topicTitle)] : [])],
    })),
  );
  return { csv, title: course.mainTopic };
}

/** The card list page: a course the caller studies and their cards, or undefined (not found). */
export async function courseCardsForPage(userId: string, courseId: string) {
  const course = await findLearnerCourse(userId, courseId);
  if (!course) return undefined;
  return { course, cards: (await courseCards(course.id)).map(managedCard) };
}
