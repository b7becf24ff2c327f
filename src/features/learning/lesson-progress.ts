import "server-only";
import { and, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { getDb, type Db } from "@/server/db/client";
import { rowsOf } from "@/server/db/raw-rows";
import { lessonProgress, lessons } from "@/server/db/schema";

/**
 * Each learner's reading of a course's lessons (`lesson_progress`, decision 037): the one place
 * that writes it. A lesson's text is the course's, written once; whether it was opened and is
 * done belongs to the learner, the course's owner as much as anyone.
 */

/**
 * The server has just served the lesson's written text to this learner: it is opened (the first
 * time is kept) and done. A lesson with no text yet is left as it is: nothing was read. Answers
 * whether this was the learner's first reading (the subquery in `returning` sees the row as it
 * was before the statement), so what comes with a first reading happens once.
 */
export async function markLessonOpened(userId: string, lessonId: string): Promise<{ first: boolean }> {
  const db = await getDb();
  const result = await db.execute(sql`
    insert into ${lessonProgress} (user_id, lesson_id, course_id, opened_at, done, read_revision)
    select ${userId}, ${lessons.id}, ${lessons.courseId}, now(), true, ${lessons.publishedRevision}
    from ${lessons}
    where ${lessons.id} = ${lessonId} and ${lessons.theory} <> ''
    on conflict (user_id, lesson_id) do update
      set done = true, opened_at = coalesce(${lessonProgress.openedAt}, excluded.opened_at),
        read_revision = excluded.read_revision, updated_at = now()
      where not ${lessonProgress.done} or ${lessonProgress.openedAt} is null
    returning not exists (
      select 1 from ${lessonProgress} prior
      where prior.user_id = ${userId} and prior.lesson_id = ${lessonId} and prior.opened_at is not null
    ) as first`);
  return { first: Boolean(rowsOf<{ first: boolean }>(result)[0]?.first) };
}

/**
 * The learner ticks or unticks lessons (the contract's /api/update), in the caller's transaction.
 * Only a lesson the server served to them can move (`openedAt`): the caller refuses the rest first.
 */
export async function setLessonsDone(
  tx: Db,
  userId: string,
  courseId: string,
  changes: { lessonId: string; done: boolean }[],
): Promise<void> {
  for (const done of [true, false]) {
    const ids = changes.filter((c) => c.done === done).map((c) => c.lessonId);
    if (ids.length === 0) continue;
    await tx
      .update(lessonProgress)
      .set({ done, updatedAt: new Date() })
      .where(
        and(
          eq(lessonProgress.userId, userId),
          eq(lessonProgress.courseId, courseId),
          inArray(lessonProgress.lessonId, ids),
          isNotNull(lessonProgress.openedAt),
        ),
      );
  }
}

/**
 * The learner has seen what changed in a lesson they had finished (decision 043): they have now
 * read its published revision, and "Updated since you read it" goes. False: no such reading.
 */
export async function markChangesSeen(userId: string, lessonId: string): Promise<boolean> {
  const db = await getDb();
  const result = await db.execute(sql`
    update ${lessonProgress} set read_revision = ${lessons.publishedRevision}, updated_at = now()
    from ${lessons}
    where ${lessons.id} = ${lessonProgress.lessonId} and ${lessonProgress.userId} = ${userId}
      and ${lessonProgress.lessonId} = ${lessonId} and ${lessonProgress.done}
    returning ${lessonProgress.lessonId}`);
  return rowsOf(result).length > 0;
}

/** A join condition: the progress row of `userId` for the lessons of the query (none when null). */
export const progressOf = (userId: string | null) =>
  userId === null ? sql`false` : and(eq(lessonProgress.lessonId, lessons.id), eq(lessonProgress.userId, userId));

/** A filter: the lesson is in the outline, not removed from it by an author (issue 35). */
const lessonInOutline = isNull(lessons.archivedAt);

/**
 * A filter: the lessons `learnerId` may see, the course's own and the review lessons written for
 * them (decision 037). With no learner, the course's own lessons only: nobody's review lesson.
 */
export const lessonsSeenBy = (learnerId: string | null) =>
  and(
    lessonInOutline,
    learnerId === null ? isNull(lessons.learnerId) : or(isNull(lessons.learnerId), eq(lessons.learnerId, learnerId)),
  )!;

/**
 * A filter: the lessons progress counts, the course's own in its outline. Review lessons (decision
 * 025) are extra and a removed lesson is nobody's to read, so neither moves progress.
 */
export const lessonsCounted = and(isNull(lessons.remediation), isNull(lessons.learnerId), lessonInOutline)!;
