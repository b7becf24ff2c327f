import { POST as paystackCancel } from "@/app/api/paystackcancel/route";
import { POST as paystackDetails } from "@/app/api/paystackdetails/route";
import { POST as paystackPayment } from "@/app/api/paystackpayment/route";
import { POST as subscriptionDetail } from "@/app/api/subscriptiondetail/route";
import { settleBackgroundMail } from "@/server/email/mailer";
import { buyer, daysLeft, planOf, post, rowsOf, userRow } from "../setup/buyers";
import { callRoute } from "../setup/http";
import { deliverTo, useFakePaystack, webhookRoute } from "../setup/payments";
import { useTestDatabase } from "../setup/test-db";

useTestDatabase();
const { paystack, hold, release } = useFakePaystack();

afterEach(async () => {
  release();
  await settleBackgroundMail();
});

async function buy(me: { cookie: string }, planId: "monthly" | "yearly") {
  const res = await post(paystackPayment, me.cookie, { planId, amountInZar: 1, email: "" });
  expect(res.status).toBe(200);
  await paystack().pay(res.json.id);
  return res.json.id as string;
}

describe("Paystack", () => {
  it("initializes a plan transaction with the configured price (not the client's amount) and a return to the success page", async () => {
    const me = await buyer("ps");
    const res = await post(paystackPayment, me.cookie, { planId: "monthly", amountInZar: 1 });
    expect(res.status).toBe(200);
    expect(res.json.url).toMatch(new RegExp(`^${paystack().url}/pay/`));
    const tx = paystack().transactions.get(res.json.id)!;
    expect(tx).toMatchObject({ plan: "PLN_monthly", email: me.email, metadata: { userId: me.id, plan: "monthly" } });
    expect(tx.callback_url).toBe(`http://localhost:3000/payment-success/monthly?provider=paystack&ref=${res.json.id}`);
    // Not paid yet: the success page's check grants nothing.
    expect((await post(paystackDetails, me.cookie, { subscriberId: res.json.id, plan: "monthly" })).status).toBe(404);
    expect(await planOf(me.cookie)).toBe("free");
  });

  it("a paid charge grants the plan once (webhook and success page), with the subscription code; renewals extend", async () => {
    const me = await buyer("ps");
    const reference = await buy(me, "yearly");
    expect(await planOf(me.cookie)).toBe("yearly");
    const details = await post(paystackDetails, me.cookie, { subscriberId: reference, plan: "yearly" });
    expect(details.status).toBe(200);
    const { subs, pays } = await rowsOf(me.id);
    expect(pays).toHaveLength(1);
    expect(pays[0]).toMatchObject({ amountMinor: 9700, currency: "USD", providerPaymentId: reference });
    expect(subs[0]).toMatchObject({ status: "active", plan: "yearly" });
    expect(subs[0].providerSubscriptionId).toMatch(/^SUB_/);
    expect(daysLeft((await userRow(me.id)).planExpiresAt)).toBeGreaterThanOrEqual(364);
    await paystack().renew(subs[0].providerSubscriptionId!);
    expect(daysLeft((await userRow(me.id)).planExpiresAt)).toBeGreaterThanOrEqual(729);
  });

  it("a bad or missing x-paystack-signature is 401 and changes nothing; a repeat delivery changes nothing", async () => {
    const me = await buyer("ps");
    const held = hold();
    await buy(me, "monthly");
    release();
    for (const d of held) {
      expect((await callRoute(webhookRoute, { rawBody: d.rawBody, params: { provider: "paystack" } })).status).toBe(
        401,
      );
      const forged = await callRoute(webhookRoute, {
        rawBody: d.rawBody,
        headers: { "x-paystack-signature": "0".repeat(128) },
        params: { provider: "paystack" },
      });
      expect(forged.status).toBe(401);
    }
    expect(await planOf(me.cookie)).toBe("free");
    const deliver = deliverTo("paystack");
    for (const d of held) await deliver(d.rawBody, d.headers);
    const once = (await userRow(me.id)).planExpiresAt;
    for (const d of held) expect((await deliver(d.rawBody, d.headers)).json.outcome).toBe("duplicate");
    expect((await userRow(me.id)).planExpiresAt).toEqual(once);
    expect((await rowsOf(me.id)).pays).toHaveLength(1);
  });

  it("cancel disables the subscription at Paystack with its code and e-mail token, then ends the plan now", async () => {
    const me = await buyer("ps");
    await buy(me, "monthly");
    const code = (await rowsOf(me.id)).subs[0].providerSubscriptionId!;
    const detail = await post(subscriptionDetail, me.cookie, { email: me.email });
    expect(detail.json).toMatchObject({
      method: "paystack",
      session: { id: code, subscription_code: code, plan: "monthly" },
    });
    const res = await post(paystackCancel, me.cookie, { code, token: "ignored", email: me.email });
    expect(res.status).toBe(200);
    expect(paystack().subscriptions.get(code)!.status).toBe("cancelled");
    expect(await planOf(me.cookie)).toBe("free");
    expect((await rowsOf(me.id)).subs[0].status).toBe("canceled");
  });
});
