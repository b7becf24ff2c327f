#!/usr/bin/env node
/**
 * A local stand-in for Flutterwave's inline checkout and the v3 API calls Aula makes
 * (FLUTTERWAVE_API_BASE_URL = <url>/v3, FLUTTERWAVE_CHECKOUT_URL = <url>/v3.js).
 *
 * Inline checkout: GET /v3.js defines window.FlutterwaveCheckout(config): an overlay with an iframe of
 *                  GET /inline?config=…, whose Pay / Decline post to /inline/pay | /inline/decline; the
 *                  answer posts { status, transaction_id, tx_ref } to the parent, which calls config.callback.
 * API (Bearer):    GET /v3/transactions/:id/verify, GET /v3/subscriptions?transaction_id=,
 *                  PUT /v3/subscriptions/:id/cancel (+ subscription.cancelled)
 * Webhooks:        `verif-hash: <secret hash>`: charge.completed on payment and on renew().
 */
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { listen, readBody, sendHtml, sendJson } from "./hosted-page.mjs";

const escape = (value) => String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const SCRIPT = (base) => `(function () {
  var origin = ${JSON.stringify(base)};
  window.FlutterwaveCheckout = function (config) {
    var overlay = document.createElement("div");
    overlay.setAttribute("data-testid", "flutterwave-overlay");
    overlay.style.cssText = "position:fixed;inset:0;background:rgba(0,0,0,.5);z-index:99999;display:flex;align-items:center;justify-content:center";
    var frame = document.createElement("iframe");
    frame.title = "Fake Flutterwave Checkout";
    frame.style.cssText = "width:28rem;height:22rem;border:0;background:#fff;border-radius:8px";
    var safe = { public_key: config.public_key, tx_ref: config.tx_ref, amount: config.amount, currency: config.currency, payment_plan: config.payment_plan, customer: config.customer };
    frame.src = origin + "/inline?config=" + encodeURIComponent(JSON.stringify(safe));
    overlay.appendChild(frame);
    document.body.appendChild(overlay);
    function onMessage(event) {
      if (event.origin !== origin || !event.data || event.data.type !== "flw-done") return;
      window.removeEventListener("message", onMessage);
      overlay.remove();
      if (config.callback) config.callback(event.data.data);
      if (config.onclose) config.onclose();
    }
    window.addEventListener("message", onMessage);
  };
})();`;

/**
 * @param {{ port?: number, secretKey?: string, publicKey?: string, secretHash?: string, webhookUrl?: string,
 *   deliver?: (rawBody: string, headers: Record<string, string>) => Promise<unknown>,
 *   plans?: Record<string, { amount: number, currency: string, interval: "monthly" | "yearly" }> }} [options]
 */
