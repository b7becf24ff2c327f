import "server-only";
import { and, eq, isNotNull, isNull, notInArray, sql } from "drizzle-orm";
import { getDb, type Db } from "@/server/db/client";
import { lessons } from "@/server/db/schema";

/**
 * The lesson writes other features ask for. Learning owns `lessons` (docs/table-owners.md): the
 * viewer opens them, the generator fills them; a course's creation and the contract's content
 * update (the courses feature) write them through here, in the courses feature's transaction.
 */

type LessonRow = typeof lessons.$inferSelect;

/**
 * The lesson fields a course's owner (or the media step of a course's creation) may change. Done
 * is not one: it is each learner's (lesson-progress.ts).
 */
export type LessonChanges = Partial<
  Pick<LessonRow, "theory" | "imageUrl" | "imageAttribution" | "youtubeId" | "generatedAt">
>;

/** A new course's lessons, in the transaction that stores the course and its topics. */
export async function insertLessons(tx: Db, rows: (typeof lessons.$inferInsert)[]): Promise<void> {
  await tx.insert(lessons).values(rows);
}

export async function updateLesson(lessonId: string, values: LessonChanges): Promise<void> {
  const db = await getDb();
  await db
    .update(lessons)
    .set({ ...withoutStaleMarkdown(values), updatedAt: new Date() })
    .where(eq(lessons.id, lessonId));
}

/** Many lessons of one course at once (the contract's /api/update), in the caller's transaction. */
export async function updateCourseLessons(
  tx: Db,
  courseId: string,
  updates: { id: string; values: LessonChanges }[],
): Promise<void> {
  for (const update of updates) {
    await tx
      .update(lessons)
      .set({ ...withoutStaleMarkdown(update.values), updatedAt: new Date() })
      .where(and(eq(lessons.id, update.id), eq(lessons.courseId, courseId)));
  }
}

/**
 * HTML given without its Markdown (the contract's update) makes the kept Markdown stale: it is
 * dropped, and an author reads the new text back from the HTML (lesson-revisions.ts markdownOf).
 */
function withoutStaleMarkdown(values: LessonChanges): LessonChanges & { markdown?: null } {
  return values.theory === undefined ? values : { ...values, markdown: null };
}

/** Where an author's outline puts one of the course's own lessons: an existing one by id, or a new one. */
export type LessonPlacement = { id: string | null; topicId: string; position: number; title: string };

/**
 * Lays the course's lessons out as an author's outline says (issue 35), in the courses feature's
 * transaction, which has already placed the topics: each placed lesson takes its topic, position
 * and title (a removed one comes back with its text, progress and notes), a new one is added
 * unwritten, and an own lesson left out is archived, never deleted. Learners' review lessons
 * follow their topic: after its own lessons, archived with it and back with it. Answers the new
 * lessons' ids in the order they were placed.
 */
export async function arrangeCourseLessons(
  tx: Db,
  courseId: string,
  placements: LessonPlacement[],
  topicIds: string[],
): Promise<string[]> {
  // Out of every position first (each lesson's own negative, distinct, never one a lesson takes),
  // so a lesson may move to a position another held a moment ago.
  await tx
    .update(lessons)
    .set({ position: sql`-1 - ${lessons.position}` })
    .where(and(eq(lessons.courseId, courseId), isNull(lessons.archivedAt)));
  const placed: string[] = [];
  const added: string[] = [];
  for (const placement of placements) {
    const values = { topicId: placement.topicId, position: placement.position, title: placement.title };
    if (placement.id) {
      await tx
        .update(lessons)
        .set({ ...values, archivedAt: null, updatedAt: new Date() })
        .where(and(eq(lessons.id, placement.id), eq(lessons.courseId, courseId), isNull(lessons.learnerId)));
      placed.push(placement.id);
    } else {
      const [row] = await tx
        .insert(lessons)
        .values({ ...values, courseId })
        .returning({ id: lessons.id });
      placed.push(row.id);
      added.push(row.id);
    }
  }
  await tx
    .update(lessons)
    .set({ archivedAt: sql`now()` })
    .where(
      and(
        eq(lessons.courseId, courseId),
        isNull(lessons.learnerId),
        isNull(lessons.archivedAt),
        placed.length > 0 ? notInArray(lessons.id, placed) : undefined,
      ),
    );
  // Review lessons: after their topic's own lessons, in the order they were added.
  await tx.execute(sql`
    update ${lessons} set position = ranked.position, archived_at = null
    from (
      select r.id, (
        select count(*) from ${lessons} own
        where own.topic_id = r.topic_id and own.learner_id is null and own.archived_at is null
      ) + row_number() over (partition by r.topic_id order by r.created_at, r.id) - 1 as position
      from ${lessons} r
      where r.course_id = ${courseId} and r.learner_id is not null and r.topic_id in ${topicIds}
    ) ranked
    where ${lessons.id} = ranked.id`);
  await tx
    .update(lessons)
    .set({ archivedAt: sql`coalesce(${lessons.archivedAt}, now())` })
    .where(and(eq(lessons.courseId, courseId), isNotNull(lessons.learnerId), notInArray(lessons.topicId, topicIds)));
  return added;
}
