import { POST as flutterwaveCancel } from "@/app/api/flutterwavecancel/route";
import { POST as flutterwaveDetails } from "@/app/api/flutterwavedetails/route";
import { POST as flutterwavePayment } from "@/app/api/flutterwavepayment/route";
import { confirmCheckout } from "@/features/plans/payments/billing";
import { openPostgres, setDbHandleForTests } from "@/server/db/client";
import { settleBackgroundMail } from "@/server/email/mailer";
import { errorResponse } from "@/server/http/errors";
import { buyer, daysLeft, planOf, post, rowsOf, userRow } from "../setup/buyers";
import { callRoute } from "../setup/http";
import { deliverTo, useFakeFlutterwave, webhookRoute } from "../setup/payments";
import { useTestDatabase } from "../setup/test-db";

const database = useTestDatabase();
const { flutterwave, hold, release } = useFakeFlutterwave();

afterEach(async () => {
  release();
  await settleBackgroundMail();
});

async function inlineConfig(me: { cookie: string }, planId: "monthly" | "yearly") {
  const res = await post(flutterwavePayment, me.cookie, { planId });
  expect(res.status).toBe(200);
  return res.json;
}

describe("Flutterwave inline checkout", () => {
  it("the server half gives the inline settings (public key only, configured amount in USD, the plan)", async () => {
    const me = await buyer("fw");
    const config = await inlineConfig(me, "yearly");
    expect(config).toMatchObject({
      public_key: flutterwave().publicKey,
      amount: 97,
      currency: "USD",
      payment_plan: "1002",
      customer: { email: me.email },
    });
    expect(config.tx_ref).toMatch(new RegExp(`^aula\\.yearly\\.${me.id}\\.`));
    expect(JSON.stringify(config)).not.toContain(flutterwave().secretKey);
  });

  it("the callback's transaction id is verified with Flutterwave: paid grants once; a cheaper or failed charge grants nothing", async () => {
    const me = await buyer("fw");
    const config = await inlineConfig(me, "monthly");
    const cheap = await flutterwave().charge({ ...config, amount: 1 });
    expect(
      (await post(flutterwaveDetails, me.cookie, { subscriberId: String(cheap.id), plan: "monthly" })).status,
    ).toBe(404);
    const failed = await flutterwave().charge(config, "failed");
    expect(
      (await post(flutterwaveDetails, me.cookie, { subscriberId: String(failed.id), plan: "monthly" })).status,
    ).toBe(404);
    expect(await planOf(me.cookie)).toBe("free");

    const tx = await flutterwave().charge(config);
    const details = await post(flutterwaveDetails, me.cookie, { subscriberId: String(tx.id), plan: "monthly" });
    expect(details.status).toBe(200);
    expect(await planOf(me.cookie)).toBe("monthly");
    const { pays, subs } = await rowsOf(me.id);
    expect(pays).toHaveLength(1);
    expect(pays[0]).toMatchObject({ amountMinor: 4700, currency: "USD", providerPaymentId: String(tx.id) });
    expect(subs[0].status).toBe("active");
    // Another user's transaction is not theirs.
    const other = await buyer("fw");
    expect(
      (await post(flutterwaveDetails, other.cookie, { subscriberId: String(tx.id), plan: "monthly" })).status,
    ).toBe(404);
  });

  it("a wrong verif-hash is 401 and changes nothing; a repeated charge.completed grants once; renewals extend", async () => {
    const me = await buyer("fw");
    const config = await inlineConfig(me, "monthly");
    const held = hold();
    const tx = await flutterwave().charge(config);
    release();
    expect(held).toHaveLength(1);
    const forged = await callRoute(webhookRoute, {
      rawBody: held[0].rawBody,
      headers: { "verif-hash": "nope" },
      params: { provider: "flutterwave" },
    });
    expect(forged.status).toBe(401);
    expect(
      (await callRoute(webhookRoute, { rawBody: held[0].rawBody, params: { provider: "flutterwave" } })).status,
    ).toBe(401);
    expect(await planOf(me.cookie)).toBe("free");
    const deliver = deliverTo("flutterwave");
    await deliver(held[0].rawBody, held[0].headers);
    expect((await deliver(held[0].rawBody, held[0].headers)).json.outcome).toBe("duplicate");
    expect((await rowsOf(me.id)).pays).toHaveLength(1);
    const sub = [...flutterwave().subscriptions.values()].find((s) => s.transaction_id === tx.id)!;
    await flutterwave().renew(sub.id);
    expect(daysLeft((await userRow(me.id)).planExpiresAt)).toBeGreaterThanOrEqual(56);
  });

  it("cancel cancels at Flutterwave, then here", async () => {
    const me = await buyer("fw");
    const tx = await flutterwave().charge(await inlineConfig(me, "monthly"));
    expect(tx.status).toBe("successful");
    const code = (await rowsOf(me.id)).subs[0].providerSubscriptionId!;
    const res = await post(flutterwaveCancel, me.cookie, { code, token: "", email: me.email });
    expect(res.status).toBe(200);
    expect(flutterwave().subscriptions.get(Number(code))!.status).toBe("cancelled");
    expect(await planOf(me.cookie)).toBe("free");
  });
});

describe("the database down while the success page checks a payment", () => {
  it("answers 503 db:unavailable, not 404: a renewal's owner is looked up in our rows", async () => {
    const me = await buyer("fw");
    // A charge whose reference is none of ours (a renewal): its owner is found by its customer, in the database.
    hold();
    const renewal = await flutterwave().charge({ tx_ref: "flw-renewal-abc", amount: 47, currency: "USD" });
    release();
    const unreachable = await openPostgres("postgres://aula@127.0.0.1:1/aula", 1);
    setDbHandleForTests(unreachable);
    let failure: unknown = "resolved";
    try {
      await confirmCheckout("flutterwave", { id: me.id, email: me.email, name: "Fw" }, "monthly", String(renewal.id));
    } catch (error) {
      failure = error;
    } finally {
      setDbHandleForTests(database());
      await unreachable.close();
    }
    const answer = errorResponse(failure, "req-test");
    expect(answer.status).toBe(503);
    expect(await answer.json()).toMatchObject({ code: "db:unavailable" });
  });
});
