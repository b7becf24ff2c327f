#!/usr/bin/env node
/**
 * `npm run bench:site` — Lighthouse (mobile preset, Debian Chromium) on the public site's landing
 * page, blog list and one post, against the production build (`npx next build` first), median of
 * BENCH_RUNS (3) per page: Performance, LCP, TBT, Accessibility, SEO.
 * Goals: Performance ≥ 95, LCP ≤ 2 s, Accessibility 100, SEO 100.
 *
 * Lighthouse is not a dependency: it is run through `npx lighthouse` (LIGHTHOUSE_BIN overrides).
 * The app runs on BENCH_PORT (3560) with its own throwaway PGlite directory, so the first-start
 * seed gives it the example posts.
 */
import { execFile, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const PORT = Number(process.env.BENCH_PORT ?? 3560);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CHROME = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const run = promisify(execFile);

const dataDir = mkdtempSync(path.join(tmpdir(), "aula-bench-site-"));
const server = spawn(process.execPath, [path.join(root, "scripts", "server.mjs"), "-p", String(PORT)], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(PORT),
    APP_URL: BASE,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    LOG_LEVEL: "warn",
  },
  stdio: "inherit",
});
function cleanup() {
  server.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
}
process.on("SIGINT", () => {
  cleanup();
  process.exit(130);
});

async function waitForHealth() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the app did not start");
}

async function lighthouse(url) {
  const [bin, ...pre] = process.env.LIGHTHOUSE_BIN ? [process.env.LIGHTHOUSE_BIN] : ["npx", "-y", "lighthouse@12"];
  const { stdout } = await run(
    bin,
    [
      ...pre,
      url,
      "--output=json",
      "--quiet",
      "--only-categories=performance,accessibility,seo",
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
    ],
    { cwd: root, env: { ...process.env, CHROME_PATH: CHROME }, maxBuffer: 64 * 1024 * 1024 },
  );
  const report = JSON.parse(stdout);
  return {
    performance: Math.round(report.categories.performance.score * 100),
    lcp: report.audits["largest-contentful-paint"].numericValue,
    tbt: report.audits["total-blocking-time"].numericValue,
    accessibility: Math.round(report.categories.accessibility.score * 100),
    seo: Math.round(report.categories.seo.score * 100),
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

try {
  await waitForHealth();
  const [post] = await (await fetch(`${BASE}/api/getblogs`)).json();
  const pages = {
    "/": `${BASE}/`,
    "/blog": `${BASE}/blog`,
    "/blog/{id}": `${BASE}${new URL(`/blog/${post._id}`, BASE).pathname}`,
  };
  // Warm each page once so the data cache and the image optimizer are not measured cold.
  for (const url of Object.values(pages)) await fetch(url);
  const rows = [];
  for (const [name, url] of Object.entries(pages)) {
    const results = [];
    for (let i = 0; i < RUNS; i++) results.push(await lighthouse(url));
    const pick = (key) => median(results.map((r) => r[key]));
    rows.push({
      page: name,
      performance: pick("performance"),
      "LCP (s)": (pick("lcp") / 1000).toFixed(2),
      "TBT (ms)": Math.round(pick("tbt")),
      accessibility: pick("accessibility"),
      seo: pick("seo"),
      runs: results.map((r) => r.performance).join("/"),
    });
  }
  console.table(rows);
  const failed = rows.filter(
    (r) => r.performance < 95 || Number(r["LCP (s)"]) > 2 || r.accessibility < 100 || r.seo < 100,
  );
  if (failed.length) console.log(`goals not met on: ${failed.map((r) => r.page).join(", ")}`);
} finally {
  cleanup();
}
