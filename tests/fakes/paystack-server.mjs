#!/usr/bin/env node
/**
 * A local stand-in for the parts of Paystack's API Aula uses (PAYSTACK_API_BASE_URL).
 *
 * Paystack's side:  POST /transaction/initialize            → { status, data: { authorization_url, access_code, reference } }
 *                   GET  /transaction/verify/:reference
 *                   GET  /subscription?customer=&plan=       → { data: [subscription] }
 *                   GET  /subscription/:code                 → { data: { subscription_code, email_token, status } }
 *                   POST /subscription/disable { code, token } (+ subscription.disable webhook)
 * Hosted page:      GET /pay/:access_code, POST /pay/:access_code/pay|decline → 303 to callback_url (+trxref, reference)
 * Webhooks:         `x-paystack-signature: hex HMAC-SHA512(secret key, raw body)`: charge.success and
 *                   subscription.create on payment, charge.success on renew().
 */
import { createHmac, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { hostedPage, listen, readBody, redirect, sendHtml, sendJson, withQuery } from "./hosted-page.mjs";

const rid = (prefix, n = 10) => `${prefix}${randomBytes(n).toString("hex")}`;

function signPaystack(payload, secret) {
  return createHmac("sha512", secret).update(payload).digest("hex");
}

/**
 * @param {{ port?: number, secretKey?: string, webhookUrl?: string,
 *   deliver?: (rawBody: string, headers: Record<string, string>) => Promise<unknown>,
 *   plans?: Record<string, { amount: number, currency: string, interval: "monthly" | "annually" }> }} [options]
 */
export async function startFakePaystack(options = {}) {
  const secretKey = options.secretKey ?? "sk_test_paystack_fake";
  const plans = options.plans ?? {
    PLN_monthly: { amount: 4700, currency: "USD", interval: "monthly" },
    PLN_yearly: { amount: 9700, currency: "USD", interval: "annually" },
  };
  const transactions = new Map();
  const byAccessCode = new Map();
  const subscriptions = new Map();
  const events = [];
  let base = "";

  async function deliver(event, data) {
    const payload = JSON.stringify({ event, data });
    events.push(JSON.parse(payload));
    const headers = { "content-type": "application/json", "x-paystack-signature": signPaystack(payload, secretKey) };
    try {
      if (options.deliver) await options.deliver(payload, headers);
      else if (options.webhookUrl)
        await fetch(options.webhookUrl, {
          method: "POST",
          headers,
          body: payload,
          signal: AbortSignal.timeout(10_000),
        });
    } catch (error) {
      console.error("fake paystack: webhook delivery failed", error);
    }
  }

  async function pay(reference) {
    const tx = transactions.get(reference);
    if (tx.status !== "success") {
      tx.status = "success";
      tx.paid_at = new Date().toISOString();
      tx.customer = { id: Math.floor(Math.random() * 1e6), customer_code: rid("CUS_", 8), email: tx.email };
      const plan = plans[tx.plan];
      const subscription = {
        subscription_code: rid("SUB_", 8),
        email_token: rid("", 8),
        status: "active",
        plan: { plan_code: tx.plan, interval: plan.interval, amount: plan.amount },
        customer: tx.customer,
        amount: plan.amount,
      };
      subscriptions.set(subscription.subscription_code, subscription);
      tx.subscription_code = subscription.subscription_code;
      await deliver("charge.success", tx);
      await deliver("subscription.create", subscription);
    }
    return { callbackUrl: withQuery(tx.callback_url, { trxref: tx.reference, reference: tx.reference }) };
  }

  /** A renewal charge, as Paystack makes it: a new reference, the customer and plan, no metadata of ours. */
  async function renew(subscriptionCode) {
    const sub = subscriptions.get(subscriptionCode);
    const tx = {
      id: Math.floor(Math.random() * 1e9),
      reference: rid("re_"),
      status: "success",
      amount: sub.amount,
      currency: plans[sub.plan.plan_code].currency,
      customer: sub.customer,
      plan: sub.plan.plan_code,
      metadata: null,
    };
    transactions.set(tx.reference, tx);
    await deliver("charge.success", tx);
    return tx;
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const raw = await readBody(req);
    const path = url.pathname;
    const fail = (status, message) => sendJson(res, status, { status: false, message });
    let match;
    try {
      if (path === "/__test__/health") return sendJson(res, 200, { ok: true });
      if ((match = path.match(/^\/pay\/(\w+)$/)) && req.method === "GET") {
        const tx = transactions.get(byAccessCode.get(match[1]));
        if (!tx) return sendHtml(res, 404, "no such payment");
        const plan = plans[tx.plan];
        return sendHtml(
          res,
          200,
          hostedPage({
            title: "Fake Paystack Checkout",
            lines: [tx.email, `${(plan.amount / 100).toFixed(2)} ${plan.currency} ${plan.interval}`],
            payAction: `/pay/${match[1]}/pay`,
            declineAction: `/pay/${match[1]}/decline`,
          }),
        );
      }
      if ((match = path.match(/^\/pay\/(\w+)\/(pay|decline)$/)) && req.method === "POST") {
        const tx = transactions.get(byAccessCode.get(match[1]));
        if (!tx) return sendHtml(res, 404, "no such payment");
        if (match[2] === "decline") {
          tx.status = "failed";
          return redirect(res, withQuery(tx.callback_url, { trxref: tx.reference, reference: tx.reference }));
        }
        return redirect(res, (await pay(tx.reference)).callbackUrl);
      }

      if (req.headers.authorization !== `Bearer ${secretKey}`) return fail(401, "Invalid key");
      if (path === "/transaction/initialize" && req.method === "POST") {
        const body = JSON.parse(raw || "{}");
        if (!plans[body.plan]) return fail(400, "Plan not found");
        if (!body.email || !body.reference) return fail(400, "email and reference are required");
        if (transactions.has(body.reference)) return fail(400, "Duplicate Transaction Reference");
        const accessCode = rid("", 8);
        const plan = plans[body.plan];
        // The plan's amount takes precedence over the one sent.
        const tx = {
          id: Math.floor(Math.random() * 1e9),
          reference: body.reference,
          status: "abandoned",
          amount: plan.amount,
          currency: plan.currency,
          email: body.email,
          plan: body.plan,
          metadata: body.metadata ?? null,
          callback_url: body.callback_url,
        };
        transactions.set(tx.reference, tx);
        byAccessCode.set(accessCode, tx.reference);
        return sendJson(res, 200, {
          status: true,
          message: "Authorization URL created",
          data: { authorization_url: `${base}/pay/${accessCode}`, access_code: accessCode, reference: tx.reference },
        });
      }
      if ((match = path.match(/^\/transaction\/verify\/([\w-]+)$/))) {
        const tx = transactions.get(match[1]);
        return tx
          ? sendJson(res, 200, { status: true, message: "Verification successful", data: tx })
          : fail(404, "Transaction reference not found");
      }
      if (path === "/subscription" && req.method === "GET") {
        const customer = url.searchParams.get("customer");
        const plan = url.searchParams.get("plan");
        const list = [...subscriptions.values()].filter(
          (s) => (!customer || s.customer.customer_code === customer) && (!plan || s.plan.plan_code === plan),
        );
        return sendJson(res, 200, { status: true, data: list });
      }
      if (path === "/subscription/disable" && req.method === "POST") {
        const body = JSON.parse(raw || "{}");
        const sub = subscriptions.get(body.code);
        if (!sub || sub.email_token !== body.token)
          return fail(400, "Subscription with code not found or already inactive");
        if (sub.status !== "cancelled") {
          sub.status = "cancelled";
          await deliver("subscription.disable", sub);
        }
        return sendJson(res, 200, { status: true, message: "Subscription disabled successfully" });
      }
      if ((match = path.match(/^\/subscription\/(SUB_\w+)$/))) {
        const sub = subscriptions.get(match[1]);
        return sub ? sendJson(res, 200, { status: true, data: sub }) : fail(404, "Subscription not found");
      }
      return fail(404, "Not found");
    } catch (error) {
      return fail(500, String(error?.message ?? error));
    }
  });

  const { port, url } = await listen(server, options.port);
  base = url;
  return {
    url,
    port,
    secretKey,
    plans,
    transactions,
    subscriptions,
    events,
    pay,
    renew,
    sign: (payload) => signPaystack(payload, secretKey),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
