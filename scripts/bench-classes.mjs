#!/usr/bin/env node
/**
 * `npm run bench:classes` — a class's teacher pages and the public catalogue over HTTP against the
 * production build (`next build` runs first when there is no `.next/BUILD_ID`), each figure beside
 * the floor measured in the same run:
 *
 *   floor      GET /api/health                               (no session, one `select 1`)
 *   page       GET /dashboard/classes/{id}                   (the teacher's view, the whole HTML)
 *   page+items GET /dashboard/classes/{id}?items={courseId}  (the same with the item analysis)
 *   learners   GET /api/classes/{id}/learners                (the teacher's view as JSON)
 *   items      GET /api/classes/{id}/items?courseId=         (the quiz's item analysis)
 *   catalogue  GET /catalog, ?page=417 and ?page=834         (12 courses a page of 10,000 public)
 *
 * The data is seeded in SQL before the app opens the database (scripts/bench-classes-seed.ts): a
 * teacher on a paid plan with a class of 200 learners given one course of 12 written lessons and a
 * 10-question quiz, every learner with progress on the 12 lessons, 3 attempts with answers, 10
 * review cards; and 10,000 public courses by 500 authors with 0–300 learners each. The teacher
 * signs in over HTTP. Requests go one at a time: BENCH_SAMPLES (60) of each after BENCH_WARMUP (10)
 * of every target (and 40 more of the floor); the floor first and again at the end, the three
 * catalogue pages in turns, so they meet the same moments of a shared machine's load.
 *
 * Goals (issue 34): the teacher's view and item analysis p95 ≤ 300 ms on PGlite and ≤ 3× the
 * floor's p95; any catalogue page within 1.5× of page 1. Prints p50/p95/p99 and the ratios; exits 0
 * whatever the figures (a benchmark, not a test) unless `--check`, which exits 1 on a missed goal.
 *
 * PGlite by default; PostgreSQL when BENCH_DATABASE_URL names a server (a fresh database is made
 * there and dropped after). BENCH_PORT (3720), BENCH_LEARNERS (200), BENCH_CATALOG (10000).
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { postJson, sessionCookieOf, waitForHealth } from "./bench-learner.mjs";
import { root, startFakes } from "./with-fakes.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 3720);
const BASE = `http://127.0.0.1:${PORT}`;
const SERVER_DB = process.env.BENCH_DATABASE_URL?.trim() || "";
const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 200);
const CATALOG = Number(process.env.BENCH_CATALOG ?? 10_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 60);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 10);
/** CATALOG_PAGE_SIZE in src/features/courses/service.ts. */
const CATALOG_PAGE_SIZE = 12;
const GOALS = { p95Ms: 300, floorRatio: 3, catalogRatio: 1.5 };
const check = process.argv.includes("--check");

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const cleanups = [];
async function cleanup() {
  while (cleanups.length) await Promise.resolve(cleanups.pop()()).catch(() => {});
}
process.on("SIGINT", () => void cleanup().then(() => process.exit(130)));

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
const ms = (v) => `${v < 10 ? v.toFixed(2) : v.toFixed(0)} ms`.padStart(10);
const ratio = (v, floor) => `${(v / floor).toFixed(1)}×`.padStart(9);
const load = () => `load ${loadavg()[0].toFixed(2)} on ${cpus().length} cores`;

function build() {
  if (existsSync(path.join(root, ".next", "BUILD_ID"))) return;
  console.log("No production build: running next build…");
  const built = spawnSync(process.execPath, [path.join(root, "node_modules", "next", "dist", "bin", "next"), "build"], {
    cwd: root,
    stdio: "inherit",
  });
  if (built.status !== 0) throw new Error("next build failed");
}

