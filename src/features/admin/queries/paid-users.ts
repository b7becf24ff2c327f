import "server-only";
import { and, asc, count, desc, inArray, sql } from "drizzle-orm";
import { currentSubscriptionColumn } from "@/features/plans/server";
import { getDb } from "@/server/db/client";
import { effectivePlanSql, onPaidPlanSql } from "@/server/db/effective-plan";
import { qualified } from "@/server/db/qualified";
import { subscriptions, users } from "@/server/db/schema";
import type { ListQuery } from "../schemas";
import { offsetOf, paged, searchAcross, type Page } from "./list-page";

export type AdminPaidRow = {
  id: string;
  name: string;
  email: string;
  plan: "free" | "monthly" | "yearly";
  /** The provider of the user's current subscription; "admin" for an admin grant; null if none is recorded. */
  provider: string | null;
  periodEnd: Date | null;
};

/** Users on a paid plan now, with the provider and period end of their current subscription (plans' definition). */
export async function listPaidUsers(query: ListQuery): Promise<Page<AdminPaidRow>> {
  const db = await getDb();
  const where = and(onPaidPlanSql, searchAcross(query.q, [sql`${users.name}`, sql`${users.email}`]));
  const userId = qualified(users, users.id);
  // The page's ids first: the current subscription is then looked up for the page only, not for every skipped row.
  const pageIds = db
    .select({ id: users.id })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), asc(users.id))
    .limit(query.limit)
    .offset(offsetOf(query));
  const rows = db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      plan: effectivePlanSql,
      provider: currentSubscriptionColumn<string | null>(subscriptions.provider, userId),
      periodEnd: currentSubscriptionColumn<Date | null>(subscriptions.currentPeriodEnd, userId).mapWith((v: unknown) =>
        v == null ? null : new Date(v as string),
      ),
    })
    .from(users)
    .where(inArray(users.id, pageIds))
    .orderBy(desc(users.createdAt), asc(users.id));
  return paged(query, rows, db.select({ n: count() }).from(users).where(where));
}
