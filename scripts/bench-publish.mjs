#!/usr/bin/env node
/**
 * `npm run bench:publish` — publishing a course that 500 learners study, against the production
 * build (`next build` runs first when there is no `.next/BUILD_ID`), on PGlite: does it hold the
 * server while it runs? (issue 35: the health check's p99 while publishing ≤ 3× its idle p99.)
 *
 * The data is seeded in SQL before the app opens the database (scripts/bench-classes-seed.ts): a
 * teacher whose course of 12 written lessons is assigned to a class of BENCH_LEARNERS (500)
 * learners, each enrolled with progress on every lesson; no catalogue. The teacher signs in over
 * HTTP. Then:
 *
 *   idle        GET /api/health from BENCH_CONCURRENCY (4) clients at once, BENCH_SAMPLES (400)
 *   publishing  the same clients while the teacher, BENCH_ROUNDS (30) times, saves a draft of
 *               every lesson (untimed for the floor) and publishes them: the health requests that
 *               overlap a publish request are its figures
 *
 * Prints p50/p95/p99 of both and their ratio, and the publish requests' own times. Exits 0
 * whatever the figures (a benchmark, not a test).
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { postJson, sessionCookieOf, waitForHealth } from "./bench-learner.mjs";
import { root, startFakes } from "./with-fakes.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 3722);
const BASE = `http://127.0.0.1:${PORT}`;
const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 500);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 400);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const GOAL_RATIO = 3;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const cleanups = [];
const cleanup = async () => {
  while (cleanups.length) await Promise.resolve(cleanups.pop()()).catch(() => {});
};
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};
const ms = (v) => `${v.toFixed(1)} ms`.padStart(10);

async function request(method, pathname, cookie, body) {
  const res = await fetch(BASE + pathname, {
    method,
    headers: { origin: BASE, ...(cookie ? { cookie } : {}), ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${pathname} answered ${res.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

/** Health requests from CONCURRENCY clients until `until()` says stop: each with its start and end. */
async function healthLoad(until) {
  const samples = [];
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (!until(samples.length)) {
        const start = performance.now();
        const res = await fetch(`${BASE}/api/health`);
        await res.arrayBuffer();
        samples.push({ start, end: performance.now() });
      }
    }),
  );
  return samples;
}

const row = (label, values) =>
  `${label.padEnd(30)}${ms(percentile(values, 50))}${ms(percentile(values, 95))}${ms(percentile(values, 99))}${String(values.length).padStart(8)}`;

async function main() {
  if (!existsSync(path.join(root, ".next", "BUILD_ID"))) {
    const next = path.join(root, "node_modules", "next", "dist", "bin", "next");
    if (spawnSync(process.execPath, [next, "build"], { cwd: root, stdio: "inherit" }).status !== 0)
      throw new Error("next build failed");
  }
  const fakes = await startFakes();
  cleanups.push(() => fakes.child.kill("SIGTERM"));
  const dataDir = mkdtempSync(path.join(tmpdir(), "aula-bench-publish-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const dbEnv = { DATA_DIR: dataDir, DATABASE_URL: "" };
  const [email, password] = ["teacher@bench.test", "bench-password-1"];
  const seeded = JSON.parse(
    execFileSync(
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
        "0",
      ],
      {
        cwd: root,
        env: { ...process.env, ...dbEnv, LOG_LEVEL: "error" },
        encoding: "utf8",
        stdio: ["ignore", "pipe", "inherit"],
      },
    )
      .trim()
      .split("\n")
      .at(-1),
  );
  const app = spawn(process.execPath, [path.join(root, "scripts", "server.mjs"), "-p", String(PORT)], {
    cwd: root,
    env: {
      ...process.env,
      ...fakes.env,
      ...dbEnv,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      APP_URL: BASE,
      AUTH_SECRET: "bench-publish-secret-bench-publish-secret-bench",
      LOG_LEVEL: "error",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((resolve) => app.once("exit", resolve));
  cleanups.push(async () => {
    app.kill("SIGTERM");
    await Promise.race([exited, sleep(10_000)]);
  });
  await waitForHealth(BASE);
  console.log(
    `bench:publish on PGlite; a course of 12 lessons with ${seeded.learners} learners; load ${loadavg()[0].toFixed(2)} on ${cpus().length} cores`,
  );
  const cookie = `${sessionCookieOf(await postJson(BASE, "/api/signin", { email, password }))}; NEXT_LOCALE=en`;
  const courseId = seeded.courseId;
  const outline = await request("GET", `/api/courses/${courseId}/outline`, cookie);
  const lessonIds = outline.topics.flatMap((t) => t.lessons.map((l) => l.id));

  let edit = 0;
  const saveDrafts = async () => {
    edit++;
    for (const lessonId of lessonIds) {
      const { version, markdown } = await request("GET", `/api/lessons/${lessonId}`, cookie);
      await request("PUT", `/api/lessons/${lessonId}`, cookie, { version, markdown: `${markdown}\n\nEdit ${edit}.` });
    }
  };
  // Warm-up: the routes' code and the database's caches, then one publication untimed.
  await healthLoad((n) => n >= 100);
  await saveDrafts();
  await request("POST", `/api/courses/${courseId}/publish`, cookie);

  const idle = (await healthLoad((n) => n >= SAMPLES)).map((s) => s.end - s.start);

  const publishes = [];
  let changed = 0;
  let done = false;
  const publisher = (async () => {
    for (let round = 0; round < ROUNDS; round++) {
      await saveDrafts();
      const start = performance.now();
      const answer = await request("POST", `/api/courses/${courseId}/publish`, cookie);
      publishes.push({ start, end: performance.now() });
      changed += answer.lessons;
    }
    done = true;
  })();
  const load = await healthLoad(() => done);
  await publisher;
  const during = load
    .filter((s) => publishes.some((p) => s.start < p.end && s.end > p.start))
    .map((s) => s.end - s.start);

  console.log(`\n${"".padEnd(30)}${"p50".padStart(10)}${"p95".padStart(10)}${"p99".padStart(10)}${"n".padStart(8)}`);
  console.log(row("GET /api/health, idle", idle));
  console.log(row("GET /api/health, publishing", during));
  console.log(
    row(
      "POST /api/courses/{id}/publish",
      publishes.map((p) => p.end - p.start),
    ),
  );
  const ratio = percentile(during, 99) / percentile(idle, 99);
  console.log(
    `\ngoal: health p99 while publishing ≤ ${GOAL_RATIO}× idle: ${ratio.toFixed(1)}× ${ratio <= GOAL_RATIO ? "✓" : "✗"}` +
      ` (${ROUNDS} publications of ${changed / ROUNDS} lessons each, ${CONCURRENCY} health clients)`,
  );
  console.log(`load ${loadavg()[0].toFixed(2)} at the end`);
}

main()
  .then(cleanup)
  .catch(async (error) => {
    console.error(error);
    await cleanup();
    process.exit(1);
  });
