import "server-only";
import { and, desc, eq, ne, sql } from "drizzle-orm";
import { getDb, type Db } from "@/server/db/client";
import { payments, subscriptions, users, webhookEvents } from "@/server/db/schema";
import type {
  ConfirmedPayment,
  LedgerChange,
  OwnerLookup,
  PaidPlan,
  ProviderId,
  StoredSubscription,
  VerifiedEvent,
} from "./types";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const PERIOD: Record<PaidPlan, ReturnType<typeof sql>> = {
  monthly: sql`interval '1 month'`,
  yearly: sql`interval '1 year'`,
};

/**
 * Records one confirmed payment and grants its period, once: the payment row's
 * (provider, provider_payment_id) is unique, so the success page and the webhook, or a
 * webhook delivered twice, grant one period between them. Renewals extend from the later of
 * now and the current end. A payment for a subscription already canceled is kept (the money
 * moved) but grants nothing: a late delivery must not undo a cancellation.
 */
async function applyPaid(tx: Tx, p: ConfirmedPayment): Promise<string | null> {
  // An account deleted since (its rows went with it): nothing to grant and no receipt, and the
  // delivery is still acknowledged so the provider stops retrying it (applyWebhookEvent says so).
  if (!(await accountExists(tx, p.userId))) return null;
  let subscriptionId: string | null = null;
  let canceled = false;
  if (p.providerSubscriptionId) {
    const [sub] = await tx
      .insert(subscriptions)
      .values({
        userId: p.userId,
        plan: p.plan,
        provider: p.provider,
        providerSubscriptionId: p.providerSubscriptionId,
        providerCustomerId: p.providerCustomerId,
        status: "pending",
        amountMinor: p.amountMinor,
        currency: p.currency,
      })
      .onConflictDoUpdate({
        target: [subscriptions.provider, subscriptions.providerSubscriptionId],
        set: {
          providerCustomerId: sql`coalesce(excluded.provider_customer_id, ${subscriptions.providerCustomerId})`,
          amountMinor: p.amountMinor,
          currency: p.currency,
          updatedAt: sql`now()`,
        },
      })
      .returning({ id: subscriptions.id, status: subscriptions.status });
    subscriptionId = sub.id;
    canceled = sub.status === "canceled" || sub.status === "expired";
  }
  const [inserted] = await tx
    .insert(payments)
    .values({
      userId: p.userId,
      subscriptionId,
      plan: p.plan,
      provider: p.provider,
      providerPaymentId: p.providerPaymentId,
      amountMinor: p.amountMinor,
      currency: p.currency,
      status: "succeeded",
      billing: p.billing,
    })
    .onConflictDoNothing({ target: [payments.provider, payments.providerPaymentId] })
    .returning({ id: payments.id });
  if (!inserted) {
    const [existing] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.provider, p.provider), eq(payments.providerPaymentId, p.providerPaymentId)));
    return existing.id;
  }
  if (canceled) return inserted.id;
  const [user] = await tx
    .update(users)
    .set({
      plan: p.plan,
      planExpiresAt: sql`greatest(now(), coalesce(${users.planExpiresAt}, now())) + ${PERIOD[p.plan]}`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, p.userId))
    .returning({ planExpiresAt: users.planExpiresAt });
  if (subscriptionId && user) {
    await tx
      .update(subscriptions)
      .set({ status: "active", plan: p.plan, currentPeriodEnd: user.planExpiresAt, updatedAt: sql`now()` })
      .where(eq(subscriptions.id, subscriptionId));
  }
  return inserted.id;
}

/**
 * A refund on a recorded payment: adds to `refunded_minor` (never past the amount) and marks the
 * payment refunded once it is all given back. Access is not touched: a refund is the provider's
 * or an admin's decision, and a cancel, if wanted, is its own event.
 */
async function applyRefund(tx: Tx, change: Extract<LedgerChange, { kind: "refund" }>) {
  await tx
    .update(payments)
    .set({
      refundedMinor: sql`least(${payments.amountMinor}, ${payments.refundedMinor} + ${change.amountMinor})`,
      status: sql`case when ${payments.refundedMinor} + ${change.amountMinor} >= ${payments.amountMinor} then 'refunded'::payment_status else ${payments.status} end`,
    })
    .where(and(eq(payments.provider, change.provider), eq(payments.providerPaymentId, change.providerPaymentId)));
}

