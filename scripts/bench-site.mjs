#!/usr/bin/env node
/**
 * `npm run bench:site` — Lighthouse (mobile preset, Debian Chromium) on the public site's landing
 * page, blog list and one post, against the production build (`npx next build` first), median of
 * BENCH_RUNS (3) per page: Performance, LCP, TBT, Accessibility, SEO.
 * Goals: Performance ≥ 95, LCP ≤ 2 s, Accessibility 100, SEO 100.
 *
 * Against another build in the same run (its floor: same Lighthouse, same machine, same load):
 *
 *   npm run bench:site -- --base-dir <another checkout, built>   starts that build's server too
 *   npm run bench:site -- --base-url http://127.0.0.1:<port>     a build that is already serving
 *
 * measures `/` and `/login` on both builds, alternating (base, this build, base, this build…),
 * median of BENCH_RUNS each: Performance, FCP, LCP, whether LCP = FCP (in how many runs), TBT,
 * the size of the page's HTML (bytes and gzip), then for each build's median run the LCP element
 * and its phases, the unthrottled trace's first paint and load event, and the longest main-thread
 * tasks, with the load average at the start and the end.
 * Goal for this build: Performance ≥ 95 and LCP = FCP (on a quiet machine).
 *
 * Lighthouse runs through scripts/lighthouse.mjs (`npx -y lighthouse@12`, LIGHTHOUSE_BIN
 * overrides). The app runs on BENCH_PORT (3560), a `--base-dir` build on BENCH_BASE_PORT (3561)
 * with its `scripts/server.mjs` (else `next start`), each with its own throwaway PGlite directory,
 * so the first-start seed gives it the example posts.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { waitForHealth } from "./bench-learner.mjs";
import { lighthouse, loadLine, median } from "./lighthouse.mjs";
import { root } from "./with-fakes.mjs";

const { values: options } = parseArgs({
  options: { "base-dir": { type: "string" }, "base-url": { type: "string" } },
});
const PORT = Number(process.env.BENCH_PORT ?? 3560);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

/** Serves the production build in `dir` on `port` with a throwaway data directory. */
function serve(dir, port) {
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "aula-bench-site-"));
  // Older checkouts may predate scripts/server.mjs: `next start` serves their build the same way.
  const server = existsSync(path.join(dir, "scripts", "server.mjs"))
    ? [path.join(dir, "scripts", "server.mjs"), "-p", String(port)]
    : [path.join(dir, "node_modules", "next", "dist", "bin", "next"), "start", "-p", String(port)];
  const child = spawn(process.execPath, server, {
    cwd: dir,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      APP_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
    },
    stdio: "inherit",
  });
  return {
    url,
    stop() {
      child.kill("SIGTERM");
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const servers = [serve(root, PORT)];
if (options["base-dir"])
  servers.push(serve(path.resolve(options["base-dir"]), Number(process.env.BENCH_BASE_PORT ?? 3561)));
const cleanup = () => servers.forEach((s) => s.stop());
process.on("SIGINT", () => {
  cleanup();
  process.exit(130);
});

/** The public site's pages on this build (the default run). */
async function site() {
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
    for (let i = 0; i < RUNS; i++)
      results.push(await lighthouse(url, { categories: ["performance", "accessibility", "seo"] }));
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
}

/** `/` and `/login` on the base build and this one, alternating. */
async function compare(baseUrl) {
  const builds = { base: baseUrl, now: BASE };
  const pages = ["/", "/login"];
  const html = {};
  for (const [build, origin] of Object.entries(builds))
    for (const page of pages) {
      // The fetch warms the page too; it decompresses, so the gzip size is the body gzipped here.
      const body = Buffer.from(await (await fetch(origin + page)).arrayBuffer());
      html[`${build} ${page}`] = { bytes: body.length, gzip: gzipSync(body).length };
    }
  console.log(loadLine());
  const results = Object.fromEntries(Object.keys(html).map((key) => [key, []]));
  for (let i = 0; i < RUNS; i++)
    for (const page of pages)
      for (const [build, origin] of Object.entries(builds))
        results[`${build} ${page}`].push(await lighthouse(origin + page));
  console.log(loadLine("at the end"));
  const rows = [];
  const details = [];
  for (const page of pages)
    for (const build of Object.keys(builds)) {
      const runs = results[`${build} ${page}`];
      const pick = (key) => median(runs.map((r) => r[key]));
      const mid = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)];
      const { bytes, gzip } = html[`${build} ${page}`];
      rows.push({
        page,
        build,
        performance: pick("performance"),
        "FCP (s)": (pick("fcp") / 1000).toFixed(2),
        "LCP (s)": (pick("lcp") / 1000).toFixed(2),
        "LCP = FCP": `${runs.filter((r) => Math.abs(r.lcp - r.fcp) < 1).length}/${runs.length}`,
        "TBT (ms)": Math.round(pick("tbt")),
        "HTML (B)": bytes,
        "gzip (B)": gzip,
        runs: runs.map((r) => r.performance).join("/"),
      });
      const phases = Object.entries(mid.lcpPhases)
        .map(([phase, ms]) => `${phase} ${ms}`)
        .join(", ");
      details.push(
        `${build} ${page}: LCP element ${mid.lcpElement} (${phases} ms); unthrottled first paint ` +
          `${mid.observed.fcp} ms, load event ${mid.observed.load} ms; longest tasks ${mid.tasks.join("; ") || "none"}`,
      );
    }
  console.table(rows);
  for (const line of details) console.log(line);
  const now = rows.filter((r) => r.build === "now");
  const missed = now.filter((r) => r.performance < 95 || r["FCP (s)"] !== r["LCP (s)"]);
  if (missed.length) console.log(`goals (≥ 95, LCP = FCP) not met on: ${missed.map((r) => r.page).join(", ")}`);
}

try {
  await Promise.all(servers.map((s) => waitForHealth(s.url)));
  const baseUrl = options["base-url"] ?? servers[1]?.url;
  if (baseUrl) await compare(baseUrl.replace(/\/$/, ""));
  else await site();
} finally {
  cleanup();
}
