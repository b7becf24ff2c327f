import "server-only";
import { randomUUID } from "node:crypto";
import { env, type Env } from "@/server/env";
import { planOffer } from "../catalog";
import { parseStoredBilling } from "./billing-metadata";
import { asPlan, hmacHex, parseJson, providerJson, safeEqual } from "./provider-http";
import type { ConfirmedPayment, LedgerChange, OwnerLookup, PaidPlan, PaymentProvider } from "./types";

type Settings = Pick<
  Env,
  | "PAYSTACK_SECRET_KEY"
  | "PAYSTACK_PLAN_MONTHLY"
  | "PAYSTACK_PLAN_YEARLY"
  | "PAYSTACK_API_BASE_URL"
  | "APP_URL"
  | "PAYMENT_TIMEOUT_MS"
  | "CURRENCY"
>;

export function paystackConfigured(e: Settings = env()): boolean {
  return Boolean(e.PAYSTACK_SECRET_KEY && e.PAYSTACK_PLAN_MONTHLY && e.PAYSTACK_PLAN_YEARLY);
}

type Envelope<T> = { status: boolean; message?: string; data: T };
type Transaction = {
  id: number;
  reference: string;
  status: string;
  amount: number;
  currency: string;
  metadata?: unknown;
  customer?: { id?: number; customer_code?: string; email?: string };
  plan?: string | { plan_code?: string } | null;
};
type Subscription = { subscription_code: string; email_token: string; status: string; plan?: { plan_code?: string } };

/** Paystack may hand metadata back as the object we sent or as its JSON text. */
function metadataOf(value: unknown): Record<string, unknown> {
  if (typeof value === "string") return parseJson(value) ?? {};
  return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
}

/**
 * Assumptions about the provider (not verified against its live API), kept here in one place:
 * - webhooks carry no event id, so one is made of the event name and the object's id/reference/code;
 * - `GET /subscription?customer=<customer_code>&plan=<plan_code>` lists the subscription a plan
 *   charge created (it holds `email_token`, needed to disable it);
 * - renewal charges may not carry our metadata, so their owner is found by the customer code.
 */
