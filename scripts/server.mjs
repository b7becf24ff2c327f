#!/usr/bin/env node
/**
 * The app's HTTP server: Next's request handler behind a plain Node server that stamps the
 * client's address on every request (scripts/peer-headers.mjs) before Next sees it. Route
 * handlers get no socket, and `next start` lets a client name its own address in
 * X-Forwarded-For; see docs/decisions/003-client-address-and-rate-limits.md.
 *
 *   node scripts/server.mjs [--dev] [-p PORT] [-H HOSTNAME] [--keepAliveTimeout MS]
 *
 * Like `next start`: PORT (default 3000) and HOSTNAME (default: every interface) from the
 * environment when not given, graceful shutdown on SIGINT/SIGTERM (unless NEXT_MANUAL_SIG_HANDLE
 * is set), `.env` files loaded by Next. `--dev` is `next dev` (hot reload).
 */
import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import { markPeerStamping, parseTrustProxy, stampPeerHeaders } from "./peer-headers.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

const { values: options } = parseArgs({
  options: {
    dev: { type: "boolean", default: false },
    port: { type: "string", short: "p" },
    hostname: { type: "string", short: "H" },
    keepAliveTimeout: { type: "string" },
  },
});

function positiveInteger(name, text) {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`Invalid ${name}: ${text}`);
    process.exit(1);
  }
  return value;
}

const dev = options.dev;
// As `next dev` and `next start` do, before Next's modules read it.
process.env.NODE_ENV = dev ? "development" : "production";
const port = positiveInteger("port", options.port ?? process.env.PORT ?? "3000");
const hostname = options.hostname ?? process.env.HOSTNAME ?? undefined;
const keepAliveTimeout =
  options.keepAliveTimeout === undefined ? undefined : positiveInteger("keepAliveTimeout", options.keepAliveTimeout);

markPeerStamping();
const { default: next } = await import("next");
const server = http.createServer();
if (keepAliveTimeout) server.keepAliveTimeout = keepAliveTimeout;
const app = next({ dev, dir: root, hostname, port, httpServer: server });
// next.config.ts sets output: "standalone" for serverless hosts and the Dockerfile, and Next then
// warns at start that `next start` does not work with it. This server serves the same build's
// .next through next(), which does (npm run test:standalone checks it): that one line is dropped.
const warn = console.warn;
console.warn = (...args) => {
  if (!args.some((arg) => typeof arg === "string" && arg.includes('does not work with "output: standalone"'))) {
    warn(...args);
  }
};
await app.prepare().finally(() => {
  console.warn = warn;
});

// Read after prepare(): Next has loaded the .env files by then.
let trustProxy;
try {
  trustProxy = parseTrustProxy(process.env.TRUST_PROXY);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const handle = app.getRequestHandler();
server.on("request", (req, res) => {
  stampPeerHeaders(req, trustProxy);
  handle(req, res).catch((error) => {
    console.error(`Failed to handle request for ${req.url}`, error);
    if (res.headersSent) res.destroy();
    else {
      res.statusCode = 500;
      res.end("Internal Server Error");
    }
  });
});
server.on("error", (error) => {
  console.error("Failed to start server", error);
  process.exit(1);
});
server.listen(port, hostname, () => {
  const shown = !hostname || hostname === "0.0.0.0" || hostname === "::" ? "localhost" : hostname;
  console.log(
    `> Aula ready on http://${shown.includes(":") ? `[${shown}]` : shown}:${port} (${dev ? "development" : "production"}, TRUST_PROXY=${trustProxy})`,
  );
});

// As next start: stop accepting, let open requests finish, close Next, exit 128 + signal.
let stopping = false;
function stop(signal) {
  if (stopping) return;
  stopping = true;
  server.close(async () => {
    await app.close().catch((error) => console.error(error));
    process.exit(signal === "SIGINT" ? 130 : 143);
  });
  if (dev) server.closeAllConnections();
  else server.closeIdleConnections();
}
if (!process.env.NEXT_MANUAL_SIG_HANDLE) {
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stop(signal));
}
