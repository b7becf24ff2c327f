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
import { applyWebhookEvent } from "./ledger";
import { configuredProviders, isProviderId, paymentProvider } from "./registry";
import type { BillingDetails, CheckoutStart, PaidPlan, PendingCheck, ProviderId } from "./types";
import { paths } from "@/lib/paths";

type Who = { id: string; email: string; name: string };
type StartInput = { planId: unknown; billing?: unknown; email?: string; uid?: string };

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
const startBody = z.object({ planId: z.string().max(20), billing: z.unknown().optional() });

/** A provider named in the address: known and on, else 404 `payment:provider-off`. */
function onProvider(id: string, t: ApiTranslator): ProviderId {
  if (!isProviderId(id) || !paymentProvider(id)) throw appError("payment:provider-off", t);
  return id;
}

/** The checkout's start, shared by the page's route and the SPEC's provider-named ones. */
async function begin(
  provider: ProviderId,
  ctx: { request: Request; log: { info: (o: object, m: string) => void }; t: ApiTranslator; user: Who },
  input: StartInput,
): Promise<CheckoutStart> {
  const { request, log, t, user } = ctx;
  assertSelf(user, input, t);
  await startAllowed(user.id, t);
  const plan = paidPlan(input.planId, t);
  const billing = billingFrom(input.billing, t);
  const started = await startCheckout(provider, { user, plan, billing, locale: requestLocale(request) }, t);
  log.info({ userId: user.id, provider, plan, checkout: started.id }, "checkout started");
  return started;
}

/**
 * `POST /api/checkout/{provider} {planId, billing?}` → `{ checkout }`: the checkout page's one
 * route for every provider. `checkout.kind` tells the page what to do (providers.ts, types.ts).
 */
export const startRoute = apiRoute.user<{ provider: string }, typeof startBody>(
  { body: startBody },
  async (ctx, params) => {
    const provider = onProvider(params.provider, ctx.t);
    const checkout = await begin(provider, ctx, ctx.body);
    return Response.json({ success: true, checkout });
  },
);

/** A redirect or popup checkout's address; an inline one has none. */
function addressOf(started: CheckoutStart, t: ApiTranslator): string {
  if (started.kind === "inline") throw appError("payment:provider-failed", t);
  return started.url;
}

/**
 * The SPEC's provider-named start routes keep their own bodies and answers; which one a route
 * speaks is chosen by its file under src/app/api, never here:
 * - `url`: `{planId, billing?}` → `{ id, url }` (`/api/stripepayment`, `/api/paystackpayment`,
 *   whose `amountInZar` is ignored: the configured price is charged);
 * - `links`: `{planId, email, name, lastName, post, address, country, brand, admin}` →
 *   `{ links }` (the one with rel approve is followed; `brand` and `admin` are accepted and
 *   ignored, the server names the brand) (`/api/paypal`);
 * - `shortUrl`: `{plan, email, fullAddress}` → `{ short_url, id }`, the link the browser opens
 *   in a new tab (`/api/razorpaycreate`);
 * - `inline`: `{planId}` → the inline checkout's settings (`/api/flutterwavepayment`).
 */
const CONTRACTS = {
  url: {
    body: z.object({ planId: z.string().max(20), billing: z.unknown().optional(), email: text, uid: text }),
    answer: (started: CheckoutStart, t: ApiTranslator) => ({ id: started.id, url: addressOf(started, t) }),
  },
  links: {
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
    answer: (started: CheckoutStart, t: ApiTranslator) => ({
      id: started.id,
      links: [{ rel: "approve", href: addressOf(started, t), method: "GET" }],
    }),
  },
  shortUrl: {
    body: z
      .object({ plan: z.string().max(20), email: text, uid: text, fullAddress: text, billing: z.unknown().optional() })
      .transform(({ plan, ...rest }) => ({ ...rest, planId: plan })),
    answer: (started: CheckoutStart, t: ApiTranslator) => ({ id: started.id, short_url: addressOf(started, t) }),
  },
  inline: {
    body: z.object({ planId: z.string().max(20), email: text, uid: text, billing: z.unknown().optional() }),
    answer: (started: CheckoutStart, t: ApiTranslator) => {
      if (started.kind !== "inline") throw appError("payment:provider-failed", t);
      return started.settings;
    },
  },
} satisfies Record<string, { body: z.ZodType; answer: (s: CheckoutStart, t: ApiTranslator) => object }>;

/** A SPEC provider-named start route (see CONTRACTS). */
export function checkoutRoute(provider: ProviderId, contract: keyof typeof CONTRACTS = "url") {
  const { body, answer } = CONTRACTS[contract];
  return apiRoute.user({ body: body as z.ZodType<StartInput> }, async (ctx) => {
    const started = await begin(provider, ctx, ctx.body);
    return Response.json({ success: true, ...answer(started, ctx.t) });
  });
}

/** The pending page's check, shared by its route and the SPEC's. `next`: `success`, `failed` or `pending`. */
async function pendingAnswer(provider: ProviderId, user: Who, sub: string, t: ApiTranslator) {
  const pending = await pendingStatus(provider, user.id, sub, t);
  if (!pending) throw appError("payment:not-found", t);
  const next = NEXT[pending.status];
  return Response.json({ success: true, status: pending.providerStatus, next, link: pending.link, plan: pending.plan });
}

const NEXT: Record<PendingCheck["status"], string> = { paid: "success", failed: "failed", pending: "pending" };
const pendingBody = z.object({ sub: z.string().min(1).max(100) });

/** `POST /api/{provider}pending {sub}` (the SPEC's `/api/razorpaypending`) → `{ status, next, link, plan }`. */
export function pendingRoute(provider: ProviderId) {
  return apiRoute.user({ body: pendingBody }, async ({ t, user, body }) => pendingAnswer(provider, user, body.sub, t));
}

/** `POST /api/checkout/{provider}/pending {sub}`: the pending page's check, for any provider with one. */
export const pendingCheckRoute = apiRoute.user<{ provider: string }, typeof pendingBody>(
  { body: pendingBody },
  async ({ t, user, body }, params) => pendingAnswer(onProvider(params.provider, t), user, body.sub, t),
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
  const url = await billingPortalUrl(user, `${env().APP_URL}${paths.profile({ tab: "billing" })}`, t);
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
  const { outcome, unplaced } = await applyWebhookEvent(id, event);
  if (outcome === "no-account") {
    // Acknowledged (2xx) so the provider stops retrying, but told: money may have moved for an
    // account that is gone, which someone may need to refund or cancel at the provider.
    log.warn(
      { provider: id, event: event.id, type: event.type, outcome, unplaced },
      "webhook for no account here: nothing granted, no receipt",
    );
  } else {
    log.info({ provider: id, event: event.id, type: event.type, outcome }, "webhook");
  }
  return Response.json({ received: true, outcome });
});
