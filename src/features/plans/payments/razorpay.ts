import "server-only";
import { env, type Env } from "@/server/env";
import { parseStoredBilling } from "./billing-metadata";
import { asPlan, hmacHex, parseJson, providerJson, safeEqual } from "./provider-http";
import type { ConfirmedPayment, LedgerChange, PaidPlan, PaymentProvider, PendingCheck } from "./types";

type Settings = Pick<
  Env,
  | "RAZORPAY_KEY_ID"
  | "RAZORPAY_KEY_SECRET"
  | "RAZORPAY_WEBHOOK_SECRET"
  | "RAZORPAY_PLAN_MONTHLY"
  | "RAZORPAY_PLAN_YEARLY"
  | "RAZORPAY_API_BASE_URL"
  | "PAYMENT_TIMEOUT_MS"
>;

export function razorpayConfigured(e: Settings = env()): boolean {
  return Boolean(
    e.RAZORPAY_KEY_ID &&
    e.RAZORPAY_KEY_SECRET &&
    e.RAZORPAY_WEBHOOK_SECRET &&
    e.RAZORPAY_PLAN_MONTHLY &&
    e.RAZORPAY_PLAN_YEARLY,
  );
}

type Subscription = {
  id: string;
  status: string;
  plan_id: string;
  short_url?: string | null;
  customer_id?: string | null;
  notes?: Record<string, string> | unknown[];
};
type Payment = { id: string; amount: number; currency: string; status?: string };
type Invoice = {
  id: string;
  payment_id: string | null;
  amount_paid: number;
  currency: string;
  status: string;
  subscription_id: string;
};

/** Cycles a subscription runs for (Razorpay requires a count): ten years either way. */
const TOTAL_COUNT: Record<PaidPlan, number> = { monthly: 120, yearly: 10 };

const notesOf = (sub: Subscription): Record<string, string> =>
  sub.notes && !Array.isArray(sub.notes) ? (sub.notes as Record<string, string>) : {};

/** Razorpay's subscription states folded into ours. */
function statusOf(status: string): Extract<LedgerChange, { kind: "subscription" }>["status"] | null {
  if (status === "active" || status === "authenticated") return "active";
  if (status === "cancelled") return "canceled";
  if (status === "completed" || status === "expired") return "expired";
  if (status === "pending" || status === "halted" || status === "paused") return "past_due";
  return null;
}

/** Where the pending page goes: an authenticated or active subscription is paid; an ended link failed. */
function pendingOf(status: string): PendingCheck["status"] {
  if (status === "active" || status === "authenticated") return "paid";
  if (status === "expired" || status === "cancelled" || status === "completed" || status === "halted") return "failed";
  return "pending";
}

/**
 * Assumptions about the provider, kept here: the event id is the `x-razorpay-event-id` header;
 * a subscription's paid invoices (`GET /invoices?subscription_id=`) name the payment that paid
 * them, which the success page records; `subscription.charged` carries the subscription and the
 * payment entities; `refund.processed` carries the refund entity with its `payment_id` and `amount`.
 */
