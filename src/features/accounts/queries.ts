import "server-only";
import { eq } from "drizzle-orm";
import { sessionUserColumns, type SessionUser } from "@/server/auth/session-store";
import { getDb, type Db } from "@/server/db/client";
import { users } from "@/server/db/schema";

export type UserRow = typeof users.$inferSelect;

export { sessionUserColumns, type SessionUser };

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
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
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

/**
 * A user's role (an admin promoted or removed), in the caller's transaction. The plan that
 * comes with an admin role is the plans feature's (`grantAdminPlan`, `revokeAdminPlan`).
 */
export async function setUserRole(tx: Pick<Db, "update">, id: string, role: UserRow["role"]): Promise<void> {
  await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id));
}

/** The body names someone else: identity comes from the session only. */
export function assertSelf(user: { id: string }, named: string | undefined, error: () => Error): void {
  if (named !== undefined && named.trim() !== "" && named.trim() !== user.id) throw error();
}
