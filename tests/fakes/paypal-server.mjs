#!/usr/bin/env node
/**
 * A local stand-in for the parts of PayPal's REST API Aula uses (PAYPAL_API_BASE_URL).
 *
 * PayPal's side:  POST /v1/oauth2/token (Basic client:secret)            → { access_token, expires_in }
 *                 POST /v1/billing/subscriptions (Bearer, PayPal-Request-Id) → { id: I-…, status: APPROVAL_PENDING, links }
 *                 GET  /v1/billing/subscriptions/:id
 *                 GET  /v1/billing/subscriptions/:id/transactions
 *                 POST /v1/billing/subscriptions/:id/cancel               → 204 (+ BILLING.SUBSCRIPTION.CANCELLED)
 *                 POST /v1/notifications/verify-webhook-signature         → { verification_status: SUCCESS | FAILURE }
 * Approval page:  GET /approve/:id, POST /approve/:id/pay | /cancel → 303 to return_url (+subscription_id, ba_token, token) or cancel_url
 *                 refund(saleId, value?) sends PAYMENT.SALE.REFUNDED.
 * Webhooks:       PAYPAL-TRANSMISSION-ID/-TIME/-SIG, PAYPAL-CERT-URL, PAYPAL-AUTH-ALGO headers; the fake's
 *                 signature is HMAC-SHA256 of "<id>|<time>|<webhook id>|<sha256(body)>" with its own key,
 *                 which only its verify call knows (as only PayPal knows its certificate's key).
 */
