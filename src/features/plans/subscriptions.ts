import "server-only";
import { and, desc, eq, gt, inArray, isNull, ne, or, sql, type Column, type SQL } from "drizzle-orm";
import { getDb, type Db } from "@/server/db/client";
import { qualified } from "@/server/db/qualified";
import { subscriptions, users } from "@/server/db/schema";
import type { StoredSubscription } from "./payments/types";

/**
 * What a subscription means outside the payment ledger: the one definition of a user's current
 * subscription, the one of a subscription the user pays for, and the admin grant (decision 014).
 * The plans feature owns `subscriptions` and the plan columns of `users` (docs/table-owners.md).
 */

type Status = (typeof subscriptions.status.enumValues)[number];

/** Statuses of a subscription in force: active, or past due while the provider retries. */
const IN_FORCE: Status[] = ["active", "past_due"];

export type SubscriptionView = StoredSubscription & {
  status: Status;
  currentPeriodEnd: Date | null;
  amountMinor: number | null;
  currency: string | null;
};

/** What a subscription view reads (the SubscriptionView shape). */
const viewColumns = {
  id: subscriptions.id,
  userId: subscriptions.userId,
  plan: subscriptions.plan,
  provider: subscriptions.provider,
  providerSubscriptionId: subscriptions.providerSubscriptionId,
  providerCustomerId: subscriptions.providerCustomerId,
  status: subscriptions.status,
  currentPeriodEnd: subscriptions.currentPeriodEnd,
  amountMinor: subscriptions.amountMinor,
  currency: subscriptions.currency,
};

/** The user's current subscription: in force (active, else past due), newest first; admin grants included. */
export async function currentSubscription(userId: string): Promise<SubscriptionView | null> {
  const db = await getDb();
  const [row] = await db
    .select(viewColumns)
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, IN_FORCE)))
    .orderBy(sql`case when ${subscriptions.status} = 'active' then 0 else 1 end`, desc(subscriptions.createdAt))
    .limit(1);
  return (row as SubscriptionView | undefined) ?? null;
}

/**
 * Statuses a provider may still charge: in force, or pending (a subscription the provider holds
 * but has not charged yet, such as one authorized and waiting for its first charge). Canceled
 * and expired are final (ledger.ts).
 */
const CHARGEABLE: Status[] = ["pending", ...IN_FORCE];

/**
 * Every subscription of the user a provider may still charge, oldest first: what has to be
 * cancelled at its provider before the account can go. Admin grants are never charged.
 */
export async function chargeableSubscriptions(userId: string, db: Db | null = null): Promise<SubscriptionView[]> {
  const reader = db ?? (await getDb());
  const rows = await reader
    .select(viewColumns)
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        inArray(subscriptions.status, CHARGEABLE),
        ne(subscriptions.provider, "admin"),
      ),
    )
    .orderBy(subscriptions.createdAt);
  return rows as SubscriptionView[];
}

/**
 * One column of the current subscription (the rule of `currentSubscription`) of the user whose
 * id is `userId`, as a scalar subquery a list of users reads row by row.
 */
export function currentSubscriptionColumn<T>(column: Column, userId: SQL): SQL<T> {
  const s = (c: Column) => qualified(subscriptions, c);
  const inForce = sql.join(
    IN_FORCE.map((status) => sql`${status}`),
    sql`, `,
  );
  return sql<T>`(select ${s(column)} from ${subscriptions} where ${s(subscriptions.userId)} = ${userId} and ${s(subscriptions.status)} in (${inForce}) order by case when ${s(subscriptions.status)} = 'active' then 0 else 1 end, ${s(subscriptions.createdAt)} desc limit 1)`;
}

/** A subscription the user pays for and that still covers now: active, not an admin grant, in its period. */
export function payingSubscription(now: Date | SQL = sql`now()`): SQL {
  return and(
    eq(subscriptions.status, "active"),
    ne(subscriptions.provider, "admin"),
    or(isNull(subscriptions.currentPeriodEnd), gt(subscriptions.currentPeriodEnd, now)),
  )!;
}

/** SPEC "Admin grant": yearly with no end, recorded as a subscription of provider "admin", no payment. */
export async function grantAdminPlan(tx: Db, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({ plan: "yearly", planExpiresAt: null, updatedAt: new Date() })
    .where(eq(users.id, userId));
  await tx.insert(subscriptions).values({
    userId,
    plan: "yearly",
    provider: "admin",
    status: "active",
    currentPeriodEnd: null,
    amountMinor: null,
    currency: null,
  });
}

/**
 * Ends an admin grant (decision 014): the grant is canceled and the user is back on what they
 * pay for themselves (the newest paying subscription still in its period), else Free.
 */
export async function revokeAdminPlan(tx: Db, userId: string): Promise<void> {
  const now = new Date();
  await tx
    .update(subscriptions)
    .set({ status: "canceled", canceledAt: now, updatedAt: now })
    .where(
      and(eq(subscriptions.userId, userId), eq(subscriptions.provider, "admin"), eq(subscriptions.status, "active")),
    );
  const [own] = await tx
    .select({ plan: subscriptions.plan, periodEnd: subscriptions.currentPeriodEnd })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), payingSubscription(now)))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  await tx
    .update(users)
    .set({ plan: own?.plan ?? "free", planExpiresAt: own?.periodEnd ?? null, updatedAt: now })
    .where(eq(users.id, userId));
}
