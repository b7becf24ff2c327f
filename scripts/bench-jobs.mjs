#!/usr/bin/env node
/**
 * `npm run bench:jobs` — the durable jobs engine (decision 020), each figure beside a floor
 * measured in the same run:
 *
 *   1. claim-to-start: enqueueJob → handler start of a no-op kind, paced enqueues, with a worker
 *      loop of 1 and 4 lanes in the same process (floor: `select 1` on the same database); on
 *      PostgreSQL also enqueued by another process, found at the worker's next poll (JOBS_POLL_MS)
 *   2. "Write all lessons" on a 32-lesson course over HTTP against the production build and the
 *      fake model: the batch's wall time against the model's own busy time for the same calls
 *      (goal ≤ 1.2×), and GET /api/health during the batch against idle (the floor)
 *   3. the jobs table after 10,000 finished jobs, and purgeFinishedJobs once they are past
 *      JOBS_RETENTION_DAYS
 *
 * The engine parts run in scripts/bench-jobs-engine.ts (server code outside Next); the app is
 * asked over HTTP only. PGlite by default; PostgreSQL when BENCH_DATABASE_URL names a server
 * (a fresh database is created there for each part and dropped after). BENCH_PORT (3700) for the
 * app; the fakes take ephemeral ports. `--skip-app` runs parts 1 and 3 only (no build needed).
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { root, startFakes } from "./with-fakes.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 3700);
const BASE = `http://127.0.0.1:${PORT}`;
const SERVER_DB = process.env.BENCH_DATABASE_URL?.trim() || "";
const FIRST_TOKEN_MS = 300;
const TOKENS_PER_SECOND = 200;
const REMOTE_JOBS = 100;
const PURGE_JOBS = 10_000;
const skipApp = process.argv.includes("--skip-app");

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
const ratio = (v, floor) => `${(v / floor).toFixed(1)}×`.padStart(8);
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
const load = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")} on ${cpus().length} cores`;

/** A database for one part: a new PGlite folder, or a fresh database on BENCH_DATABASE_URL's server. */
async function database(label) {
  if (!SERVER_DB) {
    const dataDir = mkdtempSync(path.join(tmpdir(), `aula-bench-jobs-${label}-`));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    return { DATA_DIR: dataDir, DATABASE_URL: "" };
  }
  const { default: postgres } = await import("postgres");
  const admin = postgres(SERVER_DB, { max: 1, onnotice: () => {} });
  const name = `aula_bench_jobs_${label}_${Date.now()}`;
  await admin.unsafe(`create database ${name}`);
  cleanups.push(async () => {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  const url = new URL(SERVER_DB);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), `aula-bench-jobs-${label}-`));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  return { DATA_DIR: dataDir, DATABASE_URL: url.toString() };
}

/**
 * Runs the engine half in its own process: server code outside Next, with `server-only` resolved
 * to nothing as the integration tests' children do. `onLine` sees each stdout line; resolves with
 * the last one (the result).
 */
function engine(args, dbEnv, onLine = () => {}) {
  const child = spawn(
    process.execPath,
    [
      "--require",
      path.join(root, "tests", "integration", "children", "server-only.cjs"),
      "--import",
      "tsx",
      path.join(root, "scripts", "bench-jobs-engine.ts"),
      ...args,
    ],
    { cwd: root, env: { ...process.env, ...dbEnv, LOG_LEVEL: "error" }, stdio: ["ignore", "pipe", "inherit"] },
  );
  let last;
  createInterface({ input: child.stdout }).on("line", (line) => {
    last = line;
    onLine(JSON.parse(line));
  });
  return new Promise((resolve, reject) =>
    child.on("exit", (code) =>
      code === 0 ? resolve(JSON.parse(last)) : reject(new Error(`engine ${args[0]} exited ${code}`)),
    ),
  );
}