async function database() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "aula-bench-classes-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  if (!SERVER_DB) return { DATA_DIR: dataDir, DATABASE_URL: "" };
  const { default: postgres } = await import("postgres");
  const admin = postgres(SERVER_DB, { max: 1, onnotice: () => {} });
  const name = `aula_bench_classes_${Date.now()}`;
  await admin.unsafe(`create database ${name}`);
  cleanups.push(async () => {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  const url = new URL(SERVER_DB);
  url.pathname = `/${name}`;
  return { DATA_DIR: dataDir, DATABASE_URL: url.toString() };
}

/** The class, its learners and the catalogue, written in SQL before the app opens the database. */
function seed(dbEnv, email, password) {
  const started = performance.now();
  const out = execFileSync(
    process.execPath,
    [
      "--require",
      path.join(root, "tests", "integration", "children", "server-only.cjs"),
      "--import",
      "tsx",
      path.join(root, "scripts", "bench-classes-seed.ts"),
      "seed",
      email,
      password,
      String(LEARNERS),
      String(CATALOG),
    ],
    {
      cwd: root,
      env: { ...process.env, ...dbEnv, LOG_LEVEL: "error" },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const seeded = JSON.parse(out.trim().split("\n").at(-1));
  console.log(
    `seeded a class of ${seeded.learners} learners and ${seeded.courses} public courses (${seeded.enrolments} enrolments) in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  return seeded;
}

async function startApp(fakesEnv, dbEnv) {
  const app = spawn(process.execPath, [path.join(root, "scripts", "server.mjs"), "-p", String(PORT)], {
    cwd: root,
    env: {
      ...process.env,
      ...fakesEnv,
      ...dbEnv,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      APP_URL: BASE,
      AUTH_SECRET: "bench-classes-secret-bench-classes-secret-bench",
      LOG_LEVEL: "error",
      OLLAMA_BASE_URL: "http://127.0.0.1:9",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((resolve) => app.once("exit", resolve));
  cleanups.push(async () => {
    app.kill("SIGTERM");
    await Promise.race([exited, sleep(10_000)]);
  });
  await waitForHealth(BASE);
}

/** One timed GET, the whole body read; anything but 200 throws (a redirect to /login included). */
async function timedGet(pathname, cookie) {
  const t0 = performance.now();
  const res = await fetch(BASE + pathname, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  const body = await res.arrayBuffer();
  const elapsed = performance.now() - t0;
  if (res.status !== 200) throw new Error(`GET ${pathname} answered ${res.status}`);
  return { elapsed, bytes: body.byteLength, body };
}

/** `count` untimed requests of each target in turns: each route's code, the database's caches. */
async function warmUp(targets, count) {
  for (let i = 0; i < count; i++) for (const target of targets) await timedGet(target.path, target.cookie);
}

/** SAMPLES timed requests, one at a time, of each target in turns: ms per target. */
async function sampleInTurns(targets) {
  const samples = targets.map(() => []);
  for (let i = 0; i < SAMPLES; i++) {
    for (const [t, target] of targets.entries()) samples[t].push((await timedGet(target.path, target.cookie)).elapsed);
  }
  return samples;
}

/** What each target answered once: checks that the seeded data is what is measured. */
async function describe(target) {
  const { bytes, body } = await timedGet(target.path, target.cookie);
  const text = new TextDecoder().decode(body);
  return { bytes, text };
}

async function main() {
  build();
  const fakes = await startFakes();
  cleanups.push(() => fakes.child.kill("SIGTERM"));
  const dbEnv = await database();
  console.log(`bench:classes on ${SERVER_DB ? "PostgreSQL" : "PGlite"}; ${load()} at the start`);
  const [email, password] = ["teacher@bench.test", "bench-password-1"];
  const { classId, courseId } = seed(dbEnv, email, password);
  await startApp(fakes.env, dbEnv);
  const cookie = `${sessionCookieOf(await postJson(BASE, "/api/signin", { email, password }))}; NEXT_LOCALE=en`;

  const lastPage = Math.max(1, Math.ceil(CATALOG / CATALOG_PAGE_SIZE));
  const middlePage = Math.ceil(lastPage / 2);
  const targets = {
    floor: { label: "GET /api/health (floor)", path: "/api/health" },
    page: { label: "/dashboard/classes/{id}", path: `/dashboard/classes/${classId}`, cookie },
    pageItems: {
      label: "/dashboard/classes/{id}?items=",
      path: `/dashboard/classes/${classId}?items=${courseId}`,
      cookie,
    },
    learners: { label: "GET /api/classes/{id}/learners", path: `/api/classes/${classId}/learners`, cookie },
    items: { label: "GET /api/classes/{id}/items", path: `/api/classes/${classId}/items?courseId=${courseId}`, cookie },
    catalog1: { label: "/catalog (page 1)", path: "/catalog" },
    catalogMiddle: { label: `/catalog?page=${middlePage}`, path: `/catalog?page=${middlePage}` },
    catalogLast: { label: `/catalog?page=${lastPage} (last)`, path: `/catalog?page=${lastPage}` },
  };

  // What is measured, once: sizes, and that the seeded class and catalogue are there.
  const learnersJson = JSON.parse((await describe(targets.learners)).text);
  const itemsJson = JSON.parse((await describe(targets.items)).text);
  const page = await describe(targets.page);
  const pageItems = await describe(targets.pageItems);
  const last = await describe(targets.catalogLast);
  const first = await describe(targets.catalog1);
  const needHelp = learnersJson.learners.filter((l) => l.needsHelp.length > 0).length;
  const entriesOf = (html) => (html.match(/href="\/catalog\/[0-9a-f-]{36}#sample"/g) ?? []).length;
  console.log(
    `learners: ${learnersJson.learners.length} rows (${needHelp} need help); items: ${itemsJson.questions.length} questions from ${itemsJson.learners} first attempts`,
  );
  console.log(
    `page ${(page.bytes / 1024).toFixed(0)} kB (${(page.text.match(/Learner \d{4}/g) ?? []).length} learner names), with items ${(pageItems.bytes / 1024).toFixed(0)} kB; catalogue page 1: ${entriesOf(first.text)} entries, ${(first.bytes / 1024).toFixed(0)} kB; page ${lastPage}: ${entriesOf(last.text)} entries, ${last.text.includes(`page=${lastPage + 1}`) ? "a next page" : "no next page"}`,
  );

  // Every target warmed before the first is measured, the floor as long as the pages take.
  await warmUp(Object.values(targets), WARMUP);
  await warmUp([targets.floor], 4 * WARMUP);
  const rows = [];
  const [floor] = await sampleInTurns([targets.floor]);
  rows.push([targets.floor, floor]);
  for (const key of ["page", "pageItems", "learners", "items"]) {
    rows.push([targets[key], (await sampleInTurns([targets[key]]))[0]]);
  }
  const catalog = await sampleInTurns([targets.catalog1, targets.catalogMiddle, targets.catalogLast]);
  rows.push([targets.catalog1, catalog[0]], [targets.catalogMiddle, catalog[1]], [targets.catalogLast, catalog[2]]);
  rows.push([{ label: "GET /api/health (after)" }, (await sampleInTurns([targets.floor]))[0]]);

  const [floorP50, floorP95] = [percentile(floor, 50), percentile(floor, 95)];
  console.log(
    `\n${"".padEnd(36)}${"n".padStart(4)}${"p50".padStart(10)}${"p95".padStart(10)}${"p99".padStart(10)}  p50/floor p95/floor`,
  );
  for (const [{ label }, samples] of rows) {
    const [p50, p95, p99] = [percentile(samples, 50), percentile(samples, 95), percentile(samples, 99)];
    console.log(
      `${label.padEnd(36)}${String(samples.length).padStart(4)}${ms(p50)}${ms(p95)}${ms(p99)}${ratio(p50, floorP50)}${ratio(p95, floorP95)}`,
    );
  }

  let ok = true;
  const mark = (met) => {
    ok &&= met;
    return met ? "✓" : "✗";
  };
  console.log(
    `\ngoals: the teacher's view and item analysis p95 ≤ ${GOALS.p95Ms} ms${SERVER_DB ? "" : " (PGlite)"} and ≤ ${GOALS.floorRatio}× the floor's p95 (${floorP95.toFixed(1)} ms)`,
  );
  for (const [target, samples] of rows.slice(1, 5)) {
    const p95 = percentile(samples, 95);
    console.log(
      `  ${target.label.padEnd(34)} p95 ${p95.toFixed(1).padStart(6)} ms ${mark(p95 <= GOALS.p95Ms)}   ${(p95 / floorP95).toFixed(1).padStart(5)}× floor ${mark(p95 / floorP95 <= GOALS.floorRatio)}`,
    );
  }
  console.log(
    `goal: any catalogue page within ${GOALS.catalogRatio}× of page 1 (${CATALOG} public courses, ${lastPage} pages)`,
  );
  for (const [i, target] of [
    [1, targets.catalogMiddle],
    [2, targets.catalogLast],
  ]) {
    const r50 = percentile(catalog[i], 50) / percentile(catalog[0], 50);
    const r95 = percentile(catalog[i], 95) / percentile(catalog[0], 95);
    console.log(
      `  ${target.label.padEnd(34)} / page 1: p50 ${r50.toFixed(2)}× ${mark(r50 <= GOALS.catalogRatio)}   p95 ${r95.toFixed(2)}× ${mark(r95 <= GOALS.catalogRatio)}`,
    );
  }
  console.log(`\n${load()} at the end; ${SAMPLES} samples each after ${WARMUP} warm-ups, one request at a time`);
  return ok;
}

main()
  .then(async (ok) => {
    await cleanup();
    process.exit(check && !ok ? 1 : 0);
  })
  .catch(async (error) => {
    console.error(error);
    await cleanup();
    process.exit(1);
  });
