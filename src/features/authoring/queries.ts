import "server-only";
import { and, asc, eq, isNull, ne } from "drizzle-orm";
import { authoredBy } from "@/features/courses/server";
import { authorsCopy, draftRevisionOf, lessonsSeenBy } from "@/features/learning/server";
import { getDb } from "@/server/db/client";
import { courses, lessonRevisions, lessons, topics } from "@/server/db/schema";

export type AuthoredLesson = {
  id: string;
  courseId: string;
  title: string;
  theory: string;
  markdown: string | null;
  version: number;
  generatedAt: Date | null;
  courseTitle: string;
  courseLang: string;
  courseType: "text_image" | "video_text";
  imageUrl: string | null;
  imageAttribution: string | null;
  imageCaption: string | null;
  youtubeId: string | null;
};

/**
 * A lesson of a course the user may edit: the course's own lessons in its outline (not a
 * learner's review lesson, not a removed one: it is restored first) of a course they own or
 * co-author (an editor who accepted). Anything else, to its learners and to anyone, is undefined.
 * Its text and media are the authors' copy: the draft, when one waits to be published.
 */
export async function findAuthoredLesson(userId: string, lessonId: string): Promise<AuthoredLesson | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: lessons.id,
      courseId: lessons.courseId,
      title: lessons.title,
      ...authorsCopy,
      version: lessons.version,
      generatedAt: lessons.generatedAt,
      courseTitle: courses.mainTopic,
      courseLang: courses.lang,
      courseType: courses.type,
    })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .leftJoin(lessonRevisions, draftRevisionOf)
    .where(and(eq(lessons.id, lessonId), authoredBy(userId), lessonsSeenBy(null)))
    .limit(1);
  return row;
}

/**
 * A topic in the outline of a course the user may edit, with its written lessons in order (their
 * authors' copy: the draft where one waits); undefined for anyone else or a removed topic.
 */
export async function findAuthoredTopic(userId: string, courseId: string, topicId: string) {
  const db = await getDb();
  const [topic] = await db
    .select({ id: topics.id, title: topics.title, courseTitle: courses.mainTopic, courseLang: courses.lang })
    .from(topics)
    .innerJoin(courses, eq(courses.id, topics.courseId))
    .where(and(eq(topics.id, topicId), eq(topics.courseId, courseId), isNull(topics.archivedAt), authoredBy(userId)))
    .limit(1);
  if (!topic) return undefined;
  const rows = await db
    .select({ id: lessons.id, title: lessons.title, version: lessons.version, ...authorsCopy })
    .from(lessons)
    .leftJoin(lessonRevisions, draftRevisionOf)
    .where(and(eq(lessons.topicId, topic.id), lessonsSeenBy(null), ne(lessons.theory, "")))
    .orderBy(asc(lessons.position));
  return { ...topic, lessons: rows };
}
