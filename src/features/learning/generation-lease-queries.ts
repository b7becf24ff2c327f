import "server-only";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { lessons } from "@/server/db/schema";

/**
 * Takes the lesson's generation lease: only one app instance writes a lesson at a time. The
 * lease is free when nobody holds it or the holder stopped renewing it (a crashed instance).
 * Without `regenerate`, a lesson that already has theory is not taken.
 */
export async function claimGenerationLease(lessonId: string, leaseMs: number, regenerate: boolean): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(lessons)
    .set({ generatingUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
    .where(
      and(
        eq(lessons.id, lessonId),
        or(isNull(lessons.generatingUntil), lt(lessons.generatingUntil, sql`now()`)),
        regenerate ? undefined : eq(lessons.theory, ""),
      ),
    )
    .returning({ id: lessons.id });
  return rows.length > 0;
}

export async function renewGenerationLease(lessonId: string, leaseMs: number): Promise<void> {
  const db = await getDb();
  await db
    .update(lessons)
    .set({ generatingUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
    .where(eq(lessons.id, lessonId));
}

export async function releaseGenerationLease(lessonId: string): Promise<void> {
  const db = await getDb();
  await db.update(lessons).set({ generatingUntil: null }).where(eq(lessons.id, lessonId));
}

/** Another instance's lease on the lesson, if one is live. */
export async function leaseState(lessonId: string): Promise<{ theory: string; leased: boolean } | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ theory: lessons.theory, leased: sql<boolean>`coalesce(${lessons.generatingUntil} > now(), false)` })
    .from(lessons)
    .where(eq(lessons.id, lessonId))
    .limit(1);
  return row;
}

/** Stores a finished lesson and frees its lease in one write; `done` is left as it was. */
export async function storeGeneratedLesson(
  lessonId: string,
  values: { theory: string; imageUrl: string | null; imageAttribution: string | null; youtubeId: string | null },
): Promise<void> {
  const db = await getDb();
  const now = new Date();
  await db
    .update(lessons)
    .set({ ...values, generatedAt: now, generatingUntil: null, updatedAt: now })
    .where(eq(lessons.id, lessonId));
}
