import "server-only";
import { and, eq } from "drizzle-orm";
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
