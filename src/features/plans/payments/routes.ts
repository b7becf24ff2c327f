import "server-only";
import { z } from "zod";
import type { ApiTranslator } from "@/i18n/api-translator";
import { requestLocale } from "@/i18n/api-translator";
import { apiRoute } from "@/server/http/api";
import { appError } from "@/server/http/errors";
import { enforceRateLimit } from "@/server/http/rate-limit";
import { env } from "@/server/env";
import { billingSchema, countryCode } from "../billing-form";
import {
  billingPortalUrl,
  cancelPlan,
  confirmCheckout,
  currentPlanDetail,
  pendingStatus,
  sendReceiptOnce,
  startCheckout,
} from "./billing";
import type { createFlutterwaveProvider } from "./flutterwave";
import { applyWebhookEvent } from "./ledger";
import { configuredProviders, isProviderId, paymentProvider } from "./registry";
import type { BillingDetails, PaidPlan, ProviderId } from "./types";

/** A `uid` or `email` in a body that names someone else is 403: identity is the session's alone. */
function assertSelf(user: { id: string; email: string }, claimed: { uid?: string; email?: string }, t: ApiTranslator) {
  if (claimed.uid !== undefined && claimed.uid !== "" && claimed.uid !== user.id)
    throw appError("payment:forbidden", t);
  if (claimed.email !== undefined && claimed.email !== "" && claimed.email.trim().toLowerCase() !== user.email) {
    throw appError("payment:forbidden", t);
  }
}

function paidPlan(value: unknown, t: ApiTranslator): PaidPlan {
  if (value === "monthly" || value === "yearly") return value;
  throw appError("payment:invalid-plan", t);
}

function billingFrom(value: unknown, t: ApiTranslator): BillingDetails | null {
  if (value === undefined || value === null) return null;
  const parsed = billingSchema.safeParse(value);
  if (!parsed.success) throw appError("payment:invalid-billing", t);
  return { ...parsed.data, country: countryCode(parsed.data.country) };
}

/**
 * Every checkout start creates an object at the provider: 30 an hour per user is far above a
 * buyer's retries and far below a script's.
 */
async function startAllowed(userId: string, t: ApiTranslator) {
  if (configuredProviders().length === 0) throw appError("payment:not-configured", t);
  await enforceRateLimit(`checkout:${userId}`, { limit: 30, windowMs: 60 * 60 * 1000 }, t("request.rateLimited"));
}

/** Provider events are a few kilobytes; anything far larger is not one. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

const text = z.string().max(500).optional();

/** `POST /api/{provider}payment {planId, billing?}` → `{ id, url }`: the hosted checkout to send the browser to. */
export function checkoutRoute(provider: ProviderId) {
  return apiRoute.user(
    { body: z.object({ planId: z.string().max(20), billing: z.unknown().optional(), email: text, uid: text }) },
    async ({ request, log, t, user, body }) => {
      assertSelf(user, body, t);
      await startAllowed(user.id, t);
      const plan = paidPlan(body.planId, t);
      const billing = billingFrom(body.billing, t);
      const session = await startCheckout(provider, { user, plan, billing, locale: requestLocale(request) }, t);
      log.info({ userId: user.id, provider, plan, checkout: session.id }, "checkout started");
      return Response.json({ success: true, id: session.id, url: session.url });
    },
  );
}

/**
 * `POST /api/paypal {planId, email, name, lastName, post, address, country, brand, admin}` →
 * `{ links }` (the one with rel approve is followed). The contract's address fields are the
 * billing form's; `brand` and `admin` are accepted and ignored (the server names the brand).
 */
export const paypalRoute = apiRoute.user(
  {
    body: z.object({
      planId: z.string().max(20),
      email: text,
      uid: text,
      name: text,
      lastName: text,
      post: text,
      address: text,
      country: text,
      brand: text,
      admin: text,
      billing: z.unknown().optional(),
    }),
  },
  async ({ request, log, t, user, body }) => {
    assertSelf(user, body, t);
    await startAllowed(user.id, t);
    const plan = paidPlan(body.planId, t);
    const session = await startCheckout(
      "paypal",
      { user, plan, billing: billingFrom(body.billing, t), locale: requestLocale(request) },
      t,
    );
    log.info({ userId: user.id, provider: "paypal", plan, checkout: session.id }, "checkout started");
    return Response.json({
      success: true,
      id: session.id,
      links: [{ rel: "approve", href: session.url, method: "GET" }],
    });
  },
);

/**
 * `POST /api/flutterwavepayment {planId}` → the inline checkout's settings (public key, tx_ref,
 * amount, currency, payment plan, customer): the server half of Flutterwave's inline flow. The
 * browser opens the checkout with them; the success page then verifies the transaction.
 */
export const flutterwaveRoute = apiRoute.user(
  { body: z.object({ planId: z.string().max(20), email: text, uid: text, billing: z.unknown().optional() }) },
  async ({ log, t, user, body }) => {
    assertSelf(user, body, t);
    await startAllowed(user.id, t);
    const plan = paidPlan(body.planId, t);
    const provider = paymentProvider("flutterwave");
    if (!provider) throw appError("payment:provider-off", t);
    const config = (provider as ReturnType<typeof createFlutterwaveProvider>).inlineCheckout({ user, plan });
    log.info({ userId: user.id, provider: "flutterwave", plan, checkout: config.tx_ref }, "checkout started");
    return Response.json({ success: true, ...config });
  },
);

