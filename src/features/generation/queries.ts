import "server-only";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { getDb, type Db } from "@/server/db/client";
import { generatedOutlines } from "@/server/db/schema";

export type GeneratedOutlineRow = typeof generatedOutlines.$inferSelect;
export type NewGeneratedOutline = Pick<
  GeneratedOutlineRow,
  "userId" | "outline" | "topic" | "type" | "language" | "topicsLimit"
>;

/** How long a previewed outline can still become a course. */
const OUTLINE_TTL_MS = 24 * 60 * 60 * 1000;

const oldestLive = () => sql`now() - make_interval(secs => ${OUTLINE_TTL_MS / 1000})`;

/** Stores an outline and answers its id; the user's expired outlines are dropped on the way. */
export async function insertGeneratedOutline(values: NewGeneratedOutline): Promise<string> {
  const db = await getDb();
  await db
    .delete(generatedOutlines)
    .where(and(eq(generatedOutlines.userId, values.userId), lt(generatedOutlines.createdAt, oldestLive())));
  const [row] = await db.insert(generatedOutlines).values(values).returning({ id: generatedOutlines.id });
  return row.id;
}

const usableBy = (userId: string, id: string) =>
  and(
    eq(generatedOutlines.id, id),
    eq(generatedOutlines.userId, userId),
    isNull(generatedOutlines.usedAt),
    gt(generatedOutlines.createdAt, oldestLive()),
  );

/** The user's outline if it is still usable: not another user's, not expired, not used. */
export async function findUsableOutline(userId: string, id: string): Promise<GeneratedOutlineRow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(generatedOutlines).where(usableBy(userId, id)).limit(1);
  return row;
}

/** Marks the outline used, inside the caller's transaction; false when it no longer is usable. */
export async function markOutlineUsed(tx: Db, userId: string, id: string): Promise<boolean> {
  const rows = await tx
    .update(generatedOutlines)
    .set({ usedAt: sql`now()` })
    .where(usableBy(userId, id))
    .returning({ id: generatedOutlines.id });
  return rows.length > 0;
}