import { createHash, createHmac, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { hostedPage, listen, readBody, redirect, sendHtml, sendJson, withQuery } from "./hosted-page.mjs";

const rid = (prefix, n = 8) => `${prefix}${randomBytes(n).toString("hex").toUpperCase()}`;

/**
 * @param {{ port?: number, clientId?: string, clientSecret?: string, webhookId?: string, webhookUrl?: string,
 *   deliver?: (rawBody: string, headers: Record<string, string>) => Promise<unknown>,
 *   plans?: Record<string, { value: string, currency: string, interval: "MONTH" | "YEAR" }> }} [options]
 */
export async function startFakePaypal(options = {}) {
  const clientId = options.clientId ?? "paypal-client-fake";
  const clientSecret = options.clientSecret ?? "paypal-secret-fake";
  const webhookId = options.webhookId ?? "WH-FAKE";
  const signingKey = randomBytes(32).toString("hex");
  const plans = options.plans ?? {
    "P-MONTHLY": { value: "47.00", currency: "USD", interval: "MONTH" },
    "P-YEARLY": { value: "97.00", currency: "USD", interval: "YEAR" },
  };
  const tokens = new Set();
  const subscriptions = new Map();
  const transactions = new Map();
  const requestIds = new Map();
  const events = [];
  let base = "";

  const signature = (id, time, whId, body) =>
    createHmac("sha256", signingKey)
      .update(`${id}|${time}|${whId}|${createHash("sha256").update(body).digest("hex")}`)
      .digest("base64");

  async function deliver(eventType, resource) {
    const body = JSON.stringify({
      id: rid("WH-", 10),
      event_version: "1.0",
      create_time: new Date().toISOString(),
      resource_type: resource.billing_agreement_id ? "sale" : "subscription",
      event_type: eventType,
      resource,
    });
    events.push(JSON.parse(body));
    const id = randomBytes(8).toString("hex");
    const time = new Date().toISOString();
    const headers = {
      "content-type": "application/json",
      "paypal-transmission-id": id,
      "paypal-transmission-time": time,
      "paypal-transmission-sig": signature(id, time, webhookId, body),
      "paypal-cert-url": `${base}/certs/fake.pem`,
      "paypal-auth-algo": "SHA256withRSA",
    };
    try {
      if (options.deliver) await options.deliver(body, headers);
      else if (options.webhookUrl)
        await fetch(options.webhookUrl, { method: "POST", headers, body, signal: AbortSignal.timeout(10_000) });
    } catch (error) {
      console.error("fake paypal: webhook delivery failed", error);
    }
  }

  async function sale(sub) {
    const plan = plans[sub.plan_id];
    const id = rid("SALE-");
    const list = transactions.get(sub.id) ?? [];
    list.unshift({
      id,
      status: "COMPLETED",
      amount_with_breakdown: { gross_amount: { currency_code: plan.currency, value: plan.value } },
      time: new Date().toISOString(),
    });
    transactions.set(sub.id, list);
    await deliver("PAYMENT.SALE.COMPLETED", {
      id,
      state: "completed",
      billing_agreement_id: sub.id,
      amount: { total: plan.value, currency: plan.currency },
    });
    return id;
  }

  async function approve(id) {
    const sub = subscriptions.get(id);
    if (sub.status === "APPROVAL_PENDING") {
      sub.status = "ACTIVE";
      await deliver("BILLING.SUBSCRIPTION.ACTIVATED", { ...sub, links: undefined });
      await sale(sub);
    }
    return withQuery(sub.return_url, { subscription_id: sub.id, ba_token: rid("BA-"), token: rid("") });
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const raw = await readBody(req);
    const path = url.pathname;
    const fail = (status, name, message) =>
      sendJson(res, status, { name, message, debug_id: randomBytes(6).toString("hex") });
    let match;
    try {
      if (path === "/__test__/health") return sendJson(res, 200, { ok: true });
      if ((match = path.match(/^\/approve\/(I-\w+)$/)) && req.method === "GET") {
        const sub = subscriptions.get(match[1]);
        if (!sub) return sendHtml(res, 404, "no such subscription");
        const plan = plans[sub.plan_id];
        return sendHtml(
          res,
          200,
          hostedPage({
            title: "Fake PayPal",
            lines: [`${plan.value} ${plan.currency} / ${plan.interval}`],
            payAction: `/approve/${sub.id}/pay`,
            declineAction: `/approve/${sub.id}/cancel`,
          }),
        );
      }
      if ((match = path.match(/^\/approve\/(I-\w+)\/(pay|cancel)$/)) && req.method === "POST") {
        const sub = subscriptions.get(match[1]);
        if (!sub) return sendHtml(res, 404, "no such subscription");
        if (match[2] === "cancel") return redirect(res, sub.cancel_url);
        return redirect(res, await approve(sub.id));
      }
      if (path === "/v1/oauth2/token" && req.method === "POST") {
        if (req.headers.authorization !== `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`)
          return fail(401, "invalid_client", "Client Authentication failed");
        const token = `A21${randomBytes(16).toString("hex")}`;
        tokens.add(token);
        return sendJson(res, 200, { access_token: token, token_type: "Bearer", expires_in: 32400 });
      }
      const bearer = (req.headers.authorization ?? "").replace(/^Bearer /, "");
      if (!tokens.has(bearer))
        return fail(
          401,
          "AUTHENTICATION_FAILURE",
          "Authentication failed due to invalid authentication credentials or a missing Authorization header.",
        );

      if (path === "/v1/billing/subscriptions" && req.method === "POST") {
        const requestId = req.headers["paypal-request-id"];
        if (requestId && requestIds.has(requestId))
          return sendJson(res, 201, subscriptions.get(requestIds.get(requestId)));
        const body = JSON.parse(raw || "{}");
        if (!plans[body.plan_id])
          return fail(422, "UNPROCESSABLE_ENTITY", "The requested action could not be performed. Invalid plan.");
        const id = rid("I-", 6);
        const sub = {
          id,
          status: "APPROVAL_PENDING",
          plan_id: body.plan_id,
          custom_id: body.custom_id,
          subscriber: body.subscriber,
          return_url: body.application_context?.return_url,
          cancel_url: body.application_context?.cancel_url,
          links: [
            { href: `${base}/approve/${id}`, rel: "approve", method: "GET" },
            { href: `${base}/v1/billing/subscriptions/${id}`, rel: "self", method: "GET" },
          ],
        };
        subscriptions.set(id, sub);
        if (requestId) requestIds.set(requestId, id);
        return sendJson(res, 201, sub);
      }
      if ((match = path.match(/^\/v1\/billing\/subscriptions\/(I-\w+)$/)) && req.method === "GET") {
        const sub = subscriptions.get(match[1]);
        return sub
          ? sendJson(res, 200, sub)
          : fail(404, "RESOURCE_NOT_FOUND", "The specified resource does not exist.");
      }
      if ((match = path.match(/^\/v1\/billing\/subscriptions\/(I-\w+)\/transactions$/)) && req.method === "GET") {
        return sendJson(res, 200, { transactions: transactions.get(match[1]) ?? [] });
      }
      if ((match = path.match(/^\/v1\/billing\/subscriptions\/(I-\w+)\/cancel$/)) && req.method === "POST") {
        const sub = subscriptions.get(match[1]);
        if (!sub) return fail(404, "RESOURCE_NOT_FOUND", "The specified resource does not exist.");
        if (sub.status !== "CANCELLED") {
          sub.status = "CANCELLED";
          await deliver("BILLING.SUBSCRIPTION.CANCELLED", { ...sub, links: undefined });
        }
        res.writeHead(204);
        return res.end();
      }
      if (path === "/v1/notifications/verify-webhook-signature" && req.method === "POST") {
        const body = JSON.parse(raw || "{}");
        const expected = signature(
          body.transmission_id,
          body.transmission_time,
          body.webhook_id,
          JSON.stringify(body.webhook_event),
        );
        const ok =
          body.webhook_id === webhookId &&
          typeof body.transmission_sig === "string" &&
          body.transmission_sig === expected;
        return sendJson(res, 200, { verification_status: ok ? "SUCCESS" : "FAILURE" });
      }
      return fail(404, "NOT_FOUND", "Not found");
    } catch (error) {
      return fail(500, "INTERNAL_SERVER_ERROR", String(error?.message ?? error));
    }
  });

  const { port, url } = await listen(server, options.port);
  base = url;
  return {
    url,
    port,
    clientId,
    clientSecret,
    webhookId,
    subscriptions,
    events,
    approve,
    renew: (id) => sale(subscriptions.get(id)),
    /** A refund of a sale (all of it unless `value` says less), as PAYMENT.SALE.REFUNDED. */
    refund: async (saleId, value) => {
      const tx = [...transactions.values()].flat().find((t) => t.id === saleId);
      const gross = tx.amount_with_breakdown.gross_amount;
      await deliver("PAYMENT.SALE.REFUNDED", {
        id: rid("REF-"),
        state: "completed",
        sale_id: saleId,
        amount: { total: value ?? gross.value, currency: gross.currency_code },
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