async function claimToStart() {
  const dbEnv = await database("engine");
  const result = await engine(["latency", "1", "4"], dbEnv);
  const rows = [["select 1 (floor)", result.floor]];
  for (const [lanes, samples] of Object.entries(result.lanes)) rows.push([`worker, ${lanes} lane(s)`, samples]);
  if (dbEnv.DATABASE_URL) {
    // A job enqueued by another process: the worker learns of it only at its next poll.
    let ready;
    const readyLine = new Promise((resolve) => (ready = resolve));
    const worker = engine(["remote-worker", String(REMOTE_JOBS)], dbEnv, (m) => m.ready && ready());
    await readyLine;
    // 100 ms apart: spread over several polls, so the samples cover the whole poll interval.
    await engine(["remote-enqueue", String(REMOTE_JOBS)], { ...dbEnv, BENCH_JOB_GAP_MS: "100" });
    const remote = await worker;
    rows.push([`other process (poll ${remote.pollMs} ms)`, remote.samples]);
  }
  const [floorP50, floorP99] = [percentile(result.floor, 50), percentile(result.floor, 99)];
  console.log(
    `\n1. Claim-to-start: enqueueJob → handler start, no-op kind, enqueues paced ~25 ms apart (BENCH_JOB_GAP_MS)`,
  );
  console.log(
    `${"".padEnd(28)}${"n".padStart(5)}${"p50".padStart(10)}${"p99".padStart(10)}  p50/floor p99/floor${"max".padStart(10)}`,
  );
  for (const [label, samples] of rows) {
    const [p50, p99] = [percentile(samples, 50), percentile(samples, 99)];
    console.log(
      `${label.padEnd(28)}${String(samples.length).padStart(5)}${ms(p50)}${ms(p99)}${ratio(p50, floorP50)}${ratio(p99, floorP99)}${ms(Math.max(...samples))}`,
    );
  }
}

async function purge() {
  const r = await engine(["purge", String(PURGE_JOBS)], await database("purge"));
  console.log(`\n3. Jobs table: ${r.count} finished no-op jobs, then aged past JOBS_RETENTION_DAYS (${r.days})`);
  console.log(`empty table               ${String(r.before.rows).padStart(6)} rows  ${mb(r.before.bytes)}`);
  console.log(`after the inserts         ${String(r.filled.rows).padStart(6)} rows  ${mb(r.filled.bytes)}`);
  console.log(
    `purgeFinishedJobs         ${String(r.purged.rows).padStart(6)} rows  ${mb(r.purged.bytes)}  in ${r.purgeMs.toFixed(0)} ms (${r.batches.length} batches of ≤1000, p50 ${percentile(r.batches, 50).toFixed(0)} ms each)`,
  );
  console.log(`after VACUUM jobs         ${String(r.vacuumed.rows).padStart(6)} rows  ${mb(r.vacuumed.bytes)}`);
}

