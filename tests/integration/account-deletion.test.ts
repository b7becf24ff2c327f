/**
 * Deleting an account that pays for a plan (issue 33): every subscription is cancelled at its
 * provider (each provider's fake) before the account goes, and a renewal that still arrives
 * afterwards grants nothing, records no payment and is acknowledged and logged. A provider that
 * cannot be reached, or a wrong password, refuses the deletion and changes nothing.
 */
import { createServer, type AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import { POST as deleteUser } from "@/app/api/deleteuser/route";
import { POST as flutterwavePayment } from "@/app/api/flutterwavepayment/route";
import { POST as paypalCreate } from "@/app/api/paypal/route";
import { POST as paystackPayment } from "@/app/api/paystackpayment/route";
import { POST as profile } from "@/app/api/profile/route";
import { POST as razorpayCreate } from "@/app/api/razorpaycreate/route";
import { POST as stripePayment } from "@/app/api/stripepayment/route";
import { getDb } from "@/server/db/client";
import * as schema from "@/server/db/schema";
import { settleBackgroundMail } from "@/server/email/mailer";
import { createLogger, logger } from "@/server/logger";
import { buyer, planOf, post, rowsOf, userRow } from "../setup/buyers";
import { callRoute } from "../setup/http";
import { useFakeResend } from "../setup/mail";
import {
  deliverTo,
  useFakeFlutterwave,
  useFakePaypal,
  useFakePaystack,
  useFakeRazorpay,
  useFakeStripe,
  webhookRoute,
} from "../setup/payments";
import { withSettings } from "../setup/settings";
import { useTestDatabase } from "../setup/test-db";

useTestDatabase();
const resend = useFakeResend();
const stripeFake = useFakeStripe();
const paypalFake = useFakePaypal();
const paystackFake = useFakePaystack();
const flutterwaveFake = useFakeFlutterwave();
const razorpayFake = useFakeRazorpay();
const fakes = [stripeFake, paypalFake, paystackFake, flutterwaveFake, razorpayFake];

const PASSWORD = "long-enough-1"; // signedUpUser's default
type Buyer = Awaited<ReturnType<typeof buyer>>;
type ProviderId = "stripe" | "paypal" | "paystack" | "flutterwave" | "razorpay";

/**
 * Per provider: buying a monthly plan the way its checkout does (the fake's hosted page paid),
 * its subscription's status at the fake, and a renewal charged by the fake.
 */
const PROVIDERS: Record<
  ProviderId,
  {
    label: string;
    /** The setting that points the app at the provider (an unreachable address makes it unreachable). */
    baseUrlSetting: string;
    buy: (me: Buyer) => Promise<string>;
    statusAtProvider: (subscriptionId: string) => string;
    canceled: string;
    renew: (subscriptionId: string) => Promise<unknown>;
  }
> = {
  stripe: {
    label: "Stripe",
    baseUrlSetting: "STRIPE_API_BASE_URL",
    async buy(me) {
      const res = await post(stripePayment, me.cookie, { planId: "monthly" });
      expect(res.status).toBe(200);
      await stripeFake.stripe().pay(res.json.id);
      return stripeFake.stripe().sessions.get(res.json.id)!.subscription as string;
    },
    statusAtProvider: (id) => stripeFake.stripe().subscriptions.get(id)!.status,
    canceled: "canceled",
    renew: (id) => stripeFake.stripe().renew(id),
  },
  paypal: {
    label: "PayPal",
    baseUrlSetting: "PAYPAL_API_BASE_URL",
    async buy(me) {
      const res = await post(paypalCreate, me.cookie, { planId: "monthly", email: me.email });
      expect(res.status).toBe(200);
      await paypalFake.paypal().approve(res.json.id);
      return res.json.id as string;
    },
    statusAtProvider: (id) => paypalFake.paypal().subscriptions.get(id)!.status,
    canceled: "CANCELLED",
    renew: (id) => paypalFake.paypal().renew(id),
  },
  paystack: {
    label: "Paystack",
    baseUrlSetting: "PAYSTACK_API_BASE_URL",
    async buy(me) {
      const res = await post(paystackPayment, me.cookie, { planId: "monthly" });
      expect(res.status).toBe(200);
      await paystackFake.paystack().pay(res.json.id);
      return (await rowsOf(me.id)).subs.find((s) => s.provider === "paystack")!.providerSubscriptionId!;
    },
    statusAtProvider: (code) => paystackFake.paystack().subscriptions.get(code)!.status,
    canceled: "cancelled",
    renew: (code) => paystackFake.paystack().renew(code),
  },
  flutterwave: {
    label: "Flutterwave",
    baseUrlSetting: "FLUTTERWAVE_API_BASE_URL",
    async buy(me) {
      const res = await post(flutterwavePayment, me.cookie, { planId: "monthly" });
      expect(res.status).toBe(200);
      await flutterwaveFake.flutterwave().charge(res.json);
      return (await rowsOf(me.id)).subs.find((s) => s.provider === "flutterwave")!.providerSubscriptionId!;
    },
    statusAtProvider: (id) => flutterwaveFake.flutterwave().subscriptions.get(Number(id))!.status,
    canceled: "cancelled",
    renew: (id) => flutterwaveFake.flutterwave().renew(Number(id)),
  },
  razorpay: {
    label: "Razorpay",
    baseUrlSetting: "RAZORPAY_API_BASE_URL",
    async buy(me) {
      const res = await post(razorpayCreate, me.cookie, { plan: "monthly", email: me.email });
      expect(res.status).toBe(200);
      await razorpayFake.razorpay().pay(res.json.id);
      return res.json.id as string;
    },
    statusAtProvider: (id) => razorpayFake.razorpay().subscriptions.get(id)!.status,
    canceled: "cancelled",
    renew: (id) => razorpayFake.razorpay().renew(id),
  },
};

/** POST /api/deleteuser as the browser sends it, in `locale` (the buyer's cookie names en). */
const deleteAs = (me: Buyer, body: unknown, locale: "en" | "pt" = "en") =>
  callRoute(deleteUser, { body, cookie: me.cookie.replace("NEXT_LOCALE=en", `NEXT_LOCALE=${locale}`) });

/** Every delivery the fakes send from now on is held, to be delivered later by the test. */
function holdAll() {
  const held = fakes.map((fake) => fake.hold());
  return () => {
    for (const fake of fakes) fake.release();
    return held.flat();
  };
}

/** What the route logs, read from the request loggers it makes (the logger itself stays the app's). */
function captureLogs() {
  const lines: Record<string, unknown>[] = [];
  const sink = createLogger(
    "info",
    new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    }),
  );
  const spy = jest.spyOn(logger, "child").mockImplementation((bindings) => sink.child(bindings));
  return { lines, restore: () => spy.mockRestore() };
}

