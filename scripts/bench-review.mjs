#!/usr/bin/env node
/**
 * `npm run bench:review` — spaced review (decision 022) over HTTP against the production build
 * (`npx next build` first), each figure beside the floor measured in the same run:
 *
 *   floor    GET /api/health                    (no session, one `select 1`)
 *   grade    POST /api/review/{cardId}          (session, row lock, FSRS, update + log insert)
 *   queue    GET /api/review/queue              (a user with 10,000 cards: 5,000 reviewed, 200
 *                                                learning, the rest new; caps as deployed)
 *
 * Goals: grade p95 ≤ 50 ms, queue p95 ≤ 100 ms. The cards are made as a learner makes them
 * (own cards from a written lesson, POST /api/review/cards), then graded through the API.
 * PGlite by default; PostgreSQL when BENCH_DATABASE_URL names a server (a fresh database is
 * made there and dropped after). BENCH_PORT (3700), BENCH_CARDS (10000), BENCH_SAMPLES (400),
 * BENCH_CONCURRENCY (1: one learner grades one card after another). The seeding's own grades
 * count toward today, so REVIEW_MAX_PER_DAY is lifted: the queue then answers the 200 learning
 * cards and 20 new ones (more than the deployed cap of 200 would). `--check` exits 1 on a missed goal.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { root, startFakes } from "./with-fakes.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 3700);
const BASE = `http://127.0.0.1:${PORT}`;
const SERVER_DB = process.env.BENCH_DATABASE_URL?.trim() || "";
const CARDS = Number(process.env.BENCH_CARDS ?? 10_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 400);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 1);
const REVIEWED = Math.floor(CARDS / 2);
const LEARNING = Math.min(200, Math.floor(CARDS / 50));
const GOALS = { grade: 50, queue: 100 };
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

async function database() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "aula-bench-review-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  if (!SERVER_DB) return { DATA_DIR: dataDir, DATABASE_URL: "" };
  const { default: postgres } = await import("postgres");
  const admin = postgres(SERVER_DB, { max: 1, onnotice: () => {} });
  const name = `aula_bench_review_${Date.now()}`;
  await admin.unsafe(`create database ${name}`);
  cleanups.push(async () => {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  const url = new URL(SERVER_DB);
  url.pathname = `/${name}`;
  return { DATA_DIR: dataDir, DATABASE_URL: url.toString() };
}

async function startApp(fakesEnv, dbEnv) {
  const env = {
    ...process.env,
    ...fakesEnv,
    ...dbEnv,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    APP_URL: BASE,
    AUTH_SECRET: "bench-review-secret-bench-review-secret-bench",
    LOG_LEVEL: "error",
    AI_RATE_LIMIT_PER_MINUTE: "100000",
    OLLAMA_BASE_URL: "http://127.0.0.1:9",
    // The seeding makes cards itself; the key-point job's model call would only add noise.
    REVIEW_KEY_POINTS: "false",
    REVIEW_MAX_PER_DAY: "10000",
  };
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

/** Runs `count` calls of `task(i)`, `concurrency` at a time. */
async function pool(count, concurrency, task) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

/** `count` timed calls of `request(i)`, CONCURRENCY in flight: their latencies in ms. */
async function sample(count, request) {
  const samples = [];
  await pool(count, CONCURRENCY, async (i) => {
    const t0 = performance.now();
    const res = await request(i);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`sample answered ${res.status}`);
    samples.push(performance.now() - t0);
  });
  return samples;
}

