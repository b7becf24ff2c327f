import { eq, sql } from "drizzle-orm";
import { POST as sendReceipt } from "@/app/api/sendreceipt/route";
import { POST as stripeCancel } from "@/app/api/stripecancel/route";
import { POST as stripeDetails } from "@/app/api/stripedetails/route";
import { POST as stripePayment } from "@/app/api/stripepayment/route";
import { POST as stripePortal } from "@/app/api/stripeportal/route";
import { POST as subscriptionDetail } from "@/app/api/subscriptiondetail/route";
import { getRequestUser } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import * as schema from "@/server/db/schema";
import { settleBackgroundMail } from "@/server/email/mailer";
import { callRoute } from "../setup/http";
import { useFakeResend } from "../setup/mail";
import { deliverTo, setSettings, STRIPE_KEYS, useFakeStripe, webhookRoute } from "../setup/payments";
import { useTestDatabase } from "../setup/test-db";
import { buyer } from "../setup/buyers";

useTestDatabase();
const resend = useFakeResend();
const { stripe, hold, release } = useFakeStripe();

const account = () => buyer("buyer");

const post = (handler: Parameters<typeof callRoute>[0], cookie: string, body: unknown = {}) =>
  callRoute(handler, { body, cookie });
const planOf = async (cookie: string) =>
  (await getRequestUser(new Request("http://x/", { headers: { cookie } })))!.plan;

async function userRow(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(schema.users).where(eq(schema.users.id, id));
  return row;
}
async function rowsOf(id: string) {
  const db = await getDb();
  return {
    subs: await db.select().from(schema.subscriptions).where(eq(schema.subscriptions.userId, id)),
    pays: await db.select().from(schema.payments).where(eq(schema.payments.userId, id)),
  };
}
const DAY = 86_400_000;
const daysLeft = (date: Date | null) => Math.round(((date?.getTime() ?? 0) - Date.now()) / DAY);

/** Starts a checkout and completes it at the fake, as the browser would; returns the session id. */
async function buy(me: { cookie: string }, planId: "monthly" | "yearly") {
  const res = await post(stripePayment, me.cookie, { planId });
  expect(res.status).toBe(200);
  expect(res.json.url).toBe(`${stripe().url}/checkout/${res.json.id}`);
  await stripe().pay(res.json.id);
  return res.json.id as string;
}

afterEach(async () => {
  release();
  await settleBackgroundMail();
});

