import "server-only";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { courses } from "@/server/db/schema";

export type SharedCourseRow = typeof courses.$inferSelect;

/**
 * Marks the owner's course shared under `candidate`, unless it already has a share id: the same
 * id is answered while the course stays shared, so links already sent keep working.
 */
export async function startSharing(userId: string, courseId: string, candidate: string): Promise<string | undefined> {
  const db = await getDb();
  const [row] = await db
    .update(courses)
    .set({
      shareId: sql`coalesce(${courses.shareId}, ${candidate})`,
      sharedAt: sql`coalesce(${courses.sharedAt}, now())`,
    })
    .where(and(eq(courses.id, courseId), eq(courses.userId, userId)))
    .returning({ shareId: courses.shareId });
  return row?.shareId ?? undefined;
}

/** Forgets the share id: old links then find nothing. False when the course is not the owner's. */
export async function stopSharing(userId: string, courseId: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(courses)
    .set({ shareId: null, sharedAt: null })
    .where(and(eq(courses.id, courseId), eq(courses.userId, userId)))
    .returning({ id: courses.id });
  return rows.length > 0;
}

export async function findCourseByShareId(shareId: string): Promise<SharedCourseRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(courses)
    .where(and(eq(courses.shareId, shareId), isNotNull(courses.sharedAt)))
    .limit(1);
  return row;
}