/** An address nothing listens on: a port taken from the system, then given back. */
async function deadAddress(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

async function accountExists(id: string) {
  return Boolean(await userRow(id));
}

async function paymentsWith(providerPaymentIds: string[]) {
  const db = await getDb();
  const rows = await db.select({ id: schema.payments.providerPaymentId }).from(schema.payments);
  return rows.filter((row) => row.id !== null && providerPaymentIds.includes(row.id));
}

afterEach(async () => {
  for (const fake of fakes) fake.release();
  await settleBackgroundMail();
});

describe("deleting an account that pays for a plan", () => {
  for (const [id, provider] of Object.entries(PROVIDERS) as [ProviderId, (typeof PROVIDERS)[ProviderId]][]) {
    it(`${id}: the subscription is cancelled at the provider before the account goes; a renewal afterwards grants nothing, writes no receipt, is acknowledged and logged`, async () => {
      const me = await buyer(`del-${id}`);
      const subscriptionId = await provider.buy(me);
      expect(await planOf(me.cookie)).toBe("monthly");
      expect(provider.statusAtProvider(subscriptionId)).not.toBe(provider.canceled);
      const paidBefore = (await rowsOf(me.id)).pays.length;
      expect(paidBefore).toBe(1);

      const res = await deleteAs(me, { currentPassword: PASSWORD });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ success: true, message: "Profile Deleted" });
      expect(provider.statusAtProvider(subscriptionId)).toBe(provider.canceled);
      expect(await accountExists(me.id)).toBe(false);

      // A renewal the provider charged anyway (already on its way when the account went).
      const release = holdAll();
      await provider.renew(subscriptionId);
      const held = release();
      expect(held.length).toBeGreaterThan(0);
      const logs = captureLogs();
      const answers = [];
      try {
        for (const delivery of held) answers.push(await deliverTo(id)(delivery.rawBody, delivery.headers));
      } finally {
        logs.restore();
      }
      // 200 is what each provider's protocol asks for a delivery taken: it stops retrying.
      for (const answer of answers) expect(answer.status).toBe(200);
      expect(answers.map((a) => a.json.outcome)).toContain("no-account");
      const db = await getDb();
      expect(await db.select().from(schema.users).where(eq(schema.users.id, me.id))).toHaveLength(0);
      expect(await db.select().from(schema.subscriptions).where(eq(schema.subscriptions.userId, me.id))).toHaveLength(
        0,
      );
      const unplaced = logs.lines.filter((line) => line.outcome === "no-account");
      expect(unplaced).toHaveLength(1);
      expect(unplaced[0]).toMatchObject({ level: 40, provider: id, msg: expect.stringMatching(/no account/) });
      const renewalIds = (unplaced[0].unplaced as Array<{ providerPaymentId: string | null }>)
        .map((u) => u.providerPaymentId)
        .filter((x): x is string => Boolean(x));
      expect(renewalIds).toHaveLength(1);
      // No payment (so no receipt) for the renewal; the earlier payment stays as an accounting record.
      expect(await paymentsWith(renewalIds)).toEqual([]);
      await settleBackgroundMail();
      expect(
        resend()
          .emails(me.email)
          .filter((m) => /receipt|recibo/i.test(m.subject)),
      ).toEqual([]);
    });
  }

  it("a provider that cannot be reached refuses the deletion with a clear message naming it; nothing changes", async () => {
    const me = await buyer("del-down");
    const subscriptionId = await PROVIDERS.stripe.buy(me);
    const before = await rowsOf(me.id);
    const res = await withSettings({ STRIPE_API_BASE_URL: await deadAddress() }, () =>
      deleteAs(me, { currentPassword: PASSWORD }),
    );
    expect(res.status).toBe(502);
    expect(res.json).toEqual({
      success: false,
      code: "profile:subscription-not-canceled",
      message:
        "Your Stripe subscription could not be cancelled, so your account was not deleted and nothing changed. Please try again in a few minutes; if it keeps failing, contact us.",
    });
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(await accountExists(me.id)).toBe(true);
    expect(await planOf(me.cookie)).toBe("monthly");
    expect(await rowsOf(me.id)).toEqual(before);
    expect(PROVIDERS.stripe.statusAtProvider(subscriptionId)).toBe("active");

    // In Portuguese too; and once the provider answers again, the deletion goes through.
    const pt = await withSettings({ STRIPE_API_BASE_URL: await deadAddress() }, () =>
      deleteAs(me, { currentPassword: PASSWORD }, "pt"),
    );
    expect(pt.json.message).toBe(
      "Não foi possível cancelar sua assinatura no Stripe, então sua conta não foi excluída e nada mudou. Tente de novo em alguns minutos; se continuar falhando, fale conosco.",
    );
    expect((await deleteAs(me, { currentPassword: PASSWORD })).status).toBe(200);
    expect(PROVIDERS.stripe.statusAtProvider(subscriptionId)).toBe("canceled");
  });

  it("a provider no longer set up refuses it too: the subscription could not be ended anywhere", async () => {
    const me = await buyer("del-off");
    await PROVIDERS.razorpay.buy(me);
    const res = await withSettings({ RAZORPAY_KEY_ID: undefined }, () => deleteAs(me, { currentPassword: PASSWORD }));
    expect(res.status).toBe(502);
    expect(res.json.code).toBe("profile:subscription-not-canceled");
    expect(res.json.message).toMatch(/^Your Razorpay subscription could not be cancelled/);
    expect(await accountExists(me.id)).toBe(true);
    expect((await rowsOf(me.id)).subs.map((s) => s.status)).toEqual(["active"]);
  });

  it("every subscription that may still charge is cancelled: one per provider, and a failure on one keeps the account", async () => {
    const me = await buyer("del-two");
    const stripeSub = await PROVIDERS.stripe.buy(me);
    const paystackSub = await PROVIDERS.paystack.buy(me);
    expect((await rowsOf(me.id)).subs.map((s) => s.status).sort()).toEqual(["active", "active"]);

    const refused = await withSettings({ PAYSTACK_API_BASE_URL: await deadAddress() }, () =>
      deleteAs(me, { currentPassword: PASSWORD }),
    );
    expect(refused.status).toBe(502);
    expect(refused.json.message).toMatch(/^Your Paystack subscription could not be cancelled/);
    expect(await accountExists(me.id)).toBe(true);
    // The one already cancelled at its provider is recorded as such; the other still pays.
    const subs = (await rowsOf(me.id)).subs;
    expect(subs.find((s) => s.provider === "stripe")!.status).toBe("canceled");
    expect(subs.find((s) => s.provider === "paystack")!.status).toBe("active");
    expect(PROVIDERS.paystack.statusAtProvider(paystackSub)).toBe("active");

    expect((await deleteAs(me, { currentPassword: PASSWORD })).status).toBe(200);
    expect(PROVIDERS.stripe.statusAtProvider(stripeSub)).toBe("canceled");
    expect(PROVIDERS.paystack.statusAtProvider(paystackSub)).toBe("cancelled");
    expect(await accountExists(me.id)).toBe(false);
  });

  it("a cancellation delivered after the account went is acknowledged, not an error", async () => {
    const me = await buyer("del-late");
    const subscriptionId = await PROVIDERS.stripe.buy(me);
    const release = holdAll();
    expect((await deleteAs(me, { currentPassword: PASSWORD })).status).toBe(200);
    const held = release();
    expect(held.map((d) => JSON.parse(d.rawBody).type)).toEqual(["customer.subscription.deleted"]);
    const late = await deliverTo("stripe")(held[0].rawBody, held[0].headers);
    expect(late.json).toEqual({ received: true, outcome: "no-account" });
    expect(PROVIDERS.stripe.statusAtProvider(subscriptionId)).toBe("canceled");
  });
});