describe("Stripe checkout, webhooks and the success page", () => {
  it("starts a subscription checkout at the provider for the session's user and configured price, with an idempotency key", async () => {
    const me = await account();
    const res = await post(stripePayment, me.cookie, { planId: "yearly" });
    expect(res.status).toBe(200);
    const session = stripe().sessions.get(res.json.id)!;
    expect(session).toMatchObject({
      mode: "subscription",
      client_reference_id: me.id,
      customer_email: me.email,
      metadata: { userId: me.id, plan: "yearly" },
    });
    expect(session.line_items[0].price).toBe("price_yearly");
    expect(stripe().requests.at(-1)!.idempotencyKey).toMatch(/^checkout-/);
    const free = await post(stripePayment, me.cookie, { planId: "free" });
    expect(free.status).toBe(400);
    expect(free.json.code).toBe("payment:invalid-plan");
  });

  it("checkout starts are limited per user (30 an hour)", async () => {
    const me = await account();
    for (let i = 0; i < 30; i++) expect((await post(stripePayment, me.cookie, { planId: "monthly" })).status).toBe(200);
    const limited = await post(stripePayment, me.cookie, { planId: "monthly" });
    expect(limited.status).toBe(429);
    expect(limited.json.code).toBe("rate:limited");
    expect((await post(stripePayment, (await account()).cookie, { planId: "monthly" })).status).toBe(200);
  });

  it("a success-page visit without payment grants nothing", async () => {
    const me = await account();
    const res = await post(stripePayment, me.cookie, { planId: "monthly" });
    const details = await post(stripeDetails, me.cookie, { subscriberId: res.json.id, uid: me.id, plan: "monthly" });
    expect(details.status).toBe(404);
    expect(await planOf(me.cookie)).toBe("free");
    expect((await rowsOf(me.id)).pays).toHaveLength(0);
  });

  it("a paid Monthly checkout grants one month, once, through webhooks and the success page together; amounts in minor units", async () => {
    const me = await account();
    const sessionId = await buy(me, "monthly");
    expect(await planOf(me.cookie)).toBe("monthly");
    const details = await post(stripeDetails, me.cookie, { subscriberId: sessionId, uid: me.id, plan: "monthly" });
    expect(details.status).toBe(200);
    const { subs, pays } = await rowsOf(me.id);
    expect(pays).toHaveLength(1);
    expect(pays[0]).toMatchObject({
      id: details.json.paymentId,
      amountMinor: 4700,
      currency: "USD",
      status: "succeeded",
      provider: "stripe",
    });
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ status: "active", plan: "monthly", amountMinor: 4700, currency: "USD" });
    expect(subs[0].providerSubscriptionId).toMatch(/^sub_/);
    expect(subs[0].providerCustomerId).toMatch(/^cus_/);
    const user = await userRow(me.id);
    expect(daysLeft(user.planExpiresAt)).toBeGreaterThanOrEqual(28);
    expect(daysLeft(user.planExpiresAt)).toBeLessThanOrEqual(31);
    // Someone else's checkout session is not this user's payment.
    const other = await account();
    const stolen = await post(stripeDetails, other.cookie, { subscriberId: sessionId, plan: "monthly" });
    expect(stolen.status).toBe(404);
    expect(await planOf(other.cookie)).toBe("free");
  });

  it("Annual gives a year and a renewal extends from the current end", async () => {
    const me = await account();
    const sessionId = await buy(me, "yearly");
    const first = (await userRow(me.id)).planExpiresAt!;
    expect(daysLeft(first)).toBeGreaterThanOrEqual(364);
    await stripe().renew(stripe().sessions.get(sessionId)!.subscription);
    const renewed = (await userRow(me.id)).planExpiresAt!;
    expect(daysLeft(renewed)).toBeGreaterThanOrEqual(729);
    expect((await rowsOf(me.id)).pays.map((p) => p.amountMinor)).toEqual([9700, 9700]);
  });

  it("a webhook with a bad or missing signature is 401 and changes nothing", async () => {
    const me = await account();
    const held = hold();
    await buy(me, "monthly");
    release();
    expect(held.length).toBe(3);
    for (const delivery of held) {
      const forged = await callRoute(webhookRoute, {
        rawBody: delivery.rawBody,
        headers: {
          "stripe-signature": delivery.headers["stripe-signature"].replace(/v1=[0-9a-f]+/, `v1=${"0".repeat(64)}`),
        },
        params: { provider: "stripe" },
      });
      expect(forged.status).toBe(401);
      expect(forged.json.code).toBe("webhook:invalid-signature");
      const tampered = await callRoute(webhookRoute, {
        rawBody: delivery.rawBody.replace('"livemode":false', '"livemode":true'),
        headers: delivery.headers,
        params: { provider: "stripe" },
      });
      expect(tampered.status).toBe(401);
      const unsigned = await callRoute(webhookRoute, { rawBody: delivery.rawBody, params: { provider: "stripe" } });
      expect(unsigned.status).toBe(401);
    }
    expect(await planOf(me.cookie)).toBe("free");
    expect(await rowsOf(me.id)).toEqual({ subs: [], pays: [] });
  });

  it("the same events twice, and in reverse order, leave one period and one payment", async () => {
    const me = await account();
    const held = hold();
    await buy(me, "monthly");
    release();
    const deliver = deliverTo("stripe");
    for (const delivery of [...held].reverse()) await deliver(delivery.rawBody, delivery.headers);
    const once = (await userRow(me.id)).planExpiresAt;
    for (const delivery of held) {
      const again = await deliver(delivery.rawBody, delivery.headers);
      expect(again.json.outcome).toBe("duplicate");
    }
    expect((await userRow(me.id)).planExpiresAt).toEqual(once);
    const { subs, pays } = await rowsOf(me.id);
    expect(pays).toHaveLength(1);
    expect(subs).toHaveLength(1);
    expect(subs[0].status).toBe("active");
    expect(await planOf(me.cookie)).toBe("monthly");
  });

  it("the success page and every delivery at once, each twice, still grant one period", async () => {
    const me = await account();
    const held = hold();
    const sessionId = await buy(me, "monthly");
    release();
    const deliver = deliverTo("stripe");
    const all = [...held, ...held].map((d) => deliver(d.rawBody, d.headers));
    const pages = [1, 2].map(() => post(stripeDetails, me.cookie, { subscriberId: sessionId, plan: "monthly" }));
    const answers = await Promise.all([...all, ...pages]);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const { pays, subs } = await rowsOf(me.id);
    expect(pays).toHaveLength(1);
    expect(subs).toHaveLength(1);
    expect(daysLeft((await userRow(me.id)).planExpiresAt)).toBeLessThanOrEqual(31);
  });

  it("a cancellation delivered before a late 'active' update stays canceled, and a late invoice grants nothing", async () => {
    const me = await account();
    const sessionId = await buy(me, "monthly");
    const subscription = stripe().subscriptions.get(stripe().sessions.get(sessionId)!.subscription)!;
    const deliver = deliverTo("stripe");
    const active = JSON.stringify(
      stripe().event("customer.subscription.updated", { ...subscription, status: "active" }),
    );
    const deleted = JSON.stringify(
      stripe().event("customer.subscription.deleted", { ...subscription, status: "canceled" }),
    );
    await deliver(deleted, { "stripe-signature": stripe().sign(deleted) });
    await deliver(active, { "stripe-signature": stripe().sign(active) });
    expect((await rowsOf(me.id)).subs[0].status).toBe("canceled");
    expect(await planOf(me.cookie)).toBe("free");
    const paidBefore = (await rowsOf(me.id)).pays.length;
    const endBefore = (await userRow(me.id)).planExpiresAt;
    const held = hold();
    await stripe().renew(subscription.id);
    release();
    // The late renewal's invoice.paid reaches the route: the payment is kept (the money moved),
    // but it grants nothing and the subscription stays canceled.
    expect(held.map((d) => JSON.parse(d.rawBody).type)).toEqual(["invoice.paid"]);
    const late = await deliver(held[0].rawBody, held[0].headers);
    expect(late.json).toMatchObject({ received: true, outcome: "applied" });
    expect((await rowsOf(me.id)).pays).toHaveLength(paidBefore + 1);
    expect((await rowsOf(me.id)).subs[0].status).toBe("canceled");
    expect((await userRow(me.id)).planExpiresAt).toEqual(endBefore);
    expect(await planOf(me.cookie)).toBe("free");
  });

  it("cancel: at Stripe first, then here; the plan ends now (no refund)", async () => {
    const me = await account();
    const sessionId = await buy(me, "monthly");
    const subId = stripe().sessions.get(sessionId)!.subscription;
    const detail = await post(subscriptionDetail, me.cookie, { uid: me.id, email: me.email });
    expect(detail.json).toMatchObject({ success: true, method: "stripe", session: { id: subId, plan: "monthly" } });
    const res = await post(stripeCancel, me.cookie, { id: subId, email: me.email });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, message: "Subscription Cancelled" });
    expect(stripe().subscriptions.get(subId)!.status).toBe("canceled");
    expect(await planOf(me.cookie)).toBe("free");
    const { subs, pays } = await rowsOf(me.id);
    expect(subs[0].status).toBe("canceled");
    expect(subs[0].canceledAt).not.toBeNull();
    expect(pays[0].refundedMinor).toBe(0);
    expect((await post(stripeCancel, me.cookie, { id: subId })).status).toBe(404);
  });

  it("identity is the session's: another user's uid or e-mail is 403", async () => {
    const me = await account();
    const other = await account();
    await buy(other, "monthly");
    expect((await post(subscriptionDetail, me.cookie, { uid: other.id })).status).toBe(403);
    expect((await post(subscriptionDetail, me.cookie, { email: other.email })).status).toBe(403);
    expect((await post(stripeCancel, me.cookie, { id: "x", email: other.email })).status).toBe(403);
    expect((await post(subscriptionDetail, me.cookie, {})).status).toBe(404);
    const signedOut = await callRoute(stripePayment, { body: { planId: "monthly" } });
    expect(signedOut.status).toBe(401);
  });

  it("the receipt goes to the payment's owner once, rendered by the server", async () => {
    const me = await account();
    const sessionId = await buy(me, "yearly");
    const details = await post(stripeDetails, me.cookie, { subscriberId: sessionId, plan: "yearly" });
    const other = await account();
    expect((await post(sendReceipt, other.cookie, { subscriberId: details.json.paymentId })).json.sent).toBe(false);
    expect(
      (await post(sendReceipt, me.cookie, { subscriberId: details.json.paymentId, html: "<b>x</b>" })).json.sent,
    ).toBe(true);
    expect((await post(sendReceipt, me.cookie, { subscriberId: details.json.paymentId })).json.sent).toBe(false);
    await settleBackgroundMail();
    const mails = resend()
      .emails(me.email)
      .filter((m) => /receipt|recibo/i.test(m.subject));
    expect(mails).toHaveLength(1);
    expect(mails[0].html).toMatch(/97[.,]00/);
    expect(mails[0].html).not.toContain("<b>x</b>");
  });

  it("the Billing Portal opens for the customer", async () => {
    const me = await account();
    await buy(me, "monthly");
    const res = await post(stripePortal, me.cookie);
    expect(res.status).toBe(200);
    expect(res.json.url).toMatch(new RegExp(`^${stripe().url}/portal/bps_`));
  });

  it("a renewal for an account deleted since is acknowledged and records nothing", async () => {
    const me = await account();
    const sessionId = await buy(me, "monthly");
    const db = await getDb();
    await db.delete(schema.users).where(eq(schema.users.id, me.id));
    const before = (await db.select().from(schema.payments)).length;
    const held = hold();
    await stripe().renew(stripe().sessions.get(sessionId)!.subscription);
    release();
    const answer = await deliverTo("stripe")(held[0].rawBody, held[0].headers);
    expect(answer.status).toBe(200);
    expect((await db.select().from(schema.payments)).length).toBe(before);
  });

  it("a paid period that ends unpaid falls back to Free on read", async () => {
    const me = await account();
    await buy(me, "monthly");
    const db = await getDb();
    await db
      .update(schema.users)
      .set({ planExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(schema.users.id, me.id));
    expect(await planOf(me.cookie)).toBe("free");
  });

  it("with no provider configured, checkout says payments are not set up", async () => {
    const me = await account();
    const saved = Object.fromEntries(STRIPE_KEYS.map((k) => [k, process.env[k]]));
    setSettings(Object.fromEntries(STRIPE_KEYS.map((k) => [k, undefined])));
    try {
      const res = await post(stripePayment, me.cookie, { planId: "monthly" });
      expect(res.status).toBe(503);
      expect(res.json.code).toBe("payment:not-configured");
      const hook = await callRoute(webhookRoute, { rawBody: "{}", params: { provider: "stripe" } });
      expect(hook.status).toBe(404);
    } finally {
      setSettings(saved);
    }
  });
});
