import "server-only";
import { randomUUID } from "node:crypto";
import { env, type Env } from "@/server/env";
import { parseJson, providerJson } from "./provider-http";
import type { ConfirmedPayment, LedgerChange, OwnerLookup, PaidPlan, PaymentProvider } from "./types";
import { paths } from "@/lib/paths";

type Settings = Pick<
  Env,
  | "PAYPAL_CLIENT_ID"
  | "PAYPAL_CLIENT_SECRET"
  | "PAYPAL_WEBHOOK_ID"
  | "PAYPAL_PLAN_MONTHLY"
  | "PAYPAL_PLAN_YEARLY"
  | "PAYPAL_API_BASE_URL"
  | "APP_URL"
  | "PAYMENT_TIMEOUT_MS"
>;

export function paypalConfigured(e: Settings = env()): boolean {
  return Boolean(
    e.PAYPAL_CLIENT_ID &&
    e.PAYPAL_CLIENT_SECRET &&
    e.PAYPAL_WEBHOOK_ID &&
    e.PAYPAL_PLAN_MONTHLY &&
    e.PAYPAL_PLAN_YEARLY,
  );
}

type Money = { currency_code: string; value: string };
type Subscription = {
  id: string;
  status: string;
  plan_id: string;
  custom_id?: string;
  links?: Array<{ rel: string; href: string }>;
};
type Transaction = { id: string; status: string; amount_with_breakdown?: { gross_amount?: Money }; time?: string };

/** PayPal sends money as decimal text; Aula keeps minor units (two decimals, as USD, BRL, EUR). */
function paypalMinor(money: { value?: string; total?: string } | undefined): number {
  const text = money?.value ?? money?.total ?? "0";
  return Math.round(Number.parseFloat(text) * 100);
}

function statusOf(status: string): Extract<LedgerChange, { kind: "subscription" }>["status"] | null {
  if (status === "ACTIVE") return "active";
  if (status === "CANCELLED") return "canceled";
  if (status === "EXPIRED") return "expired";
  if (status === "SUSPENDED") return "past_due";
  return null;
}

const VERIFY_HEADERS = [
  "paypal-auth-algo",
  "paypal-cert-url",
  "paypal-transmission-id",
  "paypal-transmission-sig",
  "paypal-transmission-time",
] as const;

/**
 * Assumptions about the provider (some not verified against its live API), kept here: a renewal's
 * PAYMENT.SALE.COMPLETED names its subscription in `resource.billing_agreement_id`; the success
 * page finds the first payment with `GET /v1/billing/subscriptions/{id}/transactions`; webhooks
 * are verified by PayPal's own verify-webhook-signature call (no certificate download here); a
 * PAYMENT.SALE.REFUNDED names the refunded sale in `resource.sale_id` and the refund in `amount.total`.
 */
