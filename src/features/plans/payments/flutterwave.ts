import "server-only";
import { createHmac, randomBytes } from "node:crypto";
import { env, type Env } from "@/server/env";
import { planOffer } from "../catalog";
import { parseJson, providerJson, safeEqual } from "./provider-http";
import type { ConfirmedPayment, LedgerChange, OwnerLookup, PaidPlan, PaymentProvider } from "./types";

type Settings = Pick<
  Env,
  | "FLUTTERWAVE_SECRET_KEY"
  | "FLUTTERWAVE_PUBLIC_KEY"
  | "FLUTTERWAVE_WEBHOOK_HASH"
  | "FLUTTERWAVE_PLAN_MONTHLY"
  | "FLUTTERWAVE_PLAN_YEARLY"
  | "FLUTTERWAVE_API_BASE_URL"
  | "FLUTTERWAVE_CHECKOUT_URL"
  | "PAYMENT_TIMEOUT_MS"
  | "CURRENCY"
>;

export function flutterwaveConfigured(e: Settings = env()): boolean {
  return Boolean(
    e.FLUTTERWAVE_SECRET_KEY &&
    e.FLUTTERWAVE_PUBLIC_KEY &&
    e.FLUTTERWAVE_WEBHOOK_HASH &&
    e.FLUTTERWAVE_PLAN_MONTHLY &&
    e.FLUTTERWAVE_PLAN_YEARLY,
  );
}

type Envelope<T> = { status: string; message?: string; data: T };
type Transaction = {
  id: number;
  tx_ref: string;
  status: string;
  amount: number;
  currency: string;
  customer?: { id?: number; email?: string };
};
type Subscription = {
  id: number;
  status: string;
  plan?: number | string;
  customer?: { id?: number; customer_email?: string };
};

/**
 * Our tx_ref carries the plan and the user (`aula.<plan>.<userId>.<random>`): the inline flow
 * has no server-side session to look them up in, and the verify call returns tx_ref as given.
 */
const TX_REF = /^aula\.(monthly|yearly)\.([0-9a-f-]{36})\.[0-9a-f]{16}$/;
function parseTxRef(txRef: string): { plan: PaidPlan; userId: string } | null {
  const match = TX_REF.exec(txRef);
  return match ? { plan: match[1] as PaidPlan, userId: match[2] } : null;
}

/** Flutterwave amounts are in major units (47 or 47.5); Aula keeps minor units. */
const minor = (amount: number) => Math.round(amount * 100);

/**
 * Assumptions about the provider (some not verified against its live API), kept here: webhooks carry no event id
 * (one is made of the event and the transaction id); `verif-hash` is compared as a string, or
 * `flutterwave-signature` as base64 HMAC-SHA256 of the raw body; every charge is re-verified
 * with `GET /transactions/{id}/verify` (status, amount and currency); a plan charge's
 * subscription is found with `GET /subscriptions?transaction_id=`; renewals find their owner by
 * the customer id.
 */
