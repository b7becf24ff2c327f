import { POST as pendingCheck } from "@/app/api/checkout/[provider]/pending/route";
import { POST as checkoutStart } from "@/app/api/checkout/[provider]/route";
import { pendingCheckout } from "@/features/plans/server";
import { settleBackgroundMail } from "@/server/email/mailer";
import { buyer } from "../setup/buyers";
import { callRoute } from "../setup/http";
import { useFakeFlutterwave, useFakeRazorpay, useFakeStripe } from "../setup/payments";
import { useTestDatabase } from "../setup/test-db";

/**
 * The checkout page's own routes, the same for every provider: `/api/checkout/{provider}` answers
 * the checkout's kind and what the page needs for it; `/api/checkout/{provider}/pending` is the
 * pending page's check. (The SPEC's provider-named routes have their own files.)
 */
useTestDatabase();
const { stripe } = useFakeStripe();
const { razorpay } = useFakeRazorpay();
const { flutterwave } = useFakeFlutterwave();

afterEach(() => settleBackgroundMail());

const start = (provider: string, cookie: string, body: unknown = { planId: "monthly" }) =>
  callRoute(checkoutStart as Parameters<typeof callRoute>[0], { body, cookie, params: { provider } });
const pending = (provider: string, cookie: string, sub: string) =>
  callRoute(pendingCheck as Parameters<typeof callRoute>[0], { body: { sub }, cookie, params: { provider } });

describe("POST /api/checkout/{provider}", () => {
  it("answers each provider's checkout by its kind: redirect, popup or inline", async () => {
    const me = await buyer("co");
    const redirect = await start("stripe", me.cookie);
    expect(redirect.status).toBe(200);
    expect(redirect.json.checkout).toMatchObject({ kind: "redirect", id: expect.stringMatching(/^cs_/) });
    expect(redirect.json.checkout.url).toMatch(new RegExp(`^${stripe().url}/`));

    const popup = await start("razorpay", me.cookie, { planId: "yearly" });
    expect(popup.json.checkout).toMatchObject({ kind: "popup", id: expect.stringMatching(/^sub_/) });
    expect(popup.json.checkout.url).toMatch(new RegExp(`^${razorpay().url}/l/`));

    const inline = await start("flutterwave", me.cookie);
    expect(inline.json.checkout).toMatchObject({
      kind: "inline",
      script: flutterwave().checkoutUrl,
      opener: "FlutterwaveCheckout",
      settings: { public_key: flutterwave().publicKey, amount: 47, currency: "USD", payment_plan: "1001" },
      result: { reference: "transaction_id", paid: ["successful", "completed"] },
    });
    expect(inline.json.checkout.id).toBe(inline.json.checkout.settings.tx_ref);
    expect(JSON.stringify(inline.json)).not.toContain(flutterwave().secretKey);
  });

  it("a provider that is off or unknown is 404; a bad plan or billing is 400; signed out is 401", async () => {
    const me = await buyer("co");
    const off = await start("paypal", me.cookie);
    expect([off.status, off.json.code]).toEqual([404, "payment:provider-off"]);
    expect((await start("nobody", me.cookie)).status).toBe(404);
    expect((await start("stripe", me.cookie, { planId: "free" })).json.code).toBe("payment:invalid-plan");
    expect((await start("stripe", me.cookie, { planId: "monthly", billing: { firstName: 1 } })).json.code).toBe(
      "payment:invalid-billing",
    );
    expect(
      (await callRoute(checkoutStart as Parameters<typeof callRoute>[0], { params: { provider: "stripe" } })).status,
    ).toBe(401);
  });
});

describe("POST /api/checkout/{provider}/pending", () => {
  it("says pending, then success once paid, then the pending page finds it with or without the provider named", async () => {
    const me = await buyer("co");
    const sub = (await start("razorpay", me.cookie)).json.checkout.id as string;
    expect((await pending("razorpay", me.cookie, sub)).json).toMatchObject({
      success: true,
      status: "created",
      next: "pending",
      plan: "monthly",
    });
    await razorpay().pay(sub);
    expect((await pending("razorpay", me.cookie, sub)).json).toMatchObject({ status: "active", next: "success" });
    expect(await pendingCheckout(me.id, "razorpay", sub)).toMatchObject({ provider: "razorpay", status: "paid" });
    expect(await pendingCheckout(me.id, undefined, sub)).toMatchObject({ provider: "razorpay", plan: "monthly" });
    expect(await pendingCheckout(me.id, "stripe", sub)).toBeNull();
  });

  it("a provider without a pending check, or someone else's checkout, is not found", async () => {
    const me = await buyer("co");
    const other = await buyer("co");
    const sub = (await start("razorpay", me.cookie)).json.checkout.id as string;
    expect((await pending("stripe", me.cookie, sub)).status).toBe(404);
    expect((await pending("razorpay", other.cookie, sub)).status).toBe(404);
    expect((await pending("nobody", me.cookie, sub)).status).toBe(404);
  });
});
