import "server-only";
import { eq } from "drizzle-orm";
import { appError } from "@/server/http/errors";
import type { ApiTranslator } from "@/i18n/api-translator";
import { getDb, type Db } from "@/server/db/client";
import { isDatabaseUnavailable } from "@/server/db/unavailable";
import { users } from "@/server/db/schema";
import { sendMailInBackground } from "@/server/email/mailer";
import { logger } from "@/server/logger";
import { planOffer } from "../catalog";
import { planName } from "../plan-name";
import { chargeableSubscriptions } from "../subscriptions";
import {
  claimReceipt,
  currentSubscription,
  findPayment,
  ownerLookup,
  recordCancellation,
  recordConfirmedPayment,
  type SubscriptionView,
} from "./ledger";
import { isProviderId, providerInfo, providerLabel } from "./providers";
import { configuredProviders, paymentProvider } from "./registry";
import type { BillingDetails, PaidPlan, PaymentProvider, PendingCheck, ProviderId, StoredSubscription } from "./types";

type Who = { id: string; email: string; name: string };

/** The provider, or 404 `payment:provider-off` (503 when none is configured at all). */
function requireProvider(id: ProviderId, t: ApiTranslator): PaymentProvider {
  const provider = paymentProvider(id);
  if (!provider) throw appError("payment:provider-off", t);
  return provider;
}

/**
 * A provider's answer may need our own rows (whose is this renewal?): the database down is then
 * not the provider's fault, and answers 503 db:unavailable as everywhere, never a 502 or a 404.
 */
function rethrowOutage(error: unknown): void {
  if (isDatabaseUnavailable(error)) throw error;
}

/**
 * A provider call that failed is the provider's fault (502 `payment:provider-failed`, or the
 * caller's own `refusal`), told without its details.
 */
async function atProvider<T>(
  t: ApiTranslator,
  what: string,
  call: () => Promise<T>,
  refusal: () => Error = () => appError("payment:provider-failed", t),
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    rethrowOutage(error);
    logger.warn({ err: error, what }, "payment provider call failed");
    throw refusal();
  }
}

export async function startCheckout(
  providerId: ProviderId,
  input: { user: Who; plan: PaidPlan; billing: BillingDetails | null; locale: string },
  t: ApiTranslator,
) {
  const provider = requireProvider(providerId, t);
  return atProvider(t, `${providerId} checkout`, () => provider.startCheckout(input));
}

/**
 * The success page's check: asks the provider about the checkout the browser came back from,
 * and grants the period only if the provider says it is paid by this user for this plan.
 * Returns the payment id (the receipt's) or null.
 */
export async function confirmCheckout(
  providerId: ProviderId,
  user: Who,
  plan: PaidPlan,
  reference: string,
): Promise<string | null> {
  const provider = paymentProvider(providerId);
  if (!provider) return null;
  let confirmed;
  try {
    confirmed = await provider.confirmCheckout({ userId: user.id, plan, reference }, ownerLookup(providerId));
  } catch (error) {
    rethrowOutage(error);
    logger.warn({ err: error, provider: providerId }, "payment confirmation failed");
    return null;
  }
  if (!confirmed) return null;
  return recordConfirmedPayment(confirmed);
}

/** The pending page's check: the provider's status of this user's checkout, or null. */
export async function pendingStatus(providerId: ProviderId, userId: string, reference: string, t: ApiTranslator) {
  const provider = requireProvider(providerId, t);
  if (!provider.pendingStatus) return null;
  const check = provider.pendingStatus.bind(provider);
  return atProvider(t, `${providerId} pending`, () => check({ userId, reference }));
}

/**
 * The pending page's view of a popup checkout: the provider's word, for its owner, or null. The
 * page's address names the provider; one without it (an older link) means the first provider on
 * that has a pending check.
 */
export async function pendingCheckout(
  userId: string,
  providerId: string | undefined,
  reference: string,
): Promise<(PendingCheck & { provider: ProviderId }) | null> {
  const id =
    providerId === undefined ? configuredProviders().find((p) => paymentProvider(p)?.pendingStatus) : providerId;
  const provider = isProviderId(id) ? paymentProvider(id) : null;
  if (!isProviderId(id) || !provider?.pendingStatus) return null;
  try {
    const pending = await provider.pendingStatus({ userId, reference });
    return pending && { ...pending, provider: id };
  } catch (error) {
    rethrowOutage(error);
    logger.warn({ err: error }, "pending payment lookup failed");
    return null;
  }
}

/** What the receipt shows: a payment of this user, or null. */
async function receiptOf(paymentId: string, userId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(paymentId)) return null;
  const payment = await findPayment(paymentId);
  if (!payment || payment.userId !== userId || payment.status !== "succeeded") return null;
  return payment;
}

/**
 * The Name and E-mail on a receipt (the page, its downloaded picture and the mail): the
 * account's, for every provider. Why this one source: it is the only one all five share. Stripe,
 * Paystack and Razorpay echo the checkout's billing form back in their metadata, but PayPal and
 * Flutterwave do not, and what a provider reports as its payer (a PayPal account, a card
 * holder) is the payer's name at that provider, not this account's. Mixing them made the same
 * kind of receipt read differently by provider, and the page differ from its own mail. The
 * billing form stays on the payment row as typed, for the records.
 */