export function createPaystackProvider(e: Settings = env()): PaymentProvider {
  const auth = `Bearer ${e.PAYSTACK_SECRET_KEY}`;
  const call = <T>(path: string, init: { method?: string; body?: unknown } = {}) =>
    providerJson<Envelope<T>>(e.PAYSTACK_API_BASE_URL, path, { ...init, auth, timeoutMs: e.PAYMENT_TIMEOUT_MS }).then(
      (r) => r.data,
    );
  const planCode = (plan: PaidPlan) => (plan === "monthly" ? e.PAYSTACK_PLAN_MONTHLY! : e.PAYSTACK_PLAN_YEARLY!);
  const planOfCode = (code: string | undefined): PaidPlan | null =>
    code === e.PAYSTACK_PLAN_MONTHLY ? "monthly" : code === e.PAYSTACK_PLAN_YEARLY ? "yearly" : null;

  async function subscriptionFor(customerCode: string, plan: PaidPlan): Promise<Subscription | null> {
    const list = await call<Subscription[]>(
      `/subscription?customer=${encodeURIComponent(customerCode)}&plan=${encodeURIComponent(planCode(plan))}`,
    );
    return list.find((s) => s.status === "active") ?? list[0] ?? null;
  }

  /** A successful charge as a payment, with its owner from metadata or, for renewals, from the customer. */
  async function paymentOf(tx: Transaction, owners: OwnerLookup): Promise<ConfirmedPayment | null> {
    if (tx.status !== "success" || !tx.customer?.customer_code) return null;
    const meta = metadataOf(tx.metadata);
    let userId = typeof meta.userId === "string" ? meta.userId : null;
    let plan = asPlan(meta.plan) ?? planOfCode(typeof tx.plan === "string" ? tx.plan : tx.plan?.plan_code);
    if (!userId || !plan) {
      const stored = await owners.byCustomer(tx.customer.customer_code);
      if (!stored) return null;
      userId = stored.userId;
      plan = stored.plan;
    }
    const subscription = await subscriptionFor(tx.customer.customer_code, plan);
    return {
      provider: "paystack",
      userId,
      plan,
      providerPaymentId: tx.reference,
      providerSubscriptionId: subscription?.subscription_code ?? null,
      providerCustomerId: tx.customer.customer_code,
      amountMinor: tx.amount,
      currency: tx.currency.toUpperCase(),
      billing: typeof meta.billing === "string" ? parseStoredBilling(meta.billing) : null,
    };
  }

  return {
    id: "paystack",
    async startCheckout({ user, plan, billing }) {
      const reference = `aula_${randomUUID().replace(/-/g, "")}`;
      const data = await call<{ authorization_url: string; reference: string }>("/transaction/initialize", {
        body: {
          email: user.email,
          amount: planOffer(plan).priceMinor,
          currency: e.CURRENCY,
          plan: planCode(plan),
          reference,
          // Our own reference in the return address: the success page needs nothing Paystack appends.
          callback_url: `${e.APP_URL}/payment-success/${plan}?provider=paystack&ref=${reference}`,
          metadata: { userId: user.id, plan, ...(billing ? { billing: JSON.stringify(billing) } : {}) },
        },
      });
      return { kind: "redirect", id: data.reference, url: data.authorization_url };
    },
    async confirmCheckout({ userId, plan, reference }, owners) {
      const tx = await call<Transaction>(`/transaction/verify/${encodeURIComponent(reference)}`);
      const meta = metadataOf(tx.metadata);
      if (meta.userId !== userId || meta.plan !== plan) return null;
      return paymentOf(tx, owners);
    },
    async verifyWebhook(rawBody, headers) {
      const signature = headers.get("x-paystack-signature");
      if (!signature || !e.PAYSTACK_SECRET_KEY) return null;
      if (!safeEqual(signature.toLowerCase(), hmacHex("sha512", e.PAYSTACK_SECRET_KEY, rawBody))) return null;
      const body = parseJson(rawBody);
      const type = typeof body?.event === "string" ? body.event : null;
      const data = (body?.data ?? {}) as Record<string, unknown>;
      if (!type) return null;
      const key = data.id ?? data.reference ?? data.subscription_code ?? data.invoice_code;
      const id = `${type}:${String(key ?? "")}`;
      return {
        id,
        type,
        changes: async (owners): Promise<LedgerChange[]> => {
          if (type === "charge.success") {
            const charge = data as unknown as Transaction;
            const payment = await paymentOf(charge, owners);
            if (payment) return [{ kind: "paid", payment }];
            // A successful charge nobody here owns (a renewal of an account deleted since).
            return charge.status === "success" && typeof charge.reference === "string"
              ? [
                  {
                    kind: "unowned",
                    provider: "paystack",
                    providerPaymentId: charge.reference,
                    providerSubscriptionId: null,
                  },
                ]
              : [];
          }
          const code = (data.subscription_code ??
            (data.subscription as { subscription_code?: string } | undefined)?.subscription_code) as string | undefined;
          if (!code) return [];
          const customer = (data.customer as { customer_code?: string } | undefined)?.customer_code ?? null;
          const status =
            type === "subscription.disable" ? "canceled" : type === "invoice.payment_failed" ? "past_due" : null;
          if (!status) return [];
          return [
            {
              kind: "subscription",
              provider: "paystack",
              userId: null,
              plan: null,
              providerSubscriptionId: code,
              providerCustomerId: customer,
              status,
            },
          ];
        },
      };
    },
    async cancel(subscription) {
      if (!subscription.providerSubscriptionId) return;
      const current = await call<Subscription>(
        `/subscription/${encodeURIComponent(subscription.providerSubscriptionId)}`,
      );
      await call("/subscription/disable", { body: { code: current.subscription_code, token: current.email_token } });
    },
  };
}
