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
import { readFileSync } from "node:fs";
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
// The app's settings read PORT for APP_URL's default (http://localhost:$PORT): with `-p` alone
// they would otherwise name port 3000 while the server listens on another.
process.env.PORT = String(port);
const hostname = options.hostname ?? process.env.HOSTNAME ?? undefined;
const keepAliveTimeout =
  options.keepAliveTimeout === undefined ? undefined : positiveInteger("keepAliveTimeout", options.keepAliveTimeout);

markPeerStamping();
if (!dev) serveBuiltConfig();
const { default: next } = await import("next");
const server = http.createServer();
if (keepAliveTimeout) server.keepAliveTimeout = keepAliveTimeout;
const app = next({ dev, dir: root, hostname, port, httpServer: server });
await app.prepare();

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

/**
 * The build's own copy of the resolved next.config (.next/required-server-files.json), handed to
 * Next as its standalone server.js does, so a start does not compile and run next.config.ts
 * again (about 0.9 s of every start here, issue 25 item 5). The config reads nothing at run
 * time that the build did not, and Next still loads the .env files. Without that file (a build
 * of another layout), Next loads next.config.ts as `next start` does. Next also stops warning
 * that `next start` does not work with output: "standalone": this server is not `next start`.
 */
function serveBuiltConfig() {
  if (process.env.__NEXT_PRIVATE_STANDALONE_CONFIG) return;
  try {
    const built = JSON.parse(readFileSync(path.join(root, ".next", "required-server-files.json"), "utf8"));
    if (built?.config) process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(built.config);
  } catch {
    // No build file to read: Next reads next.config.ts.
  }
}

/** How long a stop waits for the app to hand its running jobs back (src/server/jobs/shutdown.ts). */
const JOBS_STOP_WAIT_MS = 5_000;

/**
 * The app's jobs stop first: it claims nothing more and hands every job running here back to the
 * queue at once, so another instance (or this one restarted) takes them over now rather than
 * after their lease. The app installs the hook (instrumentation.ts); without it, nothing to wait for.
 */
async function stopJobs() {
  const hook = globalThis[Symbol.for("aula.jobs.stop")];
  if (typeof hook !== "function") return;
  let timer;
  await Promise.race([
    Promise.resolve(hook()).catch((error) => console.error("running jobs not handed back", error)),
    new Promise((resolve) => (timer = setTimeout(resolve, JOBS_STOP_WAIT_MS))),
  ]);
  clearTimeout(timer);
}

// As next start: stop accepting, let open requests finish, close Next, exit 128 + signal; the
// app's running jobs are handed back first.
let stopping = false;
function stop(signal) {
  if (stopping) return;
  stopping = true;
  const jobsStopped = stopJobs();
  server.close(async () => {
    await jobsStopped;
    await app.close().catch((error) => console.error(error));
    process.exit(signal === "SIGINT" ? 130 : 143);
  });
  if (dev) server.closeAllConnections();
  else server.closeIdleConnections();
}
if (!process.env.NEXT_MANUAL_SIG_HANDLE) {
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stop(signal));
}
