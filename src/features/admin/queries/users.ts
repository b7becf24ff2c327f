import "server-only";
import { and, asc, count, desc, eq, inArray, not, sql, type SQL } from "drizzle-orm";
import { getDb, type Db } from "@/server/db/client";
import { effectivePlanSql, onPaidPlanSql } from "@/server/db/effective-plan";
import { qualified } from "@/server/db/qualified";
import { courses, users } from "@/server/db/schema";
import type { ListQuery } from "../schemas";
import { anyContains, containsPattern, offsetOf, paged, searchTerm, type Page } from "./list-page";

const FREE_WORDS = new Set(["free", "grátis", "gratis", "gratuito"]);
const PAID_WORDS = new Set(["paid", "pago", "pagante"]);

/** Users by name and e-mail; the words Free and Paid (either language) select by plan in force. */
function userSearch(q: string): SQL | undefined {
  const term = searchTerm(q);
  if (!term) return undefined;
  const word = term.toLowerCase();
  if (FREE_WORDS.has(word)) return not(onPaidPlanSql);
  if (PAID_WORDS.has(word)) return onPaidPlanSql;
  return anyContains(containsPattern(term), [sql`${users.name}`, sql`${users.email}`]);
}

export type AdminUserRow = {
  id: string;
  name: string;
  email: string;
  plan: "free" | "monthly" | "yearly";
  role: "user" | "admin" | "super";
  createdAt: Date;
  courses: number;
};

/** Explicit columns: no hash, token or secret ever leaves here. */
const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  plan: effectivePlanSql,
  role: users.role,
  createdAt: users.createdAt,
};

/** Users (or only those of some roles: the Admins page), newest first. */
export async function listUsers(query: ListQuery, onlyRoles?: AdminUserRow["role"][]): Promise<Page<AdminUserRow>> {
  const db = await getDb();
  const where = and(userSearch(query.q), onlyRoles ? inArray(users.role, onlyRoles) : undefined);
  // The page's ids first: each row's course count is then counted for the page only, not for every skipped row.
  const pageIds = db
    .select({ id: users.id })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), asc(users.id))
    .limit(query.limit)
    .offset(offsetOf(query));
  const rows = db
    .select({
      ...userColumns,
      courses:
        sql<number>`(select count(*) from ${courses} where ${qualified(courses, courses.userId)} = ${qualified(users, users.id)})`.mapWith(
          Number,
        ),
    })
    .from(users)
    .where(inArray(users.id, pageIds))
    .orderBy(desc(users.createdAt), asc(users.id));
  return paged(query, rows, db.select({ n: count() }).from(users).where(where));
}

/** The user with this e-mail, locked for the rest of the transaction (promoting or removing an admin). */
export async function lockUserByEmail(tx: Db, email: string) {
  const [row] = await tx
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.email, email))
    .for("update");
  return row;
}
