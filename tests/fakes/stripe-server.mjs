#!/usr/bin/env node
/**
 * A local stand-in for the parts of Stripe's API Aula uses, for tests, e2e and `npm run demo`.
 * The app's Stripe SDK reaches it through STRIPE_API_BASE_URL (host/port/protocol).
 *
 * Stripe's side:  POST   /v1/checkout/sessions            (form-encoded, Bearer sk_…) → session with `url`
 *                 GET    /v1/checkout/sessions/:id
 *                 GET    /v1/subscriptions/:id
 *                 DELETE /v1/subscriptions/:id            → canceled (+ customer.subscription.deleted)
 *                 POST   /v1/billing_portal/sessions      → { url }
 * Hosted pages:   GET  /checkout/:id   the checkout a browser completes ("Pay" or "Decline")
 *                 POST /checkout/:id/pay | /decline       → sends the signed webhooks, then 303 to success_url / cancel_url
 *                 GET  /portal/:id                        the Billing Portal, with a link back
 * Webhooks:       `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>` to webhookUrl
 *                 (or to the `deliver` callback): checkout.session.completed, customer.subscription.created,
 *                 invoice.paid; invoice.paid again on renew(); customer.subscription.deleted on cancel.
 * Test controls:  GET /__test__/state, POST /__test__/renew/:subscriptionId, GET /__test__/health
 */
import { createHmac, randomBytes } from "node:crypto";
import { createServer } from "node:http";

const rid = (prefix) => `${prefix}_${randomBytes(12).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);

/** Stripe's form encoding (`a[b][0][c]=v`) back into objects. */
function parseForm(raw) {
  const out = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const parts = key.replace(/\]/g, "").split("[");
    let node = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = node[part] ??= /^\d+$/.test(parts[i + 1]) ? [] : {};
    });
  }
  return out;
}

function signStripePayload(payload, secret, timestamp = now()) {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

const page = (title, body) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body style="font-family:sans-serif;max-width:32rem;margin:3rem auto">${body}</body></html>`;

/**
 * @param {{ port?: number, host?: string, secretKey?: string, webhookSecret?: string, webhookUrl?: string,
 *   deliver?: (rawBody: string, headers: Record<string, string>) => Promise<unknown>,
 *   prices?: Record<string, { amount: number, currency: string, interval: "month" | "year" }> }} [options]
 */