export async function receiptDetails(paymentId: string, userId: string) {
  const payment = await receiptOf(paymentId, userId);
  if (!payment) return null;
  const db = await getDb();
  const [owner] = await db
    .select({ email: users.email, name: users.name, locale: users.locale })
    .from(users)
    .where(eq(users.id, userId));
  if (!owner) return null;
  return { payment, name: owner.name, email: owner.email, locale: owner.locale };
}

/** Sends a verified payment's receipt to its owner, once (a reload or a second call sends nothing). */
export async function sendReceiptOnce(paymentId: string, userId: string): Promise<boolean> {
  const receipt = await receiptDetails(paymentId, userId);
  if (!receipt || !(await claimReceipt(receipt.payment.id, userId))) return false;
  const { payment } = receipt;
  const offer = planOffer(payment.plan);
  sendMailInBackground({
    to: receipt.email,
    locale: receipt.locale,
    template: "receipt",
    data: {
      name: receipt.name,
      planName: planName(offer.id, receipt.locale),
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      method: providerLabel(payment.provider) ?? payment.provider,
      reference: payment.id,
      paidAt: payment.createdAt,
    },
  });
  return true;
}

/** The plan in force as Billing shows it: the subscription that pays for it, if any. */
export async function billingSummary(userId: string): Promise<SubscriptionView | null> {
  return currentSubscription(userId);
}

/**
 * Ends one subscription now (SPEC: immediate, no refund): at the provider first, then here, so a
 * provider that refuses, cannot be reached or is no longer set up leaves it as it was. Cancel Plan
 * and account deletion both end a subscription through here; `refusal` is what each tells then.
 */
async function cancelNow(subscription: StoredSubscription, t: ApiTranslator, refusal?: () => Error): Promise<void> {
  const provider = isProviderId(subscription.provider) ? paymentProvider(subscription.provider) : null;
  if (!provider) throw refusal ? refusal() : appError("payment:provider-off", t);
  await atProvider(t, `${subscription.provider} cancel`, () => provider.cancel(subscription), refusal);
  await recordCancellation(subscription);
}

/**
 * Cancels now (SPEC: immediate, no refund): at the provider first, then here, so a provider that
 * refuses leaves the plan as it was. An admin grant is not the user's to cancel here.
 */
export async function cancelPlan(user: Who, subscriptionRef: string | undefined, t: ApiTranslator): Promise<void> {
  const subscription = await currentSubscription(user.id);
  if (!subscription) throw appError("payment:not-found", t);
  if (
    subscriptionRef &&
    subscriptionRef !== subscription.providerSubscriptionId &&
    subscriptionRef !== subscription.id
  ) {
    throw appError("payment:forbidden", t);
  }
  if (subscription.provider === "admin") throw appError("payment:forbidden", t);
  await cancelNow(subscription, t);
}

/** A subscription a provider may still charge, as the delete dialog names it. */
export type ChargeableSubscription = { plan: PaidPlan; provider: string };

/**
 * What account deletion will cancel: each subscription a provider may still charge, with the
 * provider's brand (read inside the deletion's transaction when `db` is given).
 */
export async function subscriptionsEndedByDeletion(
  userId: string,
  db: Db | null = null,
): Promise<ChargeableSubscription[]> {
  const rows = await chargeableSubscriptions(userId, db);
  return rows.map((row) => ({ plan: row.plan, provider: providerLabel(row.provider) ?? row.provider }));
}

/**
 * Before an account goes: cancels every subscription a provider may still charge, each as Cancel
 * Plan does (provider first, then here), so nobody is charged for an account that no longer
 * exists. The first provider that refuses, cannot be reached or is not set up stops it with
 * `refuse(its brand)`; the subscriptions already cancelled stay cancelled (they are, at their
 * provider), and the caller keeps the account. Returns how many were cancelled.
 */
export async function cancelChargeableSubscriptions(
  userId: string,
  t: ApiTranslator,
  refuse: (provider: string) => Error,
): Promise<number> {
  const chargeable = await chargeableSubscriptions(userId);
  for (const subscription of chargeable) {
    await cancelNow(subscription, t, () => refuse(providerLabel(subscription.provider) ?? subscription.provider));
  }
  return chargeable.length;
}

/** The SPEC's subscription detail: `method` (the provider) and `session` (its subscription). */
export async function currentPlanDetail(userId: string) {
  const subscription = await currentSubscription(userId);
  if (!subscription) return null;
  const id = subscription.providerSubscriptionId ?? subscription.id;
  // Some providers' SPEC sessions also name the id their own way (Paystack's subscription code;
  // its e-mail token stays on the server, which fetches it when it cancels).
  const alias = isProviderId(subscription.provider) ? providerInfo(subscription.provider).sessionIdAlias : undefined;
  return {
    method: subscription.provider,
    session: {
      id,
      ...(alias ? { [alias]: id } : {}),
      plan: subscription.plan,
      status: subscription.status,
      currentPeriodEnd: subscription.currentPeriodEnd?.toISOString() ?? null,
    },
  };
}

export async function billingPortalUrl(user: Who, returnUrl: string, t: ApiTranslator): Promise<string> {
  const subscription = await currentSubscription(user.id);
  if (!subscription) throw appError("payment:not-found", t);
  const provider = paymentProvider(subscription.provider as ProviderId);
  if (!provider?.portalUrl) throw appError("payment:no-portal", t);
  const portal = provider.portalUrl.bind(provider);
  return atProvider(t, `${subscription.provider} portal`, () => portal(subscription, returnUrl));
}