describe("the current password", () => {
  it("is required: without it, or with a wrong one, nothing is deleted or cancelled", async () => {
    const me = await buyer("del-pw");
    const subscriptionId = await PROVIDERS.stripe.buy(me);

    const missing = await deleteAs(me, {});
    expect(missing.status).toBe(400);
    expect(missing.json).toEqual({
      success: false,
      code: "profile:current-password-required",
      message: "Enter your current password to delete your account.",
    });
    expect((await deleteAs(me, { currentPassword: "" }, "pt")).json.message).toBe(
      "Digite sua senha atual para excluir sua conta.",
    );

    const wrong = await deleteAs(me, { currentPassword: "not-my-password" });
    expect(wrong.status).toBe(403);
    expect(wrong.json).toMatchObject({ code: "profile:current-password-wrong" });
    expect(wrong.headers.get("set-cookie")).toBeNull();
    expect(await accountExists(me.id)).toBe(true);
    expect(await planOf(me.cookie)).toBe("monthly");
    expect(PROVIDERS.stripe.statusAtProvider(subscriptionId)).toBe("active");
  });

  it("wrong passwords share /api/profile's limit (5 in 15 minutes); then even the right one waits", async () => {
    const me = await buyer("del-limit");
    for (let i = 0; i < 3; i++) {
      const res = await post(profile, me.cookie, {
        mName: "Buyer",
        email: me.email,
        password: "a-new-password-1",
        currentPassword: "wrong-password",
      });
      expect(res.status).toBe(403);
    }
    for (let i = 0; i < 2; i++) expect((await deleteAs(me, { currentPassword: "wrong-password" })).status).toBe(403);
    const limited = await deleteAs(me, { currentPassword: PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.json.code).toBe("profile:current-password-rate-limited");
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await accountExists(me.id)).toBe(true);
  });

  it("is asked of a Free account too, and a right one deletes it", async () => {
    const me = await buyer("del-free");
    expect((await deleteAs(me, { userId: me.id })).status).toBe(400);
    expect(await accountExists(me.id)).toBe(true);
    const res = await deleteAs(me, { userId: me.id, currentPassword: PASSWORD });
    expect(res.status).toBe(200);
    expect(await accountExists(me.id)).toBe(false);
  });

  it("a renewal webhook of another, living account still grants as before", async () => {
    const me = await buyer("del-alive");
    const subscriptionId = await PROVIDERS.stripe.buy(me);
    const release = holdAll();
    await PROVIDERS.stripe.renew(subscriptionId);
    const [renewal] = release();
    const answer = await callRoute(webhookRoute, {
      rawBody: renewal.rawBody,
      headers: renewal.headers,
      params: { provider: "stripe" },
    });
    expect(answer.json).toEqual({ received: true, outcome: "applied" });
    expect((await rowsOf(me.id)).pays).toHaveLength(2);
  });
});
