#!/usr/bin/env node
/**
 * `npm run bench:bundle`: First Load JS of /, /login and /dashboard, measured the way a browser
 * meets it — every script the server-rendered HTML loads, gzip-compressed — against the
 * production build (`next build` first). `--check` exits 1 when /login is over its budget.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";

const LOGIN_BUDGET_KB = 150;
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const port = process.env.BENCH_PORT ?? "3900";
const base = `http://localhost:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "aula-bundle-"));

const server = spawn(process.execPath, [path.join(root, "scripts/server.mjs"), "-p", port], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    APP_URL: base,
    AUTH_SECRET: "bundle-bench-secret-bundle-bench-secret",
    LOG_LEVEL: "error",
    NEXT_TELEMETRY_DISABLED: "1",
  },
  stdio: ["ignore", "ignore", "inherit"],
});

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not start");
}

function scriptUrls(html) {
  const urls = new Set();
  // noModule scripts are polyfills that modern browsers neither run nor download.
  for (const m of html.matchAll(/<script([^>]*)\ssrc="([^"]+)"([^>]*)>/g)) if (!/nomodule/i.test(m[1] + m[3])) urls.add(m[2]);
  for (const m of html.matchAll(/<link[^>]*rel="(?:modulepreload|preload)"[^>]*as="script"[^>]*href="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/<link[^>]*as="script"[^>]*rel="(?:modulepreload|preload)"[^>]*href="([^"]+)"/g)) urls.add(m[1]);
  return [...urls].filter((u) => u.startsWith("/"));
}

async function firstLoadJs(route, cookie) {
  const html = await (await fetch(base + route, { headers: cookie ? { cookie } : {}, redirect: "manual" })).text();
  let raw = 0;
  let gzip = 0;
  const urls = scriptUrls(html);
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(base + url)).arrayBuffer());
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { route, files: urls.length, rawKb: raw / 1024, gzipKb: gzip / 1024 };
}

try {
  await waitForServer();
  const signup = await fetch(`${base}/api/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "bundle@bench.local", mName: "Bench", password: "bench-password-1" }),
  });
  const cookie = (signup.headers.get("set-cookie") ?? "").split(";")[0];
  const rows = [await firstLoadJs("/"), await firstLoadJs("/login"), await firstLoadJs("/dashboard", cookie)];
  console.log("route        scripts   raw kB   gzip kB (First Load JS)");
  for (const r of rows) {
    console.log(`${r.route.padEnd(12)} ${String(r.files).padStart(7)} ${r.rawKb.toFixed(1).padStart(8)} ${r.gzipKb.toFixed(1).padStart(9)}`);
  }
  const login = rows.find((r) => r.route === "/login");
  const within = login.gzipKb <= LOGIN_BUDGET_KB;
  console.log(`/login budget ${LOGIN_BUDGET_KB} kB gzip: ${within ? "within" : "OVER"} (${login.gzipKb.toFixed(1)} kB)`);
  if (process.argv.includes("--check") && !within) process.exitCode = 1;
} finally {
  server.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
}