async function seed() {
  const signup = await call("POST", "/api/signup", null, {
    email: `review-${Date.now()}@bench.test`,
    mName: "Bench",
    password: "bench-password-1",
  });
  const cookie = signup.headers.get("set-cookie").match(/((?:__Secure-)?aula\.session=[^;]*)/)[1];
  const request = { topic: "Photosynthesis", subtopics: [], topicsLimit: "4", courseType: "Text & Image Course" };
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
  const viewer = await (await call("GET", `/course/${courseId}`, cookie)).text();
  const lessonId = viewer.match(/data-lesson-id="([0-9a-f-]{36})"/)?.[1];
  if (!lessonId) throw new Error("no lesson in the course page");
  // The lesson is written by the fake model when it is first opened; a word of it is the cards' passage.
  const streamed = await (await call("POST", "/api/lesson/stream", cookie, { courseId, lessonId })).text();
  let passage;
  for (const word of new Set(streamed.match(/\b[A-Za-z]{6,}\b/g) ?? [])) {
    const tried = await fetch(`${BASE}/api/review/cards`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: BASE, cookie },
      body: JSON.stringify({ lessonId, front: "Probe", back: "Probe", sentence: word }),
    });
    if (tried.status === 201) {
      passage = word;
      const { card } = await tried.json();
      await call("DELETE", `/api/review/cards/${card.id}`, cookie);
      break;
    }
  }
  if (!passage) throw new Error("no word of the written lesson is accepted as a passage");
  const started = performance.now();
  const ids = [];
  await pool(CARDS, 8, async (i) => {
    const res = await call("POST", "/api/review/cards", cookie, {
      lessonId,
      front: `Card ${i}: what does the lesson say about ${passage}?`,
      back: `Answer ${i}`,
      sentence: passage,
    });
    ids[i] = (await res.json()).card.id;
  });
  await pool(REVIEWED + LEARNING, 8, async (i) => {
    await call("POST", `/api/review/${ids[i]}`, cookie, { rating: i < REVIEWED ? 4 : 1 });
  });
  console.log(
    `seeded ${CARDS} cards (${REVIEWED} reviewed Easy, ${LEARNING} learning) in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  return { cookie, ids };
}

async function main() {
  if (!existsSync(path.join(root, ".next", "BUILD_ID")))
    throw new Error("no production build: run `npx next build` first");
  const fakes = await startFakes();
  cleanups.push(() => fakes.child.kill("SIGTERM"));
  await startApp(fakes.env, await database());
  console.log(
    `bench:review on ${SERVER_DB ? "PostgreSQL" : "PGlite"}; ${loadavg()[0].toFixed(2)} load on ${cpus().length} cores`,
  );
  const { cookie, ids } = await seed();
  const health = () => fetch(`${BASE}/api/health`);
  const queue = () => fetch(`${BASE}/api/review/queue`, { headers: { cookie } });
  // Warm-up: each route's code and the database's caches.
  await sample(40, health);
  await sample(20, queue);
  // New cards (never graded): each sample grades another one Good.
  const fresh = ids.slice(REVIEWED + LEARNING);
  const grade = (i) =>
    fetch(`${BASE}/api/review/${fresh[i % fresh.length]}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: BASE, cookie },
      body: JSON.stringify({ rating: 3 }),
    });
  await sample(20, grade);
  const rows = [];
  const floor = await sample(SAMPLES, health);
  rows.push(["GET /api/health (floor)", floor]);
  rows.push(["POST /api/review/{id}", await sample(SAMPLES, (i) => grade(i + 20))]);
  rows.push([`GET /api/review/queue (${CARDS})`, await sample(SAMPLES, queue)]);
  rows.push(["GET /api/health (after)", await sample(SAMPLES, health)]);
  const queued = await (await queue()).json();

  const [floorP50, floorP95] = [percentile(floor, 50), percentile(floor, 95)];
  console.log(
    `\n${"".padEnd(30)}${"n".padStart(5)}${"p50".padStart(10)}${"p95".padStart(10)}${"p99".padStart(10)}  p50/floor p95/floor`,
  );
  for (const [label, samples] of rows) {
    const [p50, p95, p99] = [percentile(samples, 50), percentile(samples, 95), percentile(samples, 99)];
    console.log(
      `${label.padEnd(30)}${String(samples.length).padStart(5)}${ms(p50)}${ms(p95)}${ms(p99)}${ratio(p50, floorP50)}${ratio(p95, floorP95)}`,
    );
  }
  console.log(`\nqueue answered ${queued.cards.length} cards (caps as deployed); ${CONCURRENCY} requests in flight`);
  const gradeP95 = percentile(rows[1][1], 95);
  const queueP95 = percentile(rows[2][1], 95);
  const ok = gradeP95 <= GOALS.grade && queueP95 <= GOALS.queue;
  console.log(
    `goals: grade p95 ${gradeP95.toFixed(1)} ms ≤ ${GOALS.grade} ms ${gradeP95 <= GOALS.grade ? "✓" : "✗"}; queue p95 ${queueP95.toFixed(1)} ms ≤ ${GOALS.queue} ms ${queueP95 <= GOALS.queue ? "✓" : "✗"}`,
  );
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
