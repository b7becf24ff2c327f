import { POST as paypalCreate } from "@/app/api/paypal/route";
import { POST as paypalCancel } from "@/app/api/paypalcancel/route";
import { POST as paypalDetails } from "@/app/api/paypaldetails/route";
import { verifyReturn } from "@/features/plans/server";
import { settleBackgroundMail } from "@/server/email/mailer";
import { buyer, daysLeft, planOf, post, rowsOf, userRow } from "../setup/buyers";
import { callRoute } from "../setup/http";
import { deliverTo, useFakePaypal, webhookRoute } from "../setup/payments";
import { useTestDatabase } from "../setup/test-db";

useTestDatabase();
const { paypal, hold, release } = useFakePaypal();

afterEach(async () => {
  release();
  await settleBackgroundMail();
});

async function start(me: { cookie: string; email: string }, planId: "monthly" | "yearly") {
  const res = await post(paypalCreate, me.cookie, {
    planId,
    email: me.email,
    name: "Ana",
    lastName: "Lima",
    post: "01000",
    address: "Rua A, 1",
    country: "Brasil",
    brand: "x",
    admin: "",
  });
  expect(res.status).toBe(200);
  const approve = (res.json.links as Array<{ rel: string; href: string }>).find((l) => l.rel === "approve")!;
  expect(approve.href).toBe(`${paypal().url}/approve/${res.json.id}`);
  return res.json.id as string;
}

describe("PayPal", () => {
  it("creates a subscription for the session's user; the return address grants only once PayPal says ACTIVE", async () => {
    const me = await buyer("pp");
    const id = await start(me, "monthly");
    expect(paypal().subscriptions.get(id)).toMatchObject({
      plan_id: "P-MONTHLY",
      custom_id: me.id,
      return_url: "http://localhost:3000/payment-success/monthly?provider=paypal",
    });
    const user = { id: me.id, email: me.email, name: "x" };
    expect(await verifyReturn(user, "monthly", { provider: "paypal", subscription_id: id })).toBeNull();
    expect(await planOf(me.cookie)).toBe("free");
    const back = new URL(await paypal().approve(id));
    const paymentId = await verifyReturn(user, "monthly", Object.fromEntries(back.searchParams));
    expect(paymentId).not.toBeNull();
    expect(await planOf(me.cookie)).toBe("monthly");
    const { pays, subs } = await rowsOf(me.id);
    expect(pays).toHaveLength(1);
    expect(pays[0]).toMatchObject({ id: paymentId, amountMinor: 4700, currency: "USD" });
    expect(subs[0]).toMatchObject({ providerSubscriptionId: id, status: "active" });
    // Someone else's subscription id grants them nothing.
    const other = await buyer("pp");
    expect((await post(paypalDetails, other.cookie, { subscriberId: id, plan: "monthly" })).status).toBe(404);
  });

  it("webhooks are verified with PayPal: a forged one is 401 and changes nothing; repeats and renewals behave", async () => {
    const me = await buyer("pp");
    const id = await start(me, "yearly");
    const held = hold();
    await paypal().approve(id);
    release();
    expect(held).toHaveLength(2);
    for (const d of held) {
      const forged = await callRoute(webhookRoute, {
        rawBody: d.rawBody,
        headers: { ...d.headers, "paypal-transmission-sig": "Zm9yZ2Vk" },
        params: { provider: "paypal" },
      });
      expect(forged.status).toBe(401);
      const tampered = await callRoute(webhookRoute, {
        rawBody: d.rawBody.replace('"event_version":"1.0"', '"event_version":"2.0"'),
        headers: d.headers,
        params: { provider: "paypal" },
      });
      expect(tampered.status).toBe(401);
      expect((await callRoute(webhookRoute, { rawBody: d.rawBody, params: { provider: "paypal" } })).status).toBe(401);
    }
    expect(await planOf(me.cookie)).toBe("free");
    const deliver = deliverTo("paypal");
    for (const d of [...held].reverse()) await deliver(d.rawBody, d.headers);
    for (const d of held) expect((await deliver(d.rawBody, d.headers)).json.outcome).toBe("duplicate");
    expect(await planOf(me.cookie)).toBe("yearly");
    expect((await rowsOf(me.id)).pays).toHaveLength(1);
    await paypal().renew(id);
    expect(daysLeft((await userRow(me.id)).planExpiresAt)).toBeGreaterThanOrEqual(729);
  });

  it("a refund (PAYMENT.SALE.REFUNDED) adds to the payment's refunded amount, once, and marks it refunded when whole", async () => {
    const me = await buyer("pp");
    const id = await start(me, "monthly");
    await paypal().approve(id);
    const sale = (await rowsOf(me.id)).pays[0].providerPaymentId!;
    const held = hold();
    await paypal().refund(sale, "10.00");
    release();
    const deliver = deliverTo("paypal");
    await deliver(held[0].rawBody, held[0].headers);
    await deliver(held[0].rawBody, held[0].headers);
    expect((await rowsOf(me.id)).pays[0]).toMatchObject({ refundedMinor: 1000, status: "succeeded" });
    await paypal().refund(sale, "37.00");
    expect((await rowsOf(me.id)).pays[0]).toMatchObject({ refundedMinor: 4700, status: "refunded" });
  });

  it("cancel cancels at PayPal, then here", async () => {
    const me = await buyer("pp");
    const id = await start(me, "monthly");
    await paypal().approve(id);
    const res = await post(paypalCancel, me.cookie, { id, email: me.email });
    expect(res.status).toBe(200);
    expect(paypal().subscriptions.get(id)!.status).toBe("CANCELLED");
    expect(await planOf(me.cookie)).toBe("free");
  });
});
