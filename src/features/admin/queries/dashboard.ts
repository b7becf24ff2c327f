import "server-only";
import { and, asc, inArray, sql } from "drizzle-orm";
import { payingSubscription } from "@/features/plans/server";
import { getDb } from "@/server/db/client";
import { onPaidPlanSql } from "@/server/db/effective-plan";
import { courses, payments, subscriptions, users } from "@/server/db/schema";

export type MoneyByCurrency = { currency: string; amountMinor: number }[];

export type DashboardFigures = {
  users: number;
  paid: number;
  courses: number;
  videoCourses: number;
  recurring: MoneyByCurrency;
  total: MoneyByCurrency;
};

/**
 * Every figure of the dashboard from aggregates in the database (never rows): user and course
 * counts in one statement, recurring and total revenue per currency in one each.
 */
export async function readDashboardFigures(): Promise<DashboardFigures> {
  const db = await getDb();
  const countsQuery = db
    .select({
      users: sql<number>`(select count(*) from ${users})`.mapWith(Number),
      paid: sql<number>`(select count(*) from ${users} where ${onPaidPlanSql})`.mapWith(Number),
      courses: sql<number>`(select count(*) from ${courses})`.mapWith(Number),
      videoCourses: sql<number>`(select count(*) from ${courses} where ${courses.type} = 'video_text')`.mapWith(Number),
    })
    .from(sql`(select 1) as one`);
  // A yearly subscription counts as a twelfth of its price a month; an admin grant costs nothing.
  const recurringQuery = db
    .select({
      currency: subscriptions.currency,
      amountMinor:
        sql<number>`round(sum(case when ${subscriptions.plan} = 'yearly' then ${subscriptions.amountMinor} / 12.0 else ${subscriptions.amountMinor} end))`.mapWith(
          Number,
        ),
    })
    .from(subscriptions)
    .where(
      and(
        payingSubscription(),
        sql`${subscriptions.amountMinor} is not null`,
        sql`${subscriptions.currency} is not null`,
      ),
    )
    .groupBy(subscriptions.currency)
    .orderBy(asc(subscriptions.currency));
  const totalQuery = db
    .select({
      currency: payments.currency,
      amountMinor: sql<number>`sum(${payments.amountMinor} - ${payments.refundedMinor})`.mapWith(Number),
    })
    .from(payments)
    .where(inArray(payments.status, ["succeeded", "refunded"]))
    .groupBy(payments.currency)
    .orderBy(asc(payments.currency));
  const [[counts], recurring, total] = await Promise.all([countsQuery, recurringQuery, totalQuery]);
  return {
    users: counts?.users ?? 0,
    paid: counts?.paid ?? 0,
    courses: counts?.courses ?? 0,
    videoCourses: counts?.videoCourses ?? 0,
    recurring: recurring.map((r) => ({ currency: r.currency ?? "", amountMinor: r.amountMinor })),
    total: total.map((r) => ({ currency: r.currency, amountMinor: r.amountMinor })),
  };
}
