import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { getDb, type Db } from "@/server/db/client";
import { sessions, users } from "@/server/db/schema";

export type UserRow = typeof users.$inferSelect;

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

/** A unique index refused the write (two requests racing for one e-mail). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23505") return true;
  }
  return false;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(email: string): Promise<UserRow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(users).where(eq(users.email, normalizeEmail(email))).limit(1);
  return row;
}

/** The session's row by its primary key joined with its user, built once per database handle. */
function sessionUserQuery(db: Db) {
  return db
    .select({ ...sessionUserColumns, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder("sessionId")), eq(sessions.userId, sql.placeholder("userId"))))
    .limit(1)
    .prepare("find_session_user");
}

// Building a query through drizzle's builder costs more CPU than PGlite takes to run this one:
// on the path of every signed-in request it is built once per handle (tests switch handles).
const sessionUserQueries = new WeakMap<Db, ReturnType<typeof sessionUserQuery>>();

/**
 * The one indexed read behind every authenticated request: the session's row by its primary
 * key, joined with its user. No row (signed out, ended elsewhere, user deleted) is no session.
 */
export async function findSessionUser(sessionId: string, userId: string) {
  const db = await getDb();
  let query = sessionUserQueries.get(db);
  if (!query) sessionUserQueries.set(db, (query = sessionUserQuery(db)));
  const [row] = await query.execute({ sessionId, userId });
  return row;
}

export async function insertUser(values: {
  email: string;
  name: string;
  passwordHash: string;
  role?: UserRow["role"];
  locale?: UserRow["locale"];
}): Promise<SessionUser | undefined> {
  const db = await getDb();
  const [row] = await db
    .insert(users)
    .values({ ...values, email: normalizeEmail(values.email) })
    .onConflictDoNothing({ target: users.email })
    .returning(sessionUserColumns);
  return row;
}

export async function updateUserLocale(id: string, locale: UserRow["locale"]): Promise<void> {
  const db = await getDb();
  await db.update(users).set({ locale }).where(eq(users.id, id));
}