export function createRazorpayProvider(e: Settings = env()): PaymentProvider {
  const auth = `Basic ${Buffer.from(`${e.RAZORPAY_KEY_ID}:${e.RAZORPAY_KEY_SECRET}`).toString("base64")}`;
  const call = <T>(path: string, init: { method?: string; body?: unknown } = {}) =>
    providerJson<T>(e.RAZORPAY_API_BASE_URL, path, { ...init, auth, timeoutMs: e.PAYMENT_TIMEOUT_MS });
  const planId = (plan: PaidPlan) => (plan === "monthly" ? e.RAZORPAY_PLAN_MONTHLY! : e.RAZORPAY_PLAN_YEARLY!);
  const planOfSub = (sub: Subscription): PaidPlan | null =>
    asPlan(notesOf(sub).plan) ??
    (sub.plan_id === e.RAZORPAY_PLAN_MONTHLY ? "monthly" : sub.plan_id === e.RAZORPAY_PLAN_YEARLY ? "yearly" : null);

  function payment(sub: Subscription, paid: { id: string; amount: number; currency: string }): ConfirmedPayment | null {
    const plan = planOfSub(sub);
    const userId = notesOf(sub).userId;
    if (!plan || !userId) return null;
    return {
      provider: "razorpay",
      userId,
      plan,
      providerPaymentId: paid.id,
      providerSubscriptionId: sub.id,
      providerCustomerId: sub.customer_id ?? null,
      amountMinor: paid.amount,
      currency: paid.currency.toUpperCase(),
      billing: parseStoredBilling(notesOf(sub).billing),
    };
  }

  async function ownSubscription(userId: string, reference: string): Promise<Subscription | null> {
    if (!/^sub_[A-Za-z0-9]{1,60}$/.test(reference)) return null;
    const sub = await call<Subscription>(`/subscriptions/${reference}`);
    return notesOf(sub).userId === userId ? sub : null;
  }

  return {
    id: "razorpay",
    async startCheckout({ user, plan, billing }) {
      const sub = await call<Subscription>("/subscriptions", {
        body: {
          plan_id: planId(plan),
          total_count: TOTAL_COUNT[plan],
          customer_notify: 1,
          notes: { userId: user.id, plan, ...(billing ? { billing: JSON.stringify(billing) } : {}) },
        },
      });
      if (!sub.short_url) throw new Error("razorpay subscription without short_url");
      return { kind: "popup", id: sub.id, url: sub.short_url };
    },
    async confirmCheckout({ userId, plan, reference }) {
      const sub = await ownSubscription(userId, reference);
      if (!sub || planOfSub(sub) !== plan || statusOf(sub.status) !== "active") return null;
      const invoices = await call<{ items: Invoice[] }>(`/invoices?subscription_id=${encodeURIComponent(sub.id)}`);
      const paid = invoices.items.find((i) => i.status === "paid" && i.payment_id);
      return paid ? payment(sub, { id: paid.payment_id!, amount: paid.amount_paid, currency: paid.currency }) : null;
    },
    async pendingStatus({ userId, reference }) {
      const sub = await ownSubscription(userId, reference);
      const plan = sub && planOfSub(sub);
      if (!sub || !plan) return null;
      return { status: pendingOf(sub.status), providerStatus: sub.status, link: sub.short_url ?? null, plan };
    },
    async verifyWebhook(rawBody, headers) {
      const signature = headers.get("x-razorpay-signature");
      if (!signature || !e.RAZORPAY_WEBHOOK_SECRET) return null;
      if (!safeEqual(signature.toLowerCase(), hmacHex("sha256", e.RAZORPAY_WEBHOOK_SECRET, rawBody))) return null;
      const body = parseJson(rawBody);
      const type = typeof body?.event === "string" ? body.event : null;
      if (!type) return null;
      const entities = (body?.payload ?? {}) as {
        subscription?: { entity?: Subscription };
        payment?: { entity?: Payment };
      };
      const sub = entities.subscription?.entity;
      const paid = entities.payment?.entity;
      const id = headers.get("x-razorpay-event-id") ?? `${type}:${paid?.id ?? sub?.id ?? ""}:${sub?.status ?? ""}`;
      return {
        id,
        type,
        changes: async (): Promise<LedgerChange[]> => {
          const refund = (
            body?.payload as { refund?: { entity?: { payment_id?: string; amount?: number } } } | undefined
          )?.refund?.entity;
          if (type === "refund.processed" && refund?.payment_id && typeof refund.amount === "number") {
            return [
              {
                kind: "refund",
                provider: "razorpay",
                providerPaymentId: refund.payment_id,
                amountMinor: refund.amount,
              },
            ];
          }
          if (!sub?.id) return [];
          if (type === "subscription.charged" && paid?.id) {
            const p = payment(sub, paid);
            if (p) return [{ kind: "paid", payment: p }];
            return [
              { kind: "unowned", provider: "razorpay", providerPaymentId: paid.id, providerSubscriptionId: sub.id },
            ];
          }
          const status = statusOf(sub.status);
          if (!status) return [];
          return [
            {
              kind: "subscription",
              provider: "razorpay",
              userId: notesOf(sub).userId ?? null,
              plan: planOfSub(sub),
              providerSubscriptionId: sub.id,
              providerCustomerId: sub.customer_id ?? null,
              status,
            },
          ];
        },
      };
    },
    async cancel(subscription) {
      if (!subscription.providerSubscriptionId) return;
      await call(`/subscriptions/${encodeURIComponent(subscription.providerSubscriptionId)}/cancel`, {
        body: { cancel_at_cycle_end: 0 },
      });
    },
  };
}
