import "server-only";
import { findAuthoredCourse, markCoursePublished, requireAuthoredCourse } from "@/features/courses/server";
import { pendingLessonChanges, publishLessonDrafts } from "@/features/learning/server";
import type { ApiTranslator } from "@/i18n/api-translator";
import { aroundChanges, changedWords, wordDiff, type DiffPart } from "@/lib/word-diff";
import { getDb } from "@/server/db/client";

/**
 * Drafts and publishing (issue 35, decision 043). While a course has learners besides its
 * authors, an author's save of a lesson is a draft its learners do not read; publishing makes
 * every draft what they read, in one transaction, and raises the course's version. Nothing of a
 * learner's is touched: who had read a lesson that changed is worked out when they open it.
 */

/** A lesson's draft as the publish page shows it: what changed, around the changes. */
type LessonChangeView = {
  lessonId: string;
  title: string;
  topicTitle: string;
  changes: DiffPart[];
  words: { added: number; removed: number };
  mediaChanged: boolean;
};

export type PublishPageData = {
  course: { id: string; mainTopic: string; lang: string; drafted: boolean; publishedVersion: number };
  lessons: LessonChangeView[];
};

/** The publish page's course and its drafts; undefined (a 404 page) unless the user may author it. */
export async function publishPageData(userId: string, courseId: string): Promise<PublishPageData | undefined> {
  const course = await findAuthoredCourse(userId, courseId);
  if (!course) return undefined;
  const pending = await pendingLessonChanges(course.id);
  return {
    course: {
      id: course.id,
      mainTopic: course.mainTopic,
      lang: course.lang,
      drafted: course.drafted,
      publishedVersion: course.publishedVersion,
    },
    lessons: pending.map(({ published, draft, ...lesson }) => {
      const diff = wordDiff(published, draft);
      return { ...lesson, changes: aroundChanges(diff), words: changedWords(diff) };
    }),
  };
}

/**
 * POST /api/courses/{id}/publish: the course's drafts become what its learners read. With no
 * draft waiting nothing changes and the version stays. Authors only (404 to anyone else).
 */
export async function publishCourse(
  userId: string,
  courseId: unknown,
  t: ApiTranslator,
): Promise<{ publishedVersion: number; lessons: number }> {
  const course = await requireAuthoredCourse(userId, courseId, t);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const lessons = await publishLessonDrafts(tx, course.id);
    if (lessons === 0) return { publishedVersion: course.publishedVersion, lessons };
    return { publishedVersion: await markCoursePublished(tx, course.id), lessons };
  });
}
