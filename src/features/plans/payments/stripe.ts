import "server-only";
import Stripe from "stripe";
import { env, type Env } from "@/server/env";
import { parseStoredBilling } from "./billing-metadata";
import type { ConfirmedPayment, LedgerChange, OwnerLookup, PaidPlan, PaymentProvider, VerifiedEvent } from "./types";
import { paths } from "@/lib/paths";

type StripeSettings = Pick<
  Env,
  | "STRIPE_SECRET_KEY"
  | "STRIPE_WEBHOOK_SECRET"
  | "STRIPE_PRICE_MONTHLY"
  | "STRIPE_PRICE_YEARLY"
  | "STRIPE_API_BASE_URL"
  | "APP_URL"
  | "PAYMENT_TIMEOUT_MS"
>;

export function stripeConfigured(e: StripeSettings = env()): boolean {
  return Boolean(e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET && e.STRIPE_PRICE_MONTHLY && e.STRIPE_PRICE_YEARLY);
}

/** The SDK reaches STRIPE_API_BASE_URL (a local fake in tests and the demo) through host/port/protocol. */
function client(e: StripeSettings): Stripe {
  const base = new URL(e.STRIPE_API_BASE_URL);
  const https = base.protocol === "https:";
  return new Stripe(e.STRIPE_SECRET_KEY!, {
    host: base.hostname,
    port: base.port || (https ? 443 : 80),
    protocol: https ? "https" : "http",
    timeout: e.PAYMENT_TIMEOUT_MS,
    maxNetworkRetries: 1,
  });
}

const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === "string" ? value : value.id;
const asPlan = (value: unknown): PaidPlan | null => (value === "monthly" || value === "yearly" ? value : null);

/** Stripe's subscription states folded into ours; `trialing` counts as active, `unpaid`/`paused` as past due. */
function statusOf(status: string): Extract<LedgerChange, { kind: "subscription" }>["status"] {
  if (status === "active" || status === "trialing") return "active";
  if (status === "canceled") return "canceled";
  if (status === "incomplete_expired") return "expired";
  if (status === "incomplete") return "pending";
  return "past_due";
}

/** Where an invoice names its subscription: `parent.subscription_details` since basil, `subscription` before. */
function invoiceSubscription(invoice: Stripe.Invoice): { id: string | null; metadata: Record<string, string> } {
  const details = invoice.parent?.subscription_details;
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  return {
    id: idOf(details?.subscription ?? legacy),
    metadata: (details?.metadata as Record<string, string> | null) ?? {},
  };
}

