import { POST as razorpayCancel } from "@/app/api/razorpaycancel/route";
import { POST as razorpayCreate } from "@/app/api/razorpaycreate/route";
import { POST as razorpayDetails } from "@/app/api/razorpaydetails/route";
import { POST as razorpayPending } from "@/app/api/razorpaypending/route";
import { settleBackgroundMail } from "@/server/email/mailer";
import { buyer, daysLeft, planOf, post, rowsOf, userRow } from "../setup/buyers";
import { callRoute } from "../setup/http";
import { deliverTo, useFakeRazorpay, webhookRoute } from "../setup/payments";
import { useTestDatabase } from "../setup/test-db";

useTestDatabase();
const { razorpay, hold, release } = useFakeRazorpay();

afterEach(async () => {
  release();
  await settleBackgroundMail();
});

async function start(me: { cookie: string; email: string }, plan: "monthly" | "yearly") {
  const res = await post(razorpayCreate, me.cookie, { plan, email: me.email, fullAddress: "1 Main St" });
  expect(res.status).toBe(200);
  expect(res.json.short_url).toMatch(new RegExp(`^${razorpay().url}/l/`));
  expect(res.json.id).toMatch(/^sub_/);
  return res.json.id as string;
}

describe("Razorpay", () => {
  it("creates a subscription with its short link; the pending check says pending, then success once paid, and only then grants", async () => {
    const me = await buyer("rp");
    const sub = await start(me, "monthly");
    expect(razorpay().subscriptions.get(sub)).toMatchObject({
      plan_id: "plan_monthly",
      total_count: 120,
      notes: { userId: me.id, plan: "monthly" },
    });
    const pending = await post(razorpayPending, me.cookie, { sub });
    expect(pending.json).toMatchObject({ success: true, status: "created", next: "pending", plan: "monthly" });
    expect((await post(razorpayDetails, me.cookie, { subscriberId: sub, plan: "monthly" })).status).toBe(404);
    expect(await planOf(me.cookie)).toBe("free");

    await razorpay().pay(sub);
    expect((await post(razorpayPending, me.cookie, { sub })).json).toMatchObject({ status: "active", next: "success" });
    const details = await post(razorpayDetails, me.cookie, { subscriberId: sub, plan: "monthly" });
    expect(details.status).toBe(200);
    expect(await planOf(me.cookie)).toBe("monthly");
    const { pays, subs } = await rowsOf(me.id);
    expect(pays).toHaveLength(1);
    expect(pays[0]).toMatchObject({ amountMinor: 4700, currency: "USD" });
    expect(pays[0].providerPaymentId).toMatch(/^pay_/);
    expect(subs[0]).toMatchObject({ providerSubscriptionId: sub, status: "active" });
    expect(daysLeft((await userRow(me.id)).planExpiresAt)).toBeGreaterThanOrEqual(28);
  });

  it("a declined (expired) link sends the pending page to failure; someone else's subscription is not found", async () => {
    const me = await buyer("rp");
    const sub = await start(me, "yearly");
    await razorpay().decline(sub);
    expect((await post(razorpayPending, me.cookie, { sub })).json).toMatchObject({ status: "expired", next: "failed" });
    const other = await buyer("rp");
    expect((await post(razorpayPending, other.cookie, { sub })).status).toBe(404);
    expect(await planOf(me.cookie)).toBe("free");
  });

  it("a bad signature is 401 and changes nothing; repeated events grant once; renewals extend", async () => {
    const me = await buyer("rp");
    const sub = await start(me, "monthly");
    const held = hold();
    await razorpay().pay(sub);
    release();
    for (const d of held) {
      const forged = await callRoute(webhookRoute, {
        rawBody: d.rawBody,
        headers: { ...d.headers, "x-razorpay-signature": "ab".repeat(32) },
        params: { provider: "razorpay" },
      });
      expect(forged.status).toBe(401);
    }
    expect(await planOf(me.cookie)).toBe("free");
    const deliver = deliverTo("razorpay");
    for (const d of [...held, ...held]) await deliver(d.rawBody, d.headers);
    expect((await rowsOf(me.id)).pays).toHaveLength(1);
    await razorpay().renew(sub);
    expect(daysLeft((await userRow(me.id)).planExpiresAt)).toBeGreaterThanOrEqual(56);
  });

  it("a refund (refund.processed) is recorded on the payment in minor units", async () => {
    const me = await buyer("rp");
    const sub = await start(me, "monthly");
    await razorpay().pay(sub);
    const paymentId = (await rowsOf(me.id)).pays[0].providerPaymentId!;
    await razorpay().refund(paymentId);
    expect((await rowsOf(me.id)).pays[0]).toMatchObject({ refundedMinor: 4700, status: "refunded" });
  });

  it("cancel cancels at Razorpay, then here", async () => {
    const me = await buyer("rp");
    const sub = await start(me, "monthly");
    await razorpay().pay(sub);
    const res = await post(razorpayCancel, me.cookie, { id: sub, email: me.email });
    expect(res.status).toBe(200);
    expect(razorpay().subscriptions.get(sub)!.status).toBe("cancelled");
    expect(await planOf(me.cookie)).toBe("free");
  });
});