/** Ends the plan now unless another live subscription of the user still pays for it. */
async function endPlanIfLast(tx: Tx, userId: string, exceptSubscriptionId: string) {
  const others = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.status, "active"),
        ne(subscriptions.id, exceptSubscriptionId),
      ),
    );
  if (others.length > 0) return;
  await tx
    .update(users)
    .set({ planExpiresAt: sql`least(coalesce(${users.planExpiresAt}, now()), now())`, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), ne(users.plan, "free")));
}

/** Whether the account still exists (a delivery may name one deleted since). */
async function accountExists(tx: Tx, userId: string): Promise<boolean> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return Boolean(row);
}

/**
 * A subscription's new status. Returns false when the delivery names no subscription and no
 * account here (an account deleted since took its subscriptions with it): nothing is written.
 */
async function applySubscription(tx: Tx, change: Extract<LedgerChange, { kind: "subscription" }>): Promise<boolean> {
  const where = and(
    eq(subscriptions.provider, change.provider),
    eq(subscriptions.providerSubscriptionId, change.providerSubscriptionId),
  );
  if (change.userId && change.plan && (await accountExists(tx, change.userId))) {
    // A subscription first heard of here: recorded, unless a payment recorded it meanwhile
    // (a concurrent delivery), in which case the status below applies to that row.
    const [created] = await tx
      .insert(subscriptions)
      .values({
        userId: change.userId,
        plan: change.plan,
        provider: change.provider,
        providerSubscriptionId: change.providerSubscriptionId,
        providerCustomerId: change.providerCustomerId,
        // Only a payment makes a subscription active here; a status event alone records it as pending.
        status: change.status === "active" ? "pending" : change.status,
        canceledAt: change.status === "canceled" ? sql`now()` : null,
      })
      .onConflictDoNothing({ target: [subscriptions.provider, subscriptions.providerSubscriptionId] })
      .returning({ id: subscriptions.id });
    if (created) return true;
  }
  // Locked, so a payment and a status change of one subscription apply one after the other.
  const [existing] = await tx.select().from(subscriptions).where(where).for("update");
  if (!existing) return false;
  // Canceled and expired are final: an older "active" delivered late does not revive it.
  if (existing.status === "canceled" || existing.status === "expired") return true;
  if (change.status === "active" && existing.status !== "past_due") return true; // payments make it active
  const ending = change.status === "canceled" || change.status === "expired";
  await tx
    .update(subscriptions)
    .set({
      status: change.status,
      providerCustomerId: existing.providerCustomerId ?? change.providerCustomerId,
      canceledAt: ending ? sql`now()` : existing.canceledAt,
      updatedAt: sql`now()`,
    })
    .where(eq(subscriptions.id, existing.id));
  if (ending) await endPlanIfLast(tx, existing.userId, existing.id);
  return true;
}

/**
 * What became of a delivery: `applied`; `duplicate` (seen before, nothing changed); or
 * `no-account`: everything it reported was about an account or subscription that is not here
 * (deleted since, or never ours), so it granted nothing and wrote no receipt. `unplaced` names
 * those changes by the provider's ids, for the log.
 */
export type WebhookOutcome = {
  outcome: "applied" | "duplicate" | "no-account";
  unplaced: Array<{ userId: string | null; providerPaymentId: string | null; providerSubscriptionId: string | null }>;
};

/**
 * Applies one verified webhook delivery: its changes and its event id in one transaction, so a
 * delivery seen before (the provider retries, or someone replays it) changes nothing.
 * The provider calls the changes need (re-fetching objects) happen before the transaction.
 */
