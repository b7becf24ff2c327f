#!/usr/bin/env node
/**
 * `npm run bench:generation`: the app's overhead on the outline stream and the cost of a whole
 * "Generate Course" request, at 1 and 20 concurrent users, against the fake model answering its
 * first token after 300 ms and then 40 tokens/s (4 characters a token). Needs a production build
 * (it runs `next build` when there is none). Prints p50 and p95; goals: overhead p95 ≤ 50 ms
 * for 1 user and ≤ 150 ms for 20. Also prints the floor: as many trivial requests sent at once,
 * which shows how much of (a) the server's single thread takes on this machine before any app work.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { root, startFakes } from "./with-fakes.mjs";

const FIRST_TOKEN_MS = 300;
const TOKENS_PER_SECOND = 40;
const port = process.env.BENCH_PORT ?? "3290";
const base = `http://localhost:${port}`;
const next = path.join(root, "node_modules", "next", "dist", "bin", "next");

if (!existsSync(path.join(root, ".next", "BUILD_ID"))) {
  console.log("No production build: running next build…");
  const built = spawnSync(process.execPath, [next, "build"], { cwd: root, stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const fakes = await startFakes({
  FAKE_FIRST_TOKEN_MS: String(FIRST_TOKEN_MS),
  FAKE_TOKENS_PER_SECOND: String(TOKENS_PER_SECOND),
});
const dataDir = mkdtempSync(path.join(tmpdir(), "aula-bench-"));
const server = spawn(process.execPath, [path.join(root, "scripts", "server.mjs"), "-p", port], {
  cwd: root,
  env: {
    ...process.env,
    ...fakes.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? "",
    APP_URL: base,
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0001",
    LOG_LEVEL: "error",
    FREE_COURSES_PER_MONTH: "100000",
    // The bench stands in for one trusted proxy: each bench user is the address it names in X-Forwarded-For.
    TRUST_PROXY: "1",
    AI_RATE_LIMIT_PER_MINUTE: "100000",
    OLLAMA_BASE_URL: "http://127.0.0.1:9",
  },
  stdio: ["ignore", "ignore", "inherit"],
});

function cleanUp() {
  server.kill("SIGTERM");
  fakes.child.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
}
process.on("SIGINT", () => {
  cleanUp();
  process.exit(130);
});

async function waitForServer() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the app did not start");
}

let userCounter = 0;
async function newUser() {
  userCounter += 1;
  // Each bench user is its own client address (the sign-up limit counts per address).
  const res = await fetch(`${base}/api/signup`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": `10.77.${Math.floor(userCounter / 250)}.${(userCounter % 250) + 1}`,
    },
    body: JSON.stringify({
      email: `bench-${userCounter}-${Date.now()}@bench.test`,
      mName: "Bench",
      password: "bench-password-1",
    }),
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return res.headers.get("set-cookie").split(";")[0];
}

const form = {
  topic: "Photosynthesis",
  subtopics: ["Light reactions"],
  topicsLimit: "4",
  courseType: "Text & Image Course",
  language: "English",
};

/** One outline stream: time to its first byte and to its end, and the outline it produced. */
async function outline(cookie) {
  const started = performance.now();
  const res = await fetch(`${base}/api/prompt/stream`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify(form),
  });
  if (!res.ok) throw new Error(`outline failed: ${res.status} ${await res.text()}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let firstByte;
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    firstByte ??= performance.now() - started;
    text += decoder.decode(value, { stream: true });
  }
  const events = text
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
  const done = events.find((e) => e.type === "done");
  if (!done) throw new Error(`outline ended without done: ${text.slice(-200)}`);
  return {
    firstByte,
    total: performance.now() - started,
    generatedText: done.generatedText,
    outlineId: done.outlineId,
  };
}

async function generateCourse(cookie, { generatedText, outlineId }) {
  const started = performance.now();
  const res = await fetch(`${base}/api/course`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie, "idempotency-key": crypto.randomUUID() },
    body: JSON.stringify({
      mainTopic: form.topic,
      type: form.courseType,
      lang: form.language,
      content: generatedText,
      outlineId,
    }),
  });
  if (res.status !== 201) throw new Error(`course failed: ${res.status} ${await res.text()}`);
  return performance.now() - started;
}

/**
 * The floor under (a) on this machine: `users` requests to GET /api/health sent at once (one
 * trivial database query, no session, no model), time to first byte. Whatever the app does,
 * the last of twenty simultaneous requests waits at least this long for the server's thread.
 */
async function floor(users, rounds) {
  const samples = [];
  for (let round = 0; round < rounds; round++) {
    const times = await Promise.all(
      Array.from({ length: users }, async () => {
        const started = performance.now();
        const res = await fetch(`${base}/api/health`);
        const reader = res.body.getReader();
        await reader.read();
        const firstByte = performance.now() - started;
        while (!(await reader.read()).done);
        return firstByte;
      }),
    );
    samples.push(...times);
  }
  return samples;
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const fmt = (ms) => `${ms.toFixed(0).padStart(6)} ms`;

async function scenario(users, rounds) {
  const cookies = await Promise.all(Array.from({ length: users }, () => newUser()));
  // Each sign-up sends its welcome mail in the background: let that finish first, or rendering
  // twenty mails would be counted as generation overhead in the first round.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const overhead = [];
  const course = [];
  for (let round = 0; round < rounds; round++) {
    const results = await Promise.all(
      cookies.map(async (cookie) => {
        const o = await outline(cookie);
        const c = await generateCourse(cookie, o);
        return { overhead: o.firstByte - FIRST_TOKEN_MS, course: c };
      }),
    );
    for (const r of results) {
      overhead.push(r.overhead);
      course.push(r.course);
    }
  }
  return { users, samples: overhead.length, overhead, course };
}

try {
  await waitForServer();
  // Warm-up: the first request of each route compiles and loads it.
  const warm = await newUser();
  await generateCourse(warm, await outline(warm));

  const results = [
    await scenario(1, Number(process.env.BENCH_ROUNDS_1 ?? 10)),
    await scenario(20, Number(process.env.BENCH_ROUNDS_20 ?? 3)),
  ];
  const floors = [await floor(1, 10), await floor(20, 3)];
  console.log(
    `\nbench:generation — fake model: first token after ${FIRST_TOKEN_MS} ms, then ${TOKENS_PER_SECOND} tokens/s; database: ${process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "PGlite"}`,
  );
  console.log(
    "(a) first streamed outline byte − 300 ms (app overhead)   (b) whole Generate Course request (POST /api/course)",
  );
  console.log("users  samples   (a) p50     (a) p95     (b) p50     (b) p95   goal (a) p95");
  for (const r of results) {
    const goal = r.users === 1 ? 50 : 150;
    const p95 = percentile(r.overhead, 95);
    console.log(
      `${String(r.users).padStart(5)}  ${String(r.samples).padStart(7)}  ${fmt(percentile(r.overhead, 50))}  ${fmt(p95)}  ${fmt(percentile(r.course, 50))}  ${fmt(percentile(r.course, 95))}   ≤ ${goal} ms ${p95 <= goal ? "met" : "NOT met"}`,
    );
  }
  console.log("\nfloor: the same number of GET /api/health sent at once (no session, no model), time to first byte");
  for (const [i, users] of [1, 20].entries()) {
    console.log(
      `${String(users).padStart(5)}  ${String(floors[i].length).padStart(7)}  ${fmt(percentile(floors[i], 50))}  ${fmt(percentile(floors[i], 95))}`,
    );
  }
} finally {
  cleanUp();
}