export function createPaypalProvider(e: Settings = env()): PaymentProvider {
  let token: { value: string; until: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const response = await fetch(`${e.PAYPAL_API_BASE_URL}/v1/oauth2/token`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${e.PAYPAL_CLIENT_ID}:${e.PAYPAL_CLIENT_SECRET}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "grant_type=client_credentials",
      signal: AbortSignal.timeout(e.PAYMENT_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`paypal token: ${response.status}`);
    const body = (await response.json()) as { access_token: string; expires_in: number };
    // Renewed a minute early, so a token never expires between check and use.
    token = { value: body.access_token, until: Date.now() + Math.max(0, body.expires_in - 60) * 1000 };
    return token.value;
  }

  async function call<T>(path: string, init: { method?: string; body?: unknown; requestId?: string } = {}): Promise<T> {
    return providerJson<T>(e.PAYPAL_API_BASE_URL, path, {
      ...init,
      auth: `Bearer ${await accessToken()}`,
      timeoutMs: e.PAYMENT_TIMEOUT_MS,
      headers: init.requestId ? { "paypal-request-id": init.requestId } : undefined,
    });
  }

  const planId = (plan: PaidPlan) => (plan === "monthly" ? e.PAYPAL_PLAN_MONTHLY! : e.PAYPAL_PLAN_YEARLY!);
  const planOf = (id: string): PaidPlan | null =>
    id === e.PAYPAL_PLAN_MONTHLY ? "monthly" : id === e.PAYPAL_PLAN_YEARLY ? "yearly" : null;

  async function ownerOf(
    subscriptionId: string,
    owners: OwnerLookup,
  ): Promise<{ userId: string; plan: PaidPlan } | null> {
    const stored = await owners.bySubscription(subscriptionId);
    if (stored) return stored;
    const sub = await call<Subscription>(`/v1/billing/subscriptions/${encodeURIComponent(subscriptionId)}`);
    const plan = planOf(sub.plan_id);
    return sub.custom_id && plan ? { userId: sub.custom_id, plan } : null;
  }

  return {
    id: "paypal",
    async startCheckout({ user, plan, locale }) {
      const sub = await call<Subscription>("/v1/billing/subscriptions", {
        requestId: `aula-${user.id}-${plan}-${randomUUID()}`,
        body: {
          plan_id: planId(plan),
          custom_id: user.id,
          subscriber: { email_address: user.email },
          application_context: {
            brand_name: "Aula",
            locale: locale === "pt" ? "pt-BR" : "en-US",
            shipping_preference: "NO_SHIPPING",
            user_action: "SUBSCRIBE_NOW",
            // PayPal appends subscription_id (and tokens) to this address.
            return_url: `${e.APP_URL}${paths.paymentSuccess(plan, { provider: "paypal" })}`,
            cancel_url: `${e.APP_URL}${paths.paymentFailed({ plan })}`,
          },
        },
      });
      const approve = sub.links?.find((l) => l.rel === "approve")?.href;
      if (!approve) throw new Error("paypal subscription without approve link");
      return { kind: "redirect", id: sub.id, url: approve };
    },
    async confirmCheckout({ userId, plan, reference }) {
      if (!/^I-[A-Z0-9]{4,40}$/.test(reference)) return null;
      const sub = await call<Subscription>(`/v1/billing/subscriptions/${reference}`);
      if (sub.status !== "ACTIVE" || sub.custom_id !== userId || planOf(sub.plan_id) !== plan) return null;
      const end = new Date();
      const start = new Date(end.getTime() - 400 * 86_400_000);
      const { transactions = [] } = await call<{ transactions?: Transaction[] }>(
        `/v1/billing/subscriptions/${reference}/transactions?start_time=${start.toISOString()}&end_time=${end.toISOString()}`,
      );
      const paid = transactions.find((tx) => tx.status === "COMPLETED");
      const gross = paid?.amount_with_breakdown?.gross_amount;
      if (!paid || !gross) return null;
      return {
        provider: "paypal",
        userId,
        plan,
        providerPaymentId: paid.id,
        providerSubscriptionId: sub.id,
        providerCustomerId: null,
        amountMinor: paypalMinor(gross),
        currency: gross.currency_code.toUpperCase(),
        billing: null,
      } satisfies ConfirmedPayment;
    },
    async verifyWebhook(rawBody, headers) {
      const event = parseJson(rawBody);
      if (!event || typeof event.id !== "string" || typeof event.event_type !== "string") return null;
      const values = VERIFY_HEADERS.map((h) => headers.get(h));
      if (values.some((v) => !v)) return null;
      const [authAlgo, certUrl, transmissionId, transmissionSig, transmissionTime] = values as string[];
      let verdict: { verification_status?: string };
      try {
        verdict = await call("/v1/notifications/verify-webhook-signature", {
          body: {
            auth_algo: authAlgo,
            cert_url: certUrl,
            transmission_id: transmissionId,
            transmission_sig: transmissionSig,
            transmission_time: transmissionTime,
            webhook_id: e.PAYPAL_WEBHOOK_ID,
            webhook_event: event,
          },
        });
      } catch {
        return null;
      }
      if (verdict.verification_status !== "SUCCESS") return null;
      const type = event.event_type;
      const resource = (event.resource ?? {}) as Record<string, unknown>;
      return {
        id: event.id,
        type,
        changes: async (owners): Promise<LedgerChange[]> => {
          if (type === "PAYMENT.SALE.COMPLETED") {
            const subscriptionId = resource.billing_agreement_id;
            const amount = resource.amount as { total?: string; currency?: string } | undefined;
            if (typeof subscriptionId !== "string" || typeof resource.id !== "string" || !amount?.currency) return [];
            const owner = await ownerOf(subscriptionId, owners);
            if (!owner) {
              return [
                {
                  kind: "unowned",
                  provider: "paypal",
                  providerPaymentId: resource.id,
                  providerSubscriptionId: subscriptionId,
                },
              ];
            }
            const payment: ConfirmedPayment = {
              provider: "paypal",
              ...owner,
              providerPaymentId: resource.id,
              providerSubscriptionId: subscriptionId,
              providerCustomerId: null,
              amountMinor: paypalMinor(amount),
              currency: amount.currency.toUpperCase(),
              billing: null,
            };
            return [{ kind: "paid", payment }];
          }
          if (type === "PAYMENT.SALE.REFUNDED" || type === "PAYMENT.SALE.REVERSED") {
            const amount = resource.amount as { total?: string } | undefined;
            const saleId = type === "PAYMENT.SALE.REFUNDED" ? resource.sale_id : resource.id;
            if (typeof saleId !== "string") return [];
            return [
              {
                kind: "refund",
                provider: "paypal",
                providerPaymentId: saleId,
                amountMinor: Math.abs(paypalMinor(amount)),
              },
            ];
          }
          if (!type.startsWith("BILLING.SUBSCRIPTION.") || typeof resource.id !== "string") return [];
          const status =
            type === "BILLING.SUBSCRIPTION.PAYMENT.FAILED" ? "past_due" : statusOf(String(resource.status ?? ""));
          if (!status) return [];
          return [
            {
              kind: "subscription",
              provider: "paypal",
              userId: typeof resource.custom_id === "string" ? resource.custom_id : null,
              plan: planOf(String(resource.plan_id ?? "")),
              providerSubscriptionId: resource.id,
              providerCustomerId: null,
              status,
            },
          ];
        },
      };
    },
    async cancel(subscription) {
      if (!subscription.providerSubscriptionId) return;
      await call(`/v1/billing/subscriptions/${encodeURIComponent(subscription.providerSubscriptionId)}/cancel`, {
        body: { reason: "Canceled by the subscriber in Aula" },
        requestId: `aula-cancel-${subscription.providerSubscriptionId}`,
      });
    },
  };
}