export async function applyWebhookEvent(provider: ProviderId, event: VerifiedEvent): Promise<WebhookOutcome> {
  const db = await getDb();
  const [seen] = await db
    .select({ id: webhookEvents.eventId })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.provider, provider), eq(webhookEvents.eventId, event.id)));
  if (seen) return { outcome: "duplicate", unplaced: [] };
  const changes = await event.changes(ownerLookup(provider));
  return db.transaction(async (tx): Promise<WebhookOutcome> => {
    const [recorded] = await tx
      .insert(webhookEvents)
      .values({ provider, eventId: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.eventId });
    if (!recorded) return { outcome: "duplicate", unplaced: [] };
    const unplaced: WebhookOutcome["unplaced"] = [];
    for (const change of changes) {
      if (change.kind === "paid") {
        const { userId, providerPaymentId, providerSubscriptionId } = change.payment;
        if (!(await applyPaid(tx, change.payment)))
          unplaced.push({ userId, providerPaymentId, providerSubscriptionId });
      } else if (change.kind === "refund") await applyRefund(tx, change);
      else if (change.kind === "unowned") {
        const { providerPaymentId, providerSubscriptionId } = change;
        unplaced.push({ userId: null, providerPaymentId, providerSubscriptionId });
      } else if (!(await applySubscription(tx, change))) {
        const { userId, providerSubscriptionId } = change;
        unplaced.push({ userId, providerPaymentId: null, providerSubscriptionId });
      }
    }
    const nothingPlaced = unplaced.length > 0 && unplaced.length === changes.length;
    return { outcome: nothingPlaced ? "no-account" : "applied", unplaced };
  });
}

/** The success page's grant, from the provider's own answer; the same payment grants once. */
export async function recordConfirmedPayment(payment: ConfirmedPayment): Promise<string | null> {
  const db = await getDb();
  return db.transaction((tx) => applyPaid(tx, payment));
}

/** Marks a subscription canceled here and ends the plan now (SPEC: immediate, no refund). */
export async function recordCancellation(subscription: StoredSubscription): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx
      .update(subscriptions)
      .set({ status: "canceled", canceledAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(subscriptions.id, subscription.id));
    await endPlanIfLast(tx, subscription.userId, subscription.id);
  });
}

// The current subscription is defined once, with the admin grant, in the plans feature's own module.
export { currentSubscription, type SubscriptionView } from "../subscriptions";

export async function findPayment(paymentId: string) {
  const db = await getDb();
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
  return row ?? null;
}

/** Claims the right to send a payment's receipt: true once per payment, for its owner only. */
export async function claimReceipt(paymentId: string, userId: string): Promise<boolean> {
  const db = await getDb();
  const claimed = await db
    .update(payments)
    .set({ receiptSentAt: sql`now()` })
    .where(
      and(
        eq(payments.id, paymentId),
        eq(payments.userId, userId),
        eq(payments.status, "succeeded"),
        sql`${payments.receiptSentAt} is null`,
      ),
    )
    .returning({ id: payments.id });
  return claimed.length > 0;
}

/** What the lookups below read of a subscription (the StoredSubscription shape). */
const storedSubscriptionColumns = {
  id: subscriptions.id,
  userId: subscriptions.userId,
  plan: subscriptions.plan,
  provider: subscriptions.provider,
  providerSubscriptionId: subscriptions.providerSubscriptionId,
  providerCustomerId: subscriptions.providerCustomerId,
};

async function findSubscriptionByProviderId(
  provider: ProviderId,
  providerSubscriptionId: string,
): Promise<StoredSubscription | null> {
  const db = await getDb();
  const [row] = await db
    .select(storedSubscriptionColumns)
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, provider), eq(subscriptions.providerSubscriptionId, providerSubscriptionId)));
  return (row as StoredSubscription | undefined) ?? null;
}

/** A provider's renewal that names only its customer (Paystack) finds the subscription through it. */
async function findSubscriptionByCustomer(
  provider: ProviderId,
  providerCustomerId: string,
): Promise<StoredSubscription | null> {
  const db = await getDb();
  const [row] = await db
    .select(storedSubscriptionColumns)
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, provider), eq(subscriptions.providerCustomerId, providerCustomerId)))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return (row as StoredSubscription | undefined) ?? null;
}

/**
 * Whose a provider's subscription or customer is, from our rows: what a renewal that names only
 * the provider's ids needs. The adapters get this from the ledger's callers; they never import it.
 */
export function ownerLookup(provider: ProviderId): OwnerLookup {
  const ownerOf = (row: StoredSubscription | null) => (row ? { userId: row.userId, plan: row.plan } : null);
  return {
    bySubscription: async (id) => ownerOf(await findSubscriptionByProviderId(provider, id)),
    byCustomer: async (id) => ownerOf(await findSubscriptionByCustomer(provider, id)),
  };
}
