import "server-only";
import { and, asc, eq, isNull, notInArray, sql } from "drizzle-orm";
import { arrangeCourseLessons, type LessonPlacement } from "@/features/learning/server";
import { getDb, type Db } from "@/server/db/client";
import { courses, lessons, topics } from "@/server/db/schema";

/** A lesson as the outline editor shows it: `written` tells an empty new lesson from one with text. */
type OutlineLesson = { id: string; title: string; written: boolean };
type OutlineTopic = { id: string; title: string; lessons: OutlineLesson[] };

/**
 * The course's outline as its authors edit it (issue 35): its topics and own lessons in order, the
 * version a save names, and what was removed: each removed topic with the lessons removed with
 * it, and each lesson removed on its own (`topicId`: the topic it was in).
 */
export type EditableOutline = {
  version: number;
  topics: OutlineTopic[];
  removedTopics: OutlineTopic[];
  removedLessons: (OutlineLesson & { topicId: string })[];
};

/** An outline an author posts: ids kept, new entries without one. */
export type PostedOutline = { id?: string; title: string; lessons: { id?: string; title: string }[] }[];

export async function readEditableOutline(courseId: string, db?: Db): Promise<EditableOutline | undefined> {
  const handle = db ?? (await getDb());
  const [[course], topicRows, lessonRows] = await Promise.all([
    handle.select({ version: courses.outlineVersion }).from(courses).where(eq(courses.id, courseId)),
    handle
      .select({ id: topics.id, title: topics.title, archivedAt: topics.archivedAt })
      .from(topics)
      .where(eq(topics.courseId, courseId))
      .orderBy(asc(topics.position), asc(topics.number)),
    handle
      .select({
        id: lessons.id,
        topicId: lessons.topicId,
        title: lessons.title,
        written: sql<boolean>`${lessons.theory} <> ''`,
        archivedAt: lessons.archivedAt,
      })
      .from(lessons)
      .where(and(eq(lessons.courseId, courseId), isNull(lessons.learnerId)))
      .orderBy(asc(lessons.position), asc(lessons.createdAt)),
  ]);
  if (!course) return undefined;
  const entry = ({ id, title, written }: (typeof lessonRows)[number]): OutlineLesson => ({ id, title, written });
  const outline: EditableOutline = { version: course.version, topics: [], removedTopics: [], removedLessons: [] };
  for (const topic of topicRows) {
    const own = lessonRows.filter((l) => l.topicId === topic.id);
    if (topic.archivedAt === null) {
      outline.topics.push({ id: topic.id, title: topic.title, lessons: own.filter((l) => !l.archivedAt).map(entry) });
      continue;
    }
    // Removed in one save with its topic (one transaction, one now()): they come back with it.
    const withTopic = (l: (typeof lessonRows)[number]) => l.archivedAt?.getTime() === topic.archivedAt?.getTime();
    outline.removedTopics.push({ id: topic.id, title: topic.title, lessons: own.filter(withTopic).map(entry) });
  }
  const inRemovedTopic = new Set(outline.removedTopics.flatMap((t) => t.lessons.map((l) => l.id)));
  outline.removedLessons = lessonRows
    .filter((l) => l.archivedAt && !inRemovedTopic.has(l.id))
    .map((l) => ({ ...entry(l), topicId: l.topicId }));
  return outline;
}

export type OutlineSave =
  | { saved: true; outline: EditableOutline }
  | { saved: false; reason: "conflict"; current: EditableOutline }
  | { saved: false; reason: "unknown-entry" }
  | { saved: false; reason: "not-found" };

/**
 * Stores an author's outline in one transaction, version-checked under the course's row lock:
 * topics and lessons keep their ids and take their new order and titles, new ones are added,
 * and what was left out is archived with everything its learners did (arrangeCourseLessons).
 * An id that is not one of the course's own topics or lessons stores nothing.
 */
export async function saveOutline(
  courseId: string,
  expectedVersion: number,
  posted: PostedOutline,
): Promise<OutlineSave> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const handle = tx as unknown as Db;
    const [course] = await tx
      .select({ version: courses.outlineVersion })
      .from(courses)
      .where(eq(courses.id, courseId))
      .for("update");
    if (!course) return { saved: false, reason: "not-found" };
    if (course.version !== expectedVersion) {
      return { saved: false, reason: "conflict", current: (await readEditableOutline(courseId, handle))! };
    }
    const [topicRows, lessonRows] = await Promise.all([
      tx.select({ id: topics.id, number: topics.number }).from(topics).where(eq(topics.courseId, courseId)),
      tx
        .select({ id: lessons.id })
        .from(lessons)
        .where(and(eq(lessons.courseId, courseId), isNull(lessons.learnerId))),
    ]);
    const topicIds = new Set(topicRows.map((t) => t.id));
    const lessonIds = new Set(lessonRows.map((l) => l.id));
    const unknown =
      posted.some((t) => t.id !== undefined && !topicIds.has(t.id)) ||
      posted.some((t) => t.lessons.some((l) => l.id !== undefined && !lessonIds.has(l.id)));
    if (unknown) return { saved: false, reason: "unknown-entry" };

    // Out of every position first (see arrangeCourseLessons), then each topic takes its place.
    await tx
      .update(topics)
      .set({ position: sql`-1 - ${topics.position}` })
      .where(and(eq(topics.courseId, courseId), isNull(topics.archivedAt)));
    let nextNumber = Math.max(-1, ...topicRows.map((t) => t.number)) + 1;
    const kept: string[] = [];
    const placements: LessonPlacement[] = [];
    for (const [position, topic] of posted.entries()) {
      let id = topic.id;
      if (id) {
        await tx
          .update(topics)
          .set({ position, title: topic.title, archivedAt: null })
          .where(and(eq(topics.id, id), eq(topics.courseId, courseId)));
      } else {
        const [row] = await tx
          .insert(topics)
          .values({ courseId, position, number: nextNumber++, title: topic.title })
          .returning({ id: topics.id });
        id = row.id;
      }
      kept.push(id);
      for (const [index, lesson] of topic.lessons.entries())
        placements.push({ id: lesson.id ?? null, topicId: id, position: index, title: lesson.title });
    }
    await tx
      .update(topics)
      .set({ archivedAt: sql`now()` })
      .where(and(eq(topics.courseId, courseId), isNull(topics.archivedAt), notInArray(topics.id, kept)));
    await arrangeCourseLessons(handle, courseId, placements, kept);
    await tx
      .update(courses)
      .set({ outlineVersion: expectedVersion + 1, updatedAt: sql`now()` })
      .where(eq(courses.id, courseId));
    return { saved: true, outline: (await readEditableOutline(courseId, handle))! };
  });
}
