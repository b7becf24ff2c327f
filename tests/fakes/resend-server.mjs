#!/usr/bin/env node
/**
 * A local stand-in for Resend's REST API (https://resend.com/docs/api-reference), for tests and
 * local demos. The app reaches it through RESEND_BASE_URL, exactly as it would reach Resend.
 *
 * Resend's side:  POST /emails  (Authorization: Bearer <key>, JSON body) → 200 { id }
 *                 errors as Resend sends them: { statusCode, message, name }
 *                 an Idempotency-Key header makes a repeated send answer the first id
 * Test controls:  GET    /__test__/emails[?to=address]  → { emails: [...] } (newest last)
 *                 DELETE /__test__/emails               → forget every mail
 *                 POST   /__test__/fail { count, status } → the next `count` sends fail with `status`
 *                 GET    /__test__/health
 *
 * Run alone: node tests/fakes/resend-server.mjs --port 3310 [--api-key re_test]
 */
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";

const MAX_BODY = 2 * 1024 * 1024;

/**
 * @param {{ port?: number, host?: string, apiKey?: string }} [options]
 */
export async function startFakeResend(options = {}) {
  const apiKey = options.apiKey ?? "re_test_key";
  /** @type {Array<Record<string, unknown>>} */
  const emails = [];
  /** @type {Map<string, string>} */
  const idempotent = new Map();
  let failures = { count: 0, status: 500 };
  let requests = 0;

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const send = (status, body) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const resendError = (statusCode, name, message) => send(statusCode, { statusCode, name, message });
    let raw = "";
    try {
      raw = await readBody(req);
    } catch {
      return resendError(413, "validation_error", "Body too large");
    }

    if (url.pathname === "/__test__/health") return send(200, { ok: true });
    if (url.pathname === "/__test__/emails" && req.method === "GET") {
      const to = url.searchParams.get("to")?.toLowerCase();
      return send(200, {
        emails: to ? emails.filter((m) => m.to.some((a) => a.toLowerCase() === to)) : emails,
        requests,
      });
    }
    if (url.pathname === "/__test__/emails" && req.method === "DELETE") {
      emails.length = 0;
      idempotent.clear();
      requests = 0;
      failures = { count: 0, status: 500 };
      return send(200, { ok: true });
    }
    if (url.pathname === "/__test__/fail" && req.method === "POST") {
      const body = safeJson(raw) ?? {};
      failures = { count: Number(body.count ?? 1), status: Number(body.status ?? 500) };
      return send(200, { ok: true, ...failures });
    }

    if (url.pathname !== "/emails" || req.method !== "POST")
      return resendError(404, "not_found", "The requested endpoint does not exist.");
    requests += 1;
    const auth = req.headers.authorization ?? "";
    if (!auth.startsWith("Bearer "))
      return resendError(401, "missing_api_key", "Missing API key in the authorization header.");
    if (auth.slice("Bearer ".length) !== apiKey) return resendError(403, "invalid_api_key", "API key is invalid.");
    if (failures.count > 0) {
      failures.count -= 1;
      return resendError(
        failures.status,
        failures.status === 429 ? "rate_limit_exceeded" : "application_error",
        "Fake failure requested by the test.",
      );
    }
    const body = safeJson(raw);
    if (!body || typeof body !== "object") return resendError(422, "validation_error", "Invalid JSON body.");
    const to = typeof body.to === "string" ? [body.to] : Array.isArray(body.to) ? body.to : [];
    if (!body.from || to.length === 0 || !body.subject)
      return resendError(422, "validation_error", "Missing `from`, `to` or `subject` field.");
    if (!body.html && !body.text) return resendError(422, "validation_error", "Missing `html` or `text` field.");

    const key = req.headers["idempotency-key"];
    if (typeof key === "string" && idempotent.has(key)) return send(200, { id: idempotent.get(key) });
    const id = randomUUID();
    if (typeof key === "string") idempotent.set(key, id);
    emails.push({
      id,
      from: body.from,
      to,
      subject: body.subject,
      html: body.html ?? null,
      text: body.text ?? null,
      idempotencyKey: typeof key === "string" ? key : null,
      // What a test can check of an attachment without keeping its bytes twice.
      attachments: Array.isArray(body.attachments)
        ? body.attachments.map((a) => ({
            filename: a?.filename ?? null,
            contentType: a?.contentType ?? a?.content_type ?? null,
            bytes: typeof a?.content === "string" ? Buffer.from(a.content, "base64").length : 0,
          }))
        : [],
      createdAt: new Date().toISOString(),
    });
    return send(200, { id });
  });

  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve(undefined));
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    apiKey,
    /** Mails received so far, oldest first (optionally only those to one address). */
    emails: (to) => (to ? emails.filter((m) => m.to.some((a) => a.toLowerCase() === to.toLowerCase())) : [...emails]),
    /** How many POST /emails calls arrived, failed ones included. */
    requestCount: () => requests,
    failNext: (count = 1, status = 500) => {
      failures = { count, status };
    },
    reset: () => {
      emails.length = 0;
      idempotent.clear();
      requests = 0;
      failures = { count: 0, status: 500 };
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve(undefined));
        server.closeAllConnections(); // the SDK's fetch keeps connections alive
      }),
  };
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks = [];
    req.on("data", (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new Error("too large"));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function safeJson(raw) {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

// Started directly (`node tests/fakes/resend-server.mjs`) rather than imported by a test.
if (process.argv[1]?.endsWith("resend-server.mjs")) {
  const arg = (name) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  startFakeResend({ port: Number(arg("port") ?? 3310), apiKey: arg("api-key") }).then((fake) => {
    console.log(`fake Resend API listening on ${fake.url}`);
    for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => fake.close().then(() => process.exit(0)));
  });
}