export async function startFakeStripe(options = {}) {
  const secretKey = options.secretKey ?? "sk_test_fake";
  const webhookSecret = options.webhookSecret ?? "whsec_fake";
  const prices = options.prices ?? {
    price_monthly: { amount: 4700, currency: "usd", interval: "month" },
    price_yearly: { amount: 9700, currency: "usd", interval: "year" },
  };
  const sessions = new Map();
  const subscriptions = new Map();
  const invoices = new Map();
  const events = [];
  const requests = [];
  let baseUrl = "";

  function event(type, object) {
    const evt = {
      id: rid("evt"),
      object: "event",
      type,
      created: now(),
      data: { object: structuredClone(object) },
      livemode: false,
    };
    events.push(evt);
    return evt;
  }

  async function deliver(evt) {
    const payload = JSON.stringify(evt);
    const headers = {
      "content-type": "application/json",
      "stripe-signature": signStripePayload(payload, webhookSecret),
    };
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
      console.error("fake stripe: webhook delivery failed", error);
    }
  }

  function newInvoice(subscription) {
    const price = prices[subscription.items.data[0].price.id];
    const invoice = {
      id: rid("in"),
      object: "invoice",
      customer: subscription.customer,
      amount_paid: price.amount,
      currency: price.currency,
      status: "paid",
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
    };
    invoices.set(invoice.id, invoice);
    const days = price.interval === "year" ? 365 : 30;
    subscription.items.data[0].current_period_end = now() + days * 86400;
    return invoice;
  }

  /** What a completed checkout does at Stripe: customer, subscription, first invoice, three events. */
  async function pay(sessionId) {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    if (session.status !== "complete") {
      const priceId = session.line_items[0].price;
      const subscription = {
        id: rid("sub"),
        object: "subscription",
        status: "active",
        customer: rid("cus"),
        metadata: session.subscription_data?.metadata ?? {},
        cancel_at_period_end: false,
        items: { object: "list", data: [{ id: rid("si"), price: { id: priceId }, current_period_end: 0 }] },
      };
      subscriptions.set(subscription.id, subscription);
      const invoice = newInvoice(subscription);
      Object.assign(session, {
        status: "complete",
        payment_status: "paid",
        customer: subscription.customer,
        subscription: subscription.id,
        invoice: invoice.id,
      });
      await deliver(event("checkout.session.completed", session));
      await deliver(event("customer.subscription.created", subscription));
      await deliver(event("invoice.paid", invoice));
    }
    return { successUrl: session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id) };
  }

  async function renew(subscriptionId) {
    const subscription = subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
    const invoice = newInvoice(subscription);
    await deliver(event("invoice.paid", invoice));
    return invoice;
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const send = (status, body) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const html = (status, body) => {
      res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
      res.end(body);
    };
    const redirect = (location) => {
      res.writeHead(303, { location });
      res.end();
    };
    const stripeError = (status, message, type = "invalid_request_error") => send(status, { error: { type, message } });
    const path = url.pathname;
    let match;

    try {
      if (path === "/__test__/health") return send(200, { ok: true });
      if (path === "/__test__/state")
        return send(200, {
          sessions: [...sessions.values()],
          subscriptions: [...subscriptions.values()],
          events,
          requests,
        });
      if ((match = path.match(/^\/__test__\/renew\/([\w]+)$/)) && req.method === "POST")
        return send(200, await renew(match[1]));

      if ((match = path.match(/^\/checkout\/(cs_\w+)$/)) && req.method === "GET") {
        const session = sessions.get(match[1]);
        if (!session) return html(404, page("Not found", "<p>No such checkout.</p>"));
        const price = prices[session.line_items[0].price];
        return html(
          200,
          page(
            "Fake Stripe Checkout",
            `<h1>Fake Stripe Checkout</h1><p>${session.customer_email ?? ""}</p><p data-testid="amount">${(price.amount / 100).toFixed(2)} ${price.currency.toUpperCase()} / ${price.interval}</p>
<form method="post" action="/checkout/${session.id}/pay"><button type="submit">Pay</button></form>
<form method="post" action="/checkout/${session.id}/decline"><button type="submit">Decline</button></form>`,
          ),
        );
      }
      if ((match = path.match(/^\/checkout\/(cs_\w+)\/(pay|decline)$/)) && req.method === "POST") {
        const session = sessions.get(match[1]);
        if (!session) return html(404, page("Not found", "<p>No such checkout.</p>"));
        if (match[2] === "decline") return redirect(session.cancel_url);
        return redirect((await pay(session.id)).successUrl);
      }
      if ((match = path.match(/^\/portal\/(bps_\w+)$/)) && req.method === "GET") {
        return html(
          200,
          page(
            "Fake Billing Portal",
            `<h1>Fake Billing Portal</h1><a href="${url.searchParams.get("return") ?? "/"}">Return</a>`,
          ),
        );
      }

      if (!path.startsWith("/v1/")) return stripeError(404, "Unrecognized request URL");
      requests.push({ method: req.method, path, idempotencyKey: req.headers["idempotency-key"] ?? null });
      if (req.headers.authorization !== `Bearer ${secretKey}`)
        return stripeError(401, "Invalid API Key provided", "authentication_error");

      if (path === "/v1/checkout/sessions" && req.method === "POST") {
        const body = parseForm(raw);
        const priceId = body.line_items?.[0]?.price;
        if (!prices[priceId]) return stripeError(400, `No such price: '${priceId}'`);
        const id = rid("cs_test");
        const session = {
          id,
          object: "checkout.session",
          mode: body.mode,
          url: `${baseUrl}/checkout/${id}`,
          status: "open",
          payment_status: "unpaid",
          client_reference_id: body.client_reference_id ?? null,
          customer_email: body.customer_email ?? null,
          customer: null,
          subscription: null,
          invoice: null,
          amount_total: prices[priceId].amount,
          currency: prices[priceId].currency,
          metadata: body.metadata ?? {},
          subscription_data: body.subscription_data ?? {},
          line_items: [{ price: priceId, quantity: Number(body.line_items[0].quantity ?? 1) }],
          success_url: body.success_url,
          cancel_url: body.cancel_url,
        };
        sessions.set(id, session);
        return send(200, session);
      }
      if ((match = path.match(/^\/v1\/checkout\/sessions\/([\w]+)$/)) && req.method === "GET") {
        const session = sessions.get(match[1]);
        return session ? send(200, session) : stripeError(404, `No such checkout.session: '${match[1]}'`);
      }
      if ((match = path.match(/^\/v1\/subscriptions\/([\w]+)$/))) {
        const subscription = subscriptions.get(match[1]);
        if (!subscription) return stripeError(404, `No such subscription: '${match[1]}'`);
        if (req.method === "DELETE") {
          if (subscription.status !== "canceled") {
            subscription.status = "canceled";
            subscription.canceled_at = now();
            await deliver(event("customer.subscription.deleted", subscription));
          }
          return send(200, subscription);
        }
        return send(200, subscription);
      }
      if (path === "/v1/billing_portal/sessions" && req.method === "POST") {
        const body = parseForm(raw);
        const id = rid("bps");
        return send(200, {
          id,
          object: "billing_portal.session",
          customer: body.customer,
          url: `${baseUrl}/portal/${id}?return=${encodeURIComponent(body.return_url ?? "")}`,
        });
      }
      return stripeError(404, "Unrecognized request URL");
    } catch (error) {
      return stripeError(500, String(error?.message ?? error), "api_error");
    }
  });

  await new Promise((resolve) => server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  baseUrl = `http://${options.host ?? "127.0.0.1"}:${port}`;
  return {
    url: baseUrl,
    port,
    secretKey,
    webhookSecret,
    prices,
    sessions,
    subscriptions,
    events,
    requests,
    pay,
    renew,
    event,
    sign: (payload) => signStripePayload(payload, webhookSecret),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// Started directly (`node tests/fakes/stripe-server.mjs`) rather than imported by a test.
if (process.argv[1]?.endsWith("stripe-server.mjs")) {
  const arg = (name) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  startFakeStripe({ port: Number(arg("port") ?? 0), webhookUrl: arg("webhook-url") }).then((fake) => {
    console.log(`fake Stripe API listening on ${fake.url}`);
    for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => fake.close().then(() => process.exit(0)));
  });
}