/** `POST /api/razorpaycreate {plan, email, fullAddress}` → `{ short_url, id }`: the short link the browser opens in a new tab. */
export const razorpayCreateRoute = apiRoute.user(
  {
    body: z.object({
      plan: z.string().max(20),
      email: text,
      uid: text,
      fullAddress: text,
      billing: z.unknown().optional(),
    }),
  },
  async ({ request, log, t, user, body }) => {
    assertSelf(user, body, t);
    await startAllowed(user.id, t);
    const plan = paidPlan(body.plan, t);
    const session = await startCheckout(
      "razorpay",
      { user, plan, billing: billingFrom(body.billing, t), locale: requestLocale(request) },
      t,
    );
    log.info({ userId: user.id, provider: "razorpay", plan, checkout: session.id }, "checkout started");
    return Response.json({ success: true, id: session.id, short_url: session.url });
  },
);

/**
 * `POST /api/razorpaypending {sub}` → `{ status, next, link, plan }`: the pending page's check.
 * `next` is where the page goes: `success` (active), `failed` (expired or cancelled) or `pending`.
 */
export const pendingRoute = apiRoute.user(
  { body: z.object({ sub: z.string().min(1).max(100) }) },
  async ({ t, user, body }) => {
    const pending = await pendingStatus("razorpay", user.id, body.sub, t);
    if (!pending) throw appError("payment:not-found", t);
    const next = ["active", "authenticated"].includes(pending.status)
      ? "success"
      : ["expired", "cancelled", "completed", "halted"].includes(pending.status)
        ? "failed"
        : "pending";
    return Response.json({ success: true, status: pending.status, next, link: pending.link, plan: pending.plan });
  },
);

/**
 * `POST /api/{provider}details {subscriberId, uid, plan}`: the success page's verification, by
 * the provider's own API; grants the period when (and only when) the provider says it is paid.
 */
export function detailsRoute(provider: ProviderId) {
  return apiRoute.user(
    { body: z.object({ subscriberId: z.string().min(1).max(300), uid: text, email: text, plan: z.string().max(20) }) },
    async ({ log, t, user, body }) => {
      assertSelf(user, body, t);
      const plan = paidPlan(body.plan, t);
      const paymentId = await confirmCheckout(provider, user, plan, body.subscriberId);
      log.info({ userId: user.id, provider, plan, verified: Boolean(paymentId) }, "payment verified");
      if (!paymentId) throw appError("payment:not-found", t);
      return Response.json({ success: true, paymentId });
    },
  );
}

/** `POST /api/{provider}cancel {id, email}` (or `{code, token, email}`): cancels now at the provider, then here. */
export function cancelRoute() {
  return apiRoute.user(
    { body: z.object({ id: text, code: text, token: text, email: text, uid: text }) },
    async ({ log, t, user, body }) => {
      assertSelf(user, body, t);
      await cancelPlan(user, body.id || body.code || undefined, t);
      log.info({ userId: user.id }, "plan canceled");
      return Response.json({ success: true, message: t("payment.canceled") });
    },
  );
}

/** `POST /api/stripeportal` → `{ url }`: Stripe's Billing Portal for card and invoices. */
export const portalRoute = apiRoute.user({}, async ({ t, user }) => {
  const url = await billingPortalUrl(user, `${env().APP_URL}/dashboard/profile?tab=billing`, t);
  return Response.json({ success: true, url });
});

/** `POST /api/subscriptiondetail {uid, email}` → `{ method, session }` (SPEC section 3). */
export const subscriptionDetailRoute = apiRoute.user(
  { body: z.object({ uid: text, email: text }) },
  async ({ t, user, body }) => {
    assertSelf(user, body, t);
    const detail = await currentPlanDetail(user.id);
    if (!detail) throw appError("payment:not-found", t);
    return Response.json({ success: true, ...detail });
  },
);

/** `POST /api/sendreceipt {subscriberId}`: the server renders and sends the receipt of a verified payment to its owner, once. */
export const sendReceiptRoute = apiRoute.user(
  { body: z.object({ subscriberId: z.string().max(100), email: text, uid: text }).passthrough() },
  async ({ t, user, body }) => {
    assertSelf(user, body, t);
    const sent = await sendReceiptOnce(body.subscriberId, user.id);
    return Response.json({ success: true, sent });
  },
);

/**
 * `POST /api/webhooks/{provider}`: the signature is checked on the raw body before anything
 * else; a bad or missing one is 401 and changes nothing. A delivery seen before is 200 (the
 * provider stops retrying) and changes nothing either.
 */
export const webhookRoute = apiRoute.webhook<{ provider: string }>(async ({ request, log, t }, params) => {
  const id = params.provider;
  const provider = isProviderId(id) ? paymentProvider(id) : null;
  if (!isProviderId(id) || !provider) throw appError("payment:provider-off", t);
  if (Number(request.headers.get("content-length") ?? 0) > WEBHOOK_BODY_LIMIT) throw appError("request:too-large", t);
  const raw = await request.text();
  if (raw.length > WEBHOOK_BODY_LIMIT) throw appError("request:too-large", t);
  const event = await provider.verifyWebhook(raw, request.headers);
  if (!event) {
    log.warn({ provider: id }, "webhook refused: bad signature");
    throw appError("webhook:invalid-signature", t);
  }
  const outcome = await applyWebhookEvent(id, event);
  log.info({ provider: id, event: event.id, type: event.type, outcome }, "webhook");
  return Response.json({ received: true, outcome });
});
