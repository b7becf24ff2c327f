#!/usr/bin/env node
/**
 * `npm run bench:pages` — Lighthouse (mobile preset, Debian Chromium) on the signed-in pages that
 * issue 25 names, after `npx next build`: `/dashboard` with 9 courses, `/course/{id}` and
 * `/dashboard/pricing`, each beside the landing page `/` in the same run (the floor for what the
 * framework itself costs). Median of BENCH_RUNS (3): Performance, TBT, LCP, and the longest main
 * thread tasks of the median run with the script they ran (what to look at first).
 * Goals: `/dashboard` ≥ 85 with TBT ≤ 400 ms; `/course/{id}` and pricing ≥ 90.
 *
 * The app runs on BENCH_PORT (3580; the fakes on the ports tests/fakes/serve.ts picks) with its
 * own PGlite directory, a learner signed up over HTTP and 9 courses made through the fake model
 * as the Generate page makes them. Lighthouse runs through `npx lighthouse@12` (LIGHTHOUSE_BIN
 * overrides) with the learner's session cookie.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { learnerWithCourses, waitForHealth } from "./bench-learner.mjs";
import { lighthouse, loadLine, median as middle } from "./lighthouse.mjs";
import { root, startFakes } from "./with-fakes.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 3580);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const COURSES = 9;
const GOALS = {
  "/dashboard": { performance: 85, tbt: 400 },
  "/course/{id}": { performance: 90 },
  "/dashboard/pricing": { performance: 90 },
};

const dataDir = mkdtempSync(path.join(tmpdir(), "aula-bench-pages-"));
const fakes = await startFakes();
const server = spawn(process.execPath, [path.join(root, "scripts", "server.mjs"), "-p", String(PORT)], {
  cwd: root,
  env: {
    ...process.env,
    ...fakes.env,
    NODE_ENV: "production",
    PORT: String(PORT),
    APP_URL: BASE,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    AI_RATE_LIMIT_PER_MINUTE: "100000",
    FREE_COURSES_PER_MONTH: "1000",
    LOG_LEVEL: "warn",
  },
  stdio: "inherit",
});
function cleanup() {
  server.kill("SIGTERM");
  fakes.child.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
}
process.on("SIGINT", () => {
  cleanup();
  process.exit(130);
});

try {
  await waitForHealth(BASE);
  const learner = await learnerWithCourses(BASE, COURSES, "pages");
  const cookie = `${learner.cookie}; NEXT_LOCALE=en`;
  const { courseIds } = learner;
  const pages = [
    ["/", `${BASE}/`, undefined],
    ["/dashboard", `${BASE}/dashboard`, cookie],
    ["/course/{id}", `${BASE}/course/${courseIds[0]}`, cookie],
    ["/dashboard/pricing", `${BASE}/dashboard/pricing`, cookie],
  ];
  // Warm each page once: the first render of a route compiles nothing in production, but it
  // loads the route's server modules and fills the data caches.
  for (const [, url, c] of pages) await fetch(url, { headers: c ? { cookie: c } : {} });
  console.log(loadLine());
  const rows = [];
  for (const [name, url, c] of pages) {
    const results = [];
    for (let i = 0; i < RUNS; i++) results.push(await lighthouse(url, { cookie: c }));
    const byScore = [...results].sort((a, b) => a.performance - b.performance);
    const mid = byScore[Math.floor(byScore.length / 2)];
    const median = (key) => middle(results.map((r) => r[key]));
    const goal = GOALS[name];
    rows.push({
      page: name,
      performance: median("performance"),
      "TBT (ms)": Math.round(median("tbt")),
      "LCP (s)": (median("lcp") / 1000).toFixed(2),
      runs: results.map((r) => r.performance).join("/"),
      goal: goal
        ? median("performance") >= goal.performance && (!goal.tbt || median("tbt") <= goal.tbt)
          ? "met"
          : "missed"
        : "floor",
      "longest tasks (median run)": mid.tasks.join("; "),
    });
  }
  console.table(rows);
  console.log(loadLine("at the end"));
} finally {
  cleanup();
}