export async function startFakeFlutterwave(options = {}) {
  const secretKey = options.secretKey ?? "FLWSECK_TEST-fake";
  const publicKey = options.publicKey ?? "FLWPUBK_TEST-fake";
  const secretHash = options.secretHash ?? "flw-secret-hash-fake";
  const plans = options.plans ?? {
    1001: { amount: 47, currency: "USD", interval: "monthly" },
    1002: { amount: 97, currency: "USD", interval: "yearly" },
  };
  const transactions = new Map();
  const subscriptions = new Map();
  const events = [];
  let nextId = 5_000_000 + Math.floor(Math.random() * 1_000_000);
  let base = "";

  async function deliver(event, data) {
    const body = JSON.stringify({ event, data });
    events.push(JSON.parse(body));
    const headers = { "content-type": "application/json", "verif-hash": secretHash };
    try {
      if (options.deliver) await options.deliver(body, headers);
      else if (options.webhookUrl)
        await fetch(options.webhookUrl, { method: "POST", headers, body, signal: AbortSignal.timeout(10_000) });
    } catch (error) {
      console.error("fake flutterwave: webhook delivery failed", error);
    }
  }

  /** A charge as the inline checkout makes it: of what the browser's config says. */
  async function charge(config, status = "successful", customer) {
    const tx = {
      id: nextId++,
      tx_ref: config.tx_ref,
      status,
      amount: Number(config.amount),
      currency: config.currency,
      customer: customer ?? { id: nextId++, email: config.customer?.email ?? "" },
      payment_plan: config.payment_plan ?? null,
    };
    transactions.set(tx.id, tx);
    if (status === "successful" && tx.payment_plan && plans[tx.payment_plan] && !customer) {
      const sub = {
        id: nextId++,
        status: "active",
        plan: Number(tx.payment_plan),
        customer: { id: tx.customer.id, customer_email: tx.customer.email },
        transaction_id: tx.id,
      };
      subscriptions.set(sub.id, sub);
    }
    if (status === "successful") await deliver("charge.completed", tx);
    return tx;
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const raw = await readBody(req);
    const path = url.pathname;
    const fail = (status, message) => sendJson(res, status, { status: "error", message, data: null });
    let match;
    try {
      if (path === "/__test__/health") return sendJson(res, 200, { ok: true });
      if (path === "/v3.js") {
        res.writeHead(200, { "content-type": "application/javascript", "access-control-allow-origin": "*" });
        return res.end(SCRIPT(base));
      }
      if (path === "/inline" && req.method === "GET") {
        const config = url.searchParams.get("config") ?? "{}";
        const parsed = JSON.parse(config);
        return sendHtml(
          res,
          200,
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Flutterwave</title></head><body style="font-family:sans-serif;padding:1rem">
<h1>Fake Flutterwave</h1><p>${escape(parsed.amount)} ${escape(parsed.currency)}</p>
<form method="post" action="/inline/pay"><input type="hidden" name="config" value="${escape(config)}"><button type="submit">Pay</button></form>
<form method="post" action="/inline/decline"><input type="hidden" name="config" value="${escape(config)}"><button type="submit">Decline</button></form></body></html>`,
        );
      }
      if ((match = path.match(/^\/inline\/(pay|decline)$/)) && req.method === "POST") {
        const config = JSON.parse(new URLSearchParams(raw).get("config") ?? "{}");
        if (config.public_key !== publicKey) return sendHtml(res, 400, "invalid public key");
        const tx = await charge(config, match[1] === "pay" ? "successful" : "failed");
        const data = { status: tx.status, transaction_id: tx.id, tx_ref: tx.tx_ref };
        return sendHtml(
          res,
          200,
          `<!doctype html><html lang="en"><head><title>Done</title></head><body><p>${tx.status}</p><script>parent.postMessage(${JSON.stringify({ type: "flw-done", data })}, "*");</script></body></html>`,
        );
      }

      if (req.headers.authorization !== `Bearer ${secretKey}`) return fail(401, "Invalid authorization key");
      if ((match = path.match(/^\/v3\/transactions\/(\d+)\/verify$/))) {
        const tx = transactions.get(Number(match[1]));
        return tx
          ? sendJson(res, 200, { status: "success", message: "Transaction fetched successfully", data: tx })
          : fail(400, "No transaction was found for this id");
      }
      if (path === "/v3/subscriptions" && req.method === "GET") {
        const txId = Number(url.searchParams.get("transaction_id"));
        return sendJson(res, 200, {
          status: "success",
          data: [...subscriptions.values()].filter((s) => !txId || s.transaction_id === txId),
        });
      }
      if ((match = path.match(/^\/v3\/subscriptions\/(\d+)\/cancel$/)) && req.method === "PUT") {
        const sub = subscriptions.get(Number(match[1]));
        if (!sub) return fail(404, "No subscription found");
        if (sub.status !== "cancelled") {
          sub.status = "cancelled";
          await deliver("subscription.cancelled", sub);
        }
        return sendJson(res, 200, { status: "success", message: "Subscription cancelled", data: sub });
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
    apiBaseUrl: `${url}/v3`,
    checkoutUrl: `${url}/v3.js`,
    port,
    secretKey,
    publicKey,
    secretHash,
    transactions,
    subscriptions,
    events,
    charge,
    renew: (subscriptionId) => {
      const sub = subscriptions.get(subscriptionId);
      const plan = plans[String(sub.plan)];
      return charge(
        {
          tx_ref: `flw-renewal-${randomBytes(6).toString("hex")}`,
          amount: plan.amount,
          currency: plan.currency,
          payment_plan: String(sub.plan),
        },
        "successful",
        { id: sub.customer.id, email: sub.customer.customer_email },
      );
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