export function createFlutterwaveProvider(e: Settings = env()): PaymentProvider {
  const auth = `Bearer ${e.FLUTTERWAVE_SECRET_KEY}`;
  const call = <T>(path: string, init: { method?: string; body?: unknown } = {}) =>
    providerJson<Envelope<T>>(e.FLUTTERWAVE_API_BASE_URL, path, {
      ...init,
      auth,
      timeoutMs: e.PAYMENT_TIMEOUT_MS,
    }).then((r) => r.data);
  const planId = (plan: PaidPlan) => (plan === "monthly" ? e.FLUTTERWAVE_PLAN_MONTHLY! : e.FLUTTERWAVE_PLAN_YEARLY!);

  /**
   * A charge Flutterwave confirms as successful, of the expected amount and currency, as a
   * payment; `unowned` when it is successful but its owner is not found here.
   */
  async function verified(
    transactionId: string | number,
    owners: OwnerLookup,
    expect?: { userId: string; plan: PaidPlan },
  ): Promise<ConfirmedPayment | "unowned" | null> {
    const tx = await call<Transaction>(`/transactions/${encodeURIComponent(String(transactionId))}/verify`);
    if (tx.status !== "successful") return null;
    let owner = parseTxRef(tx.tx_ref);
    if (!owner && tx.customer?.id !== undefined) owner = await owners.byCustomer(String(tx.customer.id));
    if (!owner) return "unowned";
    if (expect && (owner.userId !== expect.userId || owner.plan !== expect.plan)) return null;
    const offer = planOffer(owner.plan);
    if (minor(tx.amount) < offer.priceMinor || tx.currency.toUpperCase() !== offer.currency) return null;
    const subs = await call<Subscription[]>(`/subscriptions?transaction_id=${tx.id}`).catch(() => [] as Subscription[]);
    return {
      provider: "flutterwave",
      userId: owner.userId,
      plan: owner.plan,
      providerPaymentId: String(tx.id),
      providerSubscriptionId: subs[0] ? String(subs[0].id) : null,
      providerCustomerId: tx.customer?.id !== undefined ? String(tx.customer.id) : null,
      amountMinor: minor(tx.amount),
      currency: tx.currency.toUpperCase(),
      billing: null,
    };
  }

  return {
    id: "flutterwave",
    /**
     * The inline checkout: no call to Flutterwave yet, only the settings its script needs
     * (public key, our tx_ref, amount, currency, payment plan, customer; nothing secret). Its
     * callback's transaction id goes to the success page, which verifies it with Flutterwave.
     */
    async startCheckout({ user, plan }) {
      const offer = planOffer(plan);
      const txRef = `aula.${plan}.${user.id}.${randomBytes(8).toString("hex")}`;
      return {
        kind: "inline",
        id: txRef,
        script: e.FLUTTERWAVE_CHECKOUT_URL,
        opener: "FlutterwaveCheckout",
        settings: {
          public_key: e.FLUTTERWAVE_PUBLIC_KEY!,
          tx_ref: txRef,
          amount: offer.priceMinor / 100,
          currency: offer.currency,
          payment_plan: planId(plan),
          customer: { email: user.email, name: user.name },
          customizations: { title: "Aula" },
        },
        result: { reference: "transaction_id", paid: ["successful", "completed"] },
      };
    },
    async confirmCheckout({ userId, plan, reference }, owners) {
      if (!/^\d{1,20}$/.test(reference)) return null;
      const payment = await verified(reference, owners, { userId, plan });
      return payment === "unowned" ? null : payment;
    },
    async verifyWebhook(rawBody, headers) {
      const secret = e.FLUTTERWAVE_WEBHOOK_HASH;
      if (!secret) return null;
      const hash = headers.get("verif-hash");
      const signature = headers.get("flutterwave-signature");
      const ok = hash
        ? safeEqual(hash, secret)
        : signature
          ? safeEqual(signature, createHmac("sha256", secret).update(rawBody).digest("base64"))
          : false;
      if (!ok) return null;
      const body = parseJson(rawBody);
      const type = typeof body?.event === "string" ? body.event : null;
      const data = (body?.data ?? {}) as Record<string, unknown>;
      if (!type || (typeof data.id !== "number" && typeof data.id !== "string")) return null;
      return {
        id: `${type}:${String(data.id)}:${String(data.status ?? "")}`,
        type,
        changes: async (owners): Promise<LedgerChange[]> => {
          if (type === "charge.completed") {
            const payment = await verified(data.id as string | number, owners);
            if (payment === "unowned") {
              return [
                {
                  kind: "unowned",
                  provider: "flutterwave",
                  providerPaymentId: String(data.id),
                  providerSubscriptionId: null,
                },
              ];
            }
            return payment ? [{ kind: "paid", payment }] : [];
          }
          if (type === "subscription.cancelled") {
            return [
              {
                kind: "subscription",
                provider: "flutterwave",
                userId: null,
                plan: null,
                providerSubscriptionId: String(data.id),
                providerCustomerId: null,
                status: "canceled",
              },
            ];
          }
          return [];
        },
      };
    },
    async cancel(subscription) {
      if (!subscription.providerSubscriptionId) return;
      await call(`/subscriptions/${encodeURIComponent(subscription.providerSubscriptionId)}/cancel`, {
        method: "PUT",
        body: {},
      });
    },
  };
}