async function startApp(fakesEnv, dbEnv) {
  const env = {
    ...process.env,
    ...fakesEnv,
    ...dbEnv,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    APP_URL: BASE,
    AUTH_SECRET: "bench-jobs-secret-bench-jobs-secret-bench-jobs",
    LOG_LEVEL: "error",
    AI_RATE_LIMIT_PER_MINUTE: "100000", // pacing off: the bench measures the engine, not the limit
    OLLAMA_BASE_URL: "http://127.0.0.1:9",
  };
  delete env.JOBS_CONCURRENCY; // the default (2), as deployed
  delete env.JOBS_MODE;
  const app = spawn(process.execPath, [path.join(root, "scripts", "server.mjs"), "-p", String(PORT)], {
    cwd: root,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((resolve) => app.once("exit", resolve));
  cleanups.push(async () => {
    app.kill("SIGTERM");
    await Promise.race([exited, sleep(10_000)]);
  });
  for (let i = 0; i < 480; i++) {
    if (
      await fetch(`${BASE}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await sleep(250);
  }
  throw new Error("the app did not start");
}

async function call(method, url, cookie, body) {
  const res = await fetch(BASE + url, {
    method,
    headers: { "content-type": "application/json", origin: BASE, ...(cookie ? { cookie } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`);
  return res;
}

/** GET /api/health one after another, 50 ms apart, until `until()` (or `count` samples). */
async function healthSamples({ count = Infinity, until = () => false }) {
  const samples = [];
  while (samples.length < count && !until()) {
    const t0 = performance.now();
    await (await fetch(`${BASE}/api/health`)).arrayBuffer();
    samples.push(performance.now() - t0);
    await sleep(50);
  }
  return samples;
}

/** Total length of the union of [start, end] intervals: the time at least one call was running. */
function unionMs(intervals) {
  let total = 0;
  let [start, end] = [-Infinity, -Infinity];
  for (const [a, b] of [...intervals].sort((x, y) => x[0] - y[0])) {
    if (a > end) {
      if (end > start) total += end - start;
      [start, end] = [a, b];
    } else end = Math.max(end, b);
  }
  return end > start ? total + end - start : total;
}

async function writeAll() {
  if (!existsSync(path.join(root, ".next", "BUILD_ID"))) {
    console.log("No production build: running next build…");
    const built = spawnSync(
      process.execPath,
      [path.join(root, "node_modules", "next", "dist", "bin", "next"), "build"],
      {
        cwd: root,
        stdio: "inherit",
      },
    );
    if (built.status !== 0) throw new Error("next build failed");
  }
  const fakes = await startFakes({
    FAKE_FIRST_TOKEN_MS: String(FIRST_TOKEN_MS),
    FAKE_TOKENS_PER_SECOND: String(TOKENS_PER_SECOND),
  });
  cleanups.push(() => fakes.child.kill("SIGTERM"));
  const dbEnv = await database("app");
  // A paid account, seeded before the app opens the database: the Free plan's outlines have 4
  // topics, a paid one's 8 (8 × 4 lessons), and no payment can be made through the app here.
  const [email, password] = ["paid@bench.test", "bench-password-1"];
  await engine(["seed-paid", email, password], dbEnv);
  await startApp(fakes.env, dbEnv);
  const signin = await call("POST", "/api/signin", null, { email, password });
  const cookie = signin.headers.get("set-cookie").match(/((?:__Secure-)?aula\.session=[^;]*)/)[1];
  const request = { topic: "Photosynthesis", subtopics: [], topicsLimit: "8", courseType: "Text & Image Course" };
  const outline = await (await call("POST", "/api/prompt", cookie, { ...request, language: "English" })).json();
  const { courseId } = await (
    await call("POST", "/api/course", cookie, {
      mainTopic: request.topic,
      type: request.courseType,
      lang: "English",
      content: outline.generatedText,
      outlineId: outline.outlineId,
    })
  ).json();
  const progress = async () => (await call("GET", `/api/courses/${courseId}/progress`, cookie)).json();
  await healthSamples({ count: 20 }); // warm-up
  const idle = await healthSamples({ count: 100 });

  const started = Date.now();
  const { queued } = await (await call("POST", `/api/courses/${courseId}/write-all`, cookie, {})).json();
  let last;
  let done = false;
  const during = healthSamples({ until: () => done });
  for (;;) {
    last = await progress();
    if (last.written === last.total || (last.written + last.failed === last.total && !last.running && !last.queued))
      break;
    await sleep(100);
  }
  const wall = Date.now() - started;
  done = true;
  const busy = await during;

  const requests = await (await fetch(`${fakes.modelUrl}/__fake/requests`)).json();
  const lessonCalls = requests.filter(
    (r) => r.at >= started && !r.responseFormat && r.messages.some((m) => m.content.includes('"lesson": ')),
  );
  const model = unionMs(lessonCalls.filter((r) => r.finishedAt).map((r) => [r.at, r.finishedAt]));
  const callMs = lessonCalls.filter((r) => r.finishedAt).map((r) => r.finishedAt - r.at);
  console.log(
    `\n2. Write all lessons: ${last.total} lessons, ${queued} queued by write-all (${last.written} written, ${last.failed} failed), JOBS_CONCURRENCY default (2), rate limit off`,
  );
  console.log(
    `   fake model: first token after ${FIRST_TOKEN_MS} ms, then ${TOKENS_PER_SECOND} tokens/s; ${lessonCalls.length} lesson calls, each p50 ${percentile(callMs, 50).toFixed(0)} ms`,
  );
  console.log(`wall (POST write-all → progress written = total)   ${(wall / 1000).toFixed(1)} s`);
  console.log(`model's own time (union of its lesson calls)       ${(model / 1000).toFixed(1)} s`);
  const r = wall / model;
  console.log(
    `wall / model time                                   ${r.toFixed(2)}   goal ≤ 1.2: ${r <= 1.2 ? "met" : "NOT met"}`,
  );
  console.log(`GET /api/health${"n".padStart(13)}${"p50".padStart(10)}${"p99".padStart(10)}  p50/floor p99/floor`);
  for (const [label, samples] of [
    ["idle (floor)", idle],
    ["during the batch", busy],
  ]) {
    console.log(
      `${label.padEnd(23)}${String(samples.length).padStart(5)}${ms(percentile(samples, 50))}${ms(percentile(samples, 99))}${ratio(percentile(samples, 50), percentile(idle, 50))}${ratio(percentile(samples, 99), percentile(idle, 99))}`,
    );
  }
}

try {
  console.log(`bench:jobs — database: ${SERVER_DB ? "PostgreSQL" : "PGlite"}; ${load()} at the start`);
  await claimToStart();
  if (!skipApp) await writeAll();
  await purge();
  console.log(`\n${load()} at the end`);
} finally {
  await cleanup();
}
