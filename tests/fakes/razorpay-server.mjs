#!/usr/bin/env node
/**
 * A local stand-in for the parts of Razorpay's API Aula uses (RAZORPAY_API_BASE_URL = <url>/v1).
 *
 * Razorpay's side:  POST /v1/subscriptions (Basic key_id:key_secret)  → { id: sub_…, status: "created", short_url }
 *                   GET  /v1/subscriptions/:id
 *                   POST /v1/subscriptions/:id/cancel                 → cancelled (+ subscription.cancelled)
 *                   GET  /v1/invoices?subscription_id=                → { items: [invoice] }
 * Hosted page:      GET /l/:code (the short link), POST /l/:code/pay | /decline. Paying activates the
 *                   subscription and sends subscription.activated and subscription.charged; declining
 *                   expires it. The page then says to go back to the merchant (no redirect, as a short link).
 *                   refund(paymentId, amount?) sends refund.processed.
 * Webhooks:         `X-Razorpay-Signature: hex HMAC-SHA256(webhook secret, raw body)`, `x-razorpay-event-id`.
 */
import { createHmac, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { hostedPage, listen, readBody, sendHtml, sendJson } from "./hosted-page.mjs";

const rid = (prefix) => `${prefix}${randomBytes(7).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);

function signRazorpay(payload, secret) {
  return createHmac("sha256", secret).update(payload).digest("hex");
}

/**
 * @param {{ port?: number, keyId?: string, keySecret?: string, webhookSecret?: string, webhookUrl?: string,
 *   deliver?: (rawBody: string, headers: Record<string, string>) => Promise<unknown>,
 *   plans?: Record<string, { amount: number, currency: string, period: "monthly" | "yearly" }> }} [options]
 */
export async function startFakeRazorpay(options = {}) {
  const keyId = options.keyId ?? "rzp_test_fake";
  const keySecret = options.keySecret ?? "rzp_secret_fake";
  const webhookSecret = options.webhookSecret ?? "rzp_whsec_fake";
  const plans = options.plans ?? {
    plan_monthly: { amount: 4700, currency: "USD", period: "monthly" },
    plan_yearly: { amount: 9700, currency: "USD", period: "yearly" },
  };
  const subscriptions = new Map();
  const links = new Map();
  const invoices = [];
  const events = [];
  let base = "";

  async function deliver(event, payload) {
    const body = JSON.stringify({ entity: "event", event, contains: Object.keys(payload), payload, created_at: now() });
    events.push(JSON.parse(body));
    const headers = {
      "content-type": "application/json",
      "x-razorpay-signature": signRazorpay(body, webhookSecret),
      "x-razorpay-event-id": rid("evt_"),
    };
    try {
      if (options.deliver) await options.deliver(body, headers);
      else if (options.webhookUrl)
        await fetch(options.webhookUrl, { method: "POST", headers, body, signal: AbortSignal.timeout(10_000) });
    } catch (error) {
      console.error("fake razorpay: webhook delivery failed", error);
    }
  }

  async function charge(sub) {
    const plan = plans[sub.plan_id];
    const payment = {
      id: rid("pay_"),
      entity: "payment",
      amount: plan.amount,
      currency: plan.currency,
      status: "captured",
    };
    invoices.push({
      id: rid("inv_"),
      entity: "invoice",
      subscription_id: sub.id,
      payment_id: payment.id,
      amount_paid: plan.amount,
      currency: plan.currency,
      status: "paid",
    });
    sub.paid_count += 1;
    sub.current_end = now() + (plan.period === "yearly" ? 365 : 30) * 86400;
    await deliver("subscription.charged", { subscription: { entity: { ...sub } }, payment: { entity: payment } });
    return payment;
  }

  async function pay(subscriptionId) {
    const sub = subscriptions.get(subscriptionId);
    if (sub.status === "created") {
      sub.status = "active";
      sub.customer_id = rid("cust_");
      await deliver("subscription.activated", { subscription: { entity: { ...sub } } });
      await charge(sub);
    }
  }

  async function decline(subscriptionId) {
    const sub = subscriptions.get(subscriptionId);
    if (sub.status === "created") sub.status = "expired";
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const raw = await readBody(req);
    const path = url.pathname;
    const fail = (status, description) => sendJson(res, status, { error: { code: "BAD_REQUEST_ERROR", description } });
    let match;
    try {
      if (path === "/__test__/health") return sendJson(res, 200, { ok: true });
      if ((match = path.match(/^\/l\/(\w+)$/)) && req.method === "GET") {
        const sub = subscriptions.get(links.get(match[1]));
        if (!sub) return sendHtml(res, 404, "no such link");
        const plan = plans[sub.plan_id];
        if (sub.status !== "created")
          return sendHtml(
            res,
            200,
            `<!doctype html><html lang="en"><head><title>Fake Razorpay</title></head><body><h1>Subscription ${sub.status}</h1></body></html>`,
          );
        return sendHtml(
          res,
          200,
          hostedPage({
            title: "Fake Razorpay Subscription",
            lines: [`${(plan.amount / 100).toFixed(2)} ${plan.currency} ${plan.period}`],
            payAction: `/l/${match[1]}/pay`,
            declineAction: `/l/${match[1]}/decline`,
          }),
        );
      }
      if ((match = path.match(/^\/l\/(\w+)\/(pay|decline)$/)) && req.method === "POST") {
        const id = links.get(match[1]);
        if (!id) return sendHtml(res, 404, "no such link");
        if (match[2] === "pay") await pay(id);
        else await decline(id);
        const done = match[2] === "pay" ? "Payment successful" : "Payment declined";
        return sendHtml(
          res,
          200,
          `<!doctype html><html lang="en"><head><title>${done}</title></head><body><h1>${done}</h1><p>You can close this tab and go back to the merchant.</p></body></html>`,
        );
      }

      const expected = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString("base64")}`;
      if (req.headers.authorization !== expected) return fail(401, "The API key provided is invalid");
      if (path === "/v1/subscriptions" && req.method === "POST") {
        const body = JSON.parse(raw || "{}");
        if (!plans[body.plan_id]) return fail(400, "The id provided does not exist");
        if (!body.total_count) return fail(400, "The total count field is required.");
        const code = randomBytes(5).toString("hex");
        const sub = {
          id: rid("sub_"),
          entity: "subscription",
          plan_id: body.plan_id,
          status: "created",
          total_count: body.total_count,
          paid_count: 0,
          notes: body.notes ?? [],
          customer_id: null,
          short_url: `${base}/l/${code}`,
          current_end: null,
        };
        subscriptions.set(sub.id, sub);
        links.set(code, sub.id);
        return sendJson(res, 200, sub);
      }
      if ((match = path.match(/^\/v1\/subscriptions\/(sub_\w+)$/)) && req.method === "GET") {
        const sub = subscriptions.get(match[1]);
        return sub ? sendJson(res, 200, sub) : fail(400, "The id provided does not exist");
      }
      if ((match = path.match(/^\/v1\/subscriptions\/(sub_\w+)\/cancel$/)) && req.method === "POST") {
        const sub = subscriptions.get(match[1]);
        if (!sub) return fail(400, "The id provided does not exist");
        if (sub.status === "cancelled") return fail(400, "Subscription is not cancellable in cancelled status.");
        sub.status = "cancelled";
        await deliver("subscription.cancelled", { subscription: { entity: { ...sub } } });
        return sendJson(res, 200, sub);
      }
      if (path === "/v1/invoices" && req.method === "GET") {
        const id = url.searchParams.get("subscription_id");
        return sendJson(res, 200, {
          entity: "collection",
          items: invoices.filter((i) => i.subscription_id === id).reverse(),
        });
      }
      return fail(404, "The requested URL was not found on the server.");
    } catch (error) {
      return fail(500, String(error?.message ?? error));
    }
  });

  const { port, url } = await listen(server, options.port);
  base = url;
  return {
    url,
    apiBaseUrl: `${url}/v1`,
    port,
    keyId,
    keySecret,
    webhookSecret,
    subscriptions,
    invoices,
    events,
    pay,
    decline,
    renew: (id) => charge(subscriptions.get(id)),
    /** A refund of a payment (all of it unless `amount` says less), as refund.processed. */
    refund: async (paymentId, amount) => {
      const invoice = invoices.find((i) => i.payment_id === paymentId);
      const entity = {
        id: rid("rfnd_"),
        entity: "refund",
        payment_id: paymentId,
        amount: amount ?? invoice.amount_paid,
        currency: invoice.currency,
        status: "processed",
      };
      await deliver("refund.processed", { refund: { entity } });
    },
    sign: (payload) => signRazorpay(payload, webhookSecret),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