export function createStripeProvider(e: StripeSettings = env()): PaymentProvider {
  const stripe = client(e);
  const priceOf = (plan: PaidPlan) => (plan === "monthly" ? e.STRIPE_PRICE_MONTHLY! : e.STRIPE_PRICE_YEARLY!);

  /** Who an invoice's subscription belongs to: its metadata, else our row, else Stripe's own record. */
  async function ownerOf(subscriptionId: string, metadata: Record<string, string>, owners: OwnerLookup) {
    if (metadata.userId && asPlan(metadata.plan)) return { userId: metadata.userId, plan: asPlan(metadata.plan)! };
    const stored = await owners.bySubscription(subscriptionId);
    if (stored) return stored;
    const fetched = await stripe.subscriptions.retrieve(subscriptionId);
    const plan = asPlan(fetched.metadata?.plan);
    return fetched.metadata?.userId && plan ? { userId: fetched.metadata.userId, plan } : null;
  }

  function paidFromSession(session: Stripe.Checkout.Session): ConfirmedPayment | null {
    const plan = asPlan(session.metadata?.plan);
    const invoiceId = idOf(session.invoice);
    if (
      session.status !== "complete" ||
      session.payment_status !== "paid" ||
      !plan ||
      !invoiceId ||
      !session.client_reference_id
    )
      return null;
    return {
      provider: "stripe",
      userId: session.client_reference_id,
      plan,
      providerPaymentId: invoiceId,
      providerSubscriptionId: idOf(session.subscription),
      providerCustomerId: idOf(session.customer),
      amountMinor: session.amount_total ?? 0,
      currency: (session.currency ?? "").toUpperCase(),
      billing: parseStoredBilling(session.metadata?.billing),
    };
  }

  async function changesFor(event: Stripe.Event, owners: OwnerLookup): Promise<LedgerChange[]> {
    switch (event.type) {
      case "checkout.session.completed": {
        const payment = paidFromSession(event.data.object);
        return payment ? [{ kind: "paid", payment }] : [];
      }
      case "invoice.paid": {
        const invoice = event.data.object;
        const sub = invoiceSubscription(invoice);
        if (!sub.id || !invoice.id) return [];
        const owner = await ownerOf(sub.id, sub.metadata, owners);
        if (!owner)
          return [
            { kind: "unowned", provider: "stripe", providerPaymentId: invoice.id, providerSubscriptionId: sub.id },
          ];
        const payment: ConfirmedPayment = {
          provider: "stripe",
          ...owner,
          providerPaymentId: invoice.id,
          providerSubscriptionId: sub.id,
          providerCustomerId: idOf(invoice.customer),
          amountMinor: invoice.amount_paid,
          currency: invoice.currency.toUpperCase(),
          billing: null,
        };
        return [{ kind: "paid", payment }];
      }
      case "invoice.payment_failed": {
        const sub = invoiceSubscription(event.data.object);
        if (!sub.id) return [];
        return [
          {
            kind: "subscription",
            provider: "stripe",
            userId: null,
            plan: null,
            providerSubscriptionId: sub.id,
            providerCustomerId: idOf(event.data.object.customer),
            status: "past_due",
          },
        ];
      }
      case "customer.subscription.created":
      case "customer.subscription.updated":
      case "customer.subscription.deleted": {
        const sub = event.data.object;
        return [
          {
            kind: "subscription",
            provider: "stripe",
            userId: sub.metadata?.userId ?? null,
            plan: asPlan(sub.metadata?.plan),
            providerSubscriptionId: sub.id,
            providerCustomerId: idOf(sub.customer),
            status: event.type === "customer.subscription.deleted" ? "canceled" : statusOf(sub.status),
          },
        ];
      }
      default:
        return [];
    }
  }

  return {
    id: "stripe",
    async startCheckout({ user, plan, billing, locale }) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: "subscription",
          line_items: [{ price: priceOf(plan), quantity: 1 }],
          // Stripe fills {CHECKOUT_SESSION_ID}; the success page asks Stripe about that session.
          // Stripe fills {CHECKOUT_SESSION_ID} in itself, so it is appended raw (URLSearchParams would encode it).
          success_url: `${e.APP_URL}${paths.paymentSuccess(plan, { provider: "stripe" })}&ref={CHECKOUT_SESSION_ID}`,
          cancel_url: `${e.APP_URL}${paths.paymentFailed({ plan })}`,
          client_reference_id: user.id,
          customer_email: user.email,
          locale: locale === "pt" ? "pt-BR" : "en",
          metadata: { userId: user.id, plan, ...(billing ? { billing: JSON.stringify(billing) } : {}) },
          subscription_data: { metadata: { userId: user.id, plan } },
        },
        { idempotencyKey: `checkout-${user.id}-${plan}-${crypto.randomUUID()}` },
      );
      if (!session.url) throw new Error("stripe checkout session without url");
      return { kind: "redirect", id: session.id, url: session.url };
    },
    async confirmCheckout({ userId, plan, reference }) {
      if (!/^cs_[A-Za-z0-9_]{1,200}$/.test(reference)) return null;
      const session = await stripe.checkout.sessions.retrieve(reference);
      const payment = paidFromSession(session);
      return payment && payment.userId === userId && payment.plan === plan ? payment : null;
    },
    async verifyWebhook(rawBody, headers) {
      const signature = headers.get("stripe-signature");
      if (!signature || !e.STRIPE_WEBHOOK_SECRET) return null;
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, e.STRIPE_WEBHOOK_SECRET);
      } catch {
        return null;
      }
      return { id: event.id, type: event.type, changes: (owners) => changesFor(event, owners) } satisfies VerifiedEvent;
    },
    async cancel(subscription) {
      if (!subscription.providerSubscriptionId) return;
      await stripe.subscriptions.cancel(
        subscription.providerSubscriptionId,
        {},
        { idempotencyKey: `cancel-${subscription.providerSubscriptionId}` },
      );
    },
    async portalUrl(subscription, returnUrl) {
      if (!subscription.providerCustomerId) throw new Error("stripe subscription without customer");
      const portal = await stripe.billingPortal.sessions.create({
        customer: subscription.providerCustomerId,
        return_url: returnUrl,
      });
      return portal.url;
    },
  };
}
