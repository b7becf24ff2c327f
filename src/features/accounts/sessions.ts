import "server-only";
import { and, desc, eq, ne, sql } from "drizzle-orm";
import { liveSession } from "@/server/auth/session-store";
import { newSessionToken, SESSION_MAX_AGE_SECONDS } from "@/server/auth/session-token";
import { getDb } from "@/server/db/client";
import { sessions } from "@/server/db/schema";
import { deviceFromUserAgent } from "./device";

type Database = Awaited<ReturnType<typeof getDb>>;
/** A transaction or the database itself: ending sessions is part of a password change's transaction. */
type Executor = Pick<Database, "delete">;

/**
 * A new row for a browser that has just signed in, and the token for its cookie (only the
 * token's hash is stored); the user's expired rows go with it.
 */
export async function startSession(userId: string, userAgent: string | null): Promise<string> {
  const db = await getDb();
  await db.delete(sessions).where(and(eq(sessions.userId, userId), sql`not (${liveSession})`));
  const { token, tokenHash } = newSessionToken();
  await db.insert(sessions).values({
    userId,
    tokenHash,
    expiresAt: sql`now() + make_interval(secs => ${SESSION_MAX_AGE_SECONDS})`,
    ...deviceFromUserAgent(userAgent),
  });
  return token;
}

/** One of the user's sessions, by the id the sessions list shows. */
export async function endSession(sessionId: string, userId: string): Promise<boolean> {
  const db = await getDb();
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/** Sign-out: the session the cookie's token names. Returns its user, or null when there was none. */
export async function endSessionByTokenHash(tokenHash: string): Promise<string | null> {
  const db = await getDb();
  const [ended] = await db
    .delete(sessions)
    .where(eq(sessions.tokenHash, tokenHash))
    .returning({ userId: sessions.userId });
  return ended?.userId ?? null;
}

/** "Sign out of all other sessions": every row of the user but this browser's. */
export async function endOtherSessions(userId: string, keepSessionId: string): Promise<number> {
  const db = await getDb();
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  return ended.length;
}

/** Password change and reset: every session of the user ends, in the caller's transaction. */
export async function endAllSessions(userId: string, executor?: Executor): Promise<void> {
  await (executor ?? (await getDb())).delete(sessions).where(eq(sessions.userId, userId));
}

export type SessionSummary = {
  id: string;
  browser: string | null;
  os: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  current: boolean;
};

/** The user's live sessions, most recently seen first, with the caller's own marked. */
export async function listSessions(userId: string, currentSessionId: string): Promise<SessionSummary[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: sessions.id,
      browser: sessions.browser,
      os: sessions.os,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), liveSession))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  return rows.map((row) => ({ ...row, current: row.id === currentSessionId }));
}
