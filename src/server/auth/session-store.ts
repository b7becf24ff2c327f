import "server-only";
import { and, eq, lt, sql } from "drizzle-orm";
import { getDb, type Db } from "@/server/db/client";
import { effectivePlanSql } from "@/server/db/effective-plan";
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
  /** In force now: an ended period reads as Free. */
  plan: effectivePlanSql,
  locale: users.locale,
} as const;

/** How stale `last_seen_at` may get: it is a hint for the sessions list, not worth a write per request. */
export const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000;

/** A session whose expiry has not passed: every read of sessions goes through it. */
export const liveSession = sql`${sessions.expiresAt} > now()`;

/** The live session whose token has this hash, joined with its user; built once per database handle. */
function sessionUserQuery(db: Db) {
  return db
    .select({
      ...sessionUserColumns,
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder("tokenHash")), liveSession))
    .limit(1)
    .prepare("find_session_user");
}

// Building a query through drizzle's builder costs more CPU than PGlite takes to run this one:
// on the path of every signed-in request it is built once per handle (tests switch handles).
const sessionUserQueries = new WeakMap<Db, ReturnType<typeof sessionUserQuery>>();

/**
 * The one indexed read behind every authenticated request: the session's row by its token's
 * hash (a unique index), joined with its user. No row (never issued, signed out, ended
 * elsewhere, expired, user deleted) is no session.
 */
export async function findSessionUser(tokenHash: string) {
  const db = await getDb();
  let query = sessionUserQueries.get(db);
  if (!query) sessionUserQueries.set(db, (query = sessionUserQuery(db)));
  const [row] = await query.execute({ tokenHash });
  return row;
}

/** Moves `last_seen_at` forward if it is older than the resolution; concurrent requests write once. */
export async function touchSession(sessionId: string): Promise<void> {
  const db = await getDb();
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(
      and(
        eq(sessions.id, sessionId),
        lt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${LAST_SEEN_RESOLUTION_MS / 1000})`),
      ),
    );
}
