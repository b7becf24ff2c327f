import "server-only";
import { and, eq, lt, sql } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { sessions, users } from "@/server/db/schema";

/**
 * What the auth layer reads on every signed-in request: the session's row and its user. It
 * lives here, not in the accounts feature, because the server layer must not know the product
 * (features build on it, never the reverse).
 */

type UserRow = typeof users.$inferSelect;

/** Public face of a user: never the password hash. */
export type SessionUser = Pick<UserRow, "id" | "email" | "name" | "role" | "plan" | "locale">;

export const sessionUserColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: users.role,
  plan: users.plan,
  locale: users.locale,
} as const;

/** How stale `last_seen_at` may get: it is a hint for the sessions list, not worth a write per request. */
export const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000;

/**
 * The one indexed read behind every authenticated request: the session's row by its primary
 * key, joined with its user. No row (signed out, ended elsewhere, user deleted) is no session.
 */
export async function findSessionUser(sessionId: string, userId: string) {
  const db = await getDb();
  const [row] = await db
    .select({ ...sessionUserColumns, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .limit(1);
  return row;
}

/** Moves `last_seen_at` forward if it is older than the resolution; concurrent requests write once. */
export async function touchSession(sessionId: string): Promise<void> {
  const db = await getDb();
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), lt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${LAST_SEEN_RESOLUTION_MS / 1000})`)));
}
