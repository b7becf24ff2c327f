#!/usr/bin/env node
/**
 * `npm run bench:viewer` — the course viewer's figures, against the production build (`npx next
 * build` first), on PostgreSQL (BENCH_DATABASE_URL, or a throwaway cluster from .ci/pg-cluster.sh)
 * and the fake model (first token after FAKE_FIRST_TOKEN_MS, default 300 ms, then 40 tokens/s):
 *
 *  (a) server time to render /course/{id} of a course with 8 topics × 4 lessons, p50/p95 over 200
 *      requests (goal: p95 ≤ 100 ms);
 *  (b) in Chromium, from clicking the next lesson to its full text on screen, with the background
 *      generation on (the learner "reads" until the prefetch is done) (goal: < 200 ms);
 *  (c) time to the first streamed lesson byte minus the fake model's first-token delay, p95
 *      (goal: ≤ 50 ms).
 */
import { execFileSync, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { root, startFakes } from "./with-fakes.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 3420);
const BASE = `http://127.0.0.1:${PORT}`;
const FIRST_TOKEN_MS = Number(process.env.FAKE_FIRST_TOKEN_MS ?? 300);
const RENDERS = Number(process.env.BENCH_RENDERS ?? 200);
const OPENS = Number(process.env.BENCH_OPENS ?? 8);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 30);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const fmt = (n) => `${n.toFixed(1)} ms`;

const children = [];
let cluster = null;
function cleanup() {
  for (const child of children) child.kill("SIGTERM");
  if (cluster) {
    try {
      execFileSync("bash", [path.join(root, ".ci", "pg-cluster.sh"), "stop", cluster.dir], { stdio: "ignore" });
    } catch {
      // already gone
    }
  }
}
process.on("SIGINT", () => {
  cleanup();
  process.exit(130);
});

function databaseUrl() {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  const out = execFileSync("bash", [path.join(root, ".ci", "pg-cluster.sh"), "start"], { encoding: "utf8" });
  const dir = out.match(/PG_CLUSTER_DIR=(\S+)/)?.[1];
  const url = out.match(/PG_CLUSTER_URL=(\S+)/)?.[1];
  if (!dir || !url) throw new Error(`could not start PostgreSQL: ${out}`);
  cluster = { dir, url };
  return url;
}

async function waitForHealth() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await sleep(250);
  }
  throw new Error("the app did not start");
}

async function signUp(index) {
  const res = await fetch(`${BASE}/api/signup`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": `10.20.0.${index}` },
    body: JSON.stringify({
      email: `bench-${Date.now()}-${index}@bench.test`,
      mName: "Bench",
      password: "bench-password-1",
    }),
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.get("set-cookie").match(/((?:__Secure-)?aula\.session=[^;]*)/)[1];
  return { cookie, userId: (await res.json()).userId };
}

/** A course of 8 topics × 4 lessons, the first lesson written, straight into the database. */
async function seedCourse(sql, userId, title) {
  const [course] =
    await sql`insert into courses (user_id, main_topic, type, lang) values (${userId}, ${title}, 'text_image', 'English') returning id`;
  const lessonIds = [];
  for (let t = 0; t < 8; t++) {
    const [topic] =
      await sql`insert into topics (course_id, position, number, title) values (${course.id}, ${t}, ${t}, ${`Topic ${t + 1} of ${title}`}) returning id`;
    for (let l = 0; l < 4; l++) {
      const first = t === 0 && l === 0;
      const theory = first
        ? `<h2>Introduction</h2>${"<p>Ocean currents move heat around the planet and shape the climate of the coasts.</p>".repeat(30)}`
        : "";
      const [lesson] = await sql`insert into lessons (course_id, topic_id, position, title, theory, generated_at)
        values (${course.id}, ${topic.id}, ${l}, ${`Lesson ${t + 1}.${l + 1}: ${title}`}, ${theory}, ${first ? new Date() : null}) returning id`;
      // The first lesson read by its owner (lesson_progress is each learner's).
      if (first) {
        await sql`insert into lesson_progress (user_id, lesson_id, course_id, opened_at, done)
          values (${userId}, ${lesson.id}, ${course.id}, now(), true)`;
      }
      lessonIds.push(lesson.id);
    }
  }
  return { courseId: course.id, lessonIds };
}

async function benchRender(cookie, courseId) {
  const times = [];
  for (let i = 0; i < 20; i++) await (await fetch(`${BASE}/course/${courseId}`, { headers: { cookie } })).text(); // warm-up
  for (let i = 0; i < RENDERS; i++) {
    const started = performance.now();
    const res = await fetch(`${BASE}/course/${courseId}`, { headers: { cookie } });
    await res.text();
    if (res.status !== 200) throw new Error(`render answered ${res.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

async function benchFirstByte(cookie, courseId, lessonIds) {
  const times = [];
  for (let i = 0; i < STREAMS; i++) {
    const lessonId = lessonIds[1 + (i % (lessonIds.length - 1))];
    const started = performance.now();
    const res = await fetch(`${BASE}/api/lesson/stream`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ courseId, lessonId, regenerate: true }),
    });
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let text = "";
    let first = null;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (first === null && text.includes('"type":"delta"')) first = performance.now() - started;
    }
    if (first === null) throw new Error(`no streamed text: ${text.slice(0, 200)}`);
    times.push(first - FIRST_TOKEN_MS);
  }
  return times;
}

async function benchOpenNext(cookie, courseId, lessonIds) {
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  const context = await browser.newContext();
  const name = cookie.slice(0, cookie.indexOf("="));
  const value = cookie.slice(cookie.indexOf("=") + 1);
  const secure = name.startsWith("__Secure-");
  await context.addCookies([
    { name, value, domain: "127.0.0.1", path: "/", secure, httpOnly: true, sameSite: "Lax" },
    { name: "NEXT_LOCALE", value: "en", domain: "127.0.0.1", path: "/" },
  ]);
  const page = await context.newPage();
  await page.goto(`${BASE}/course/${courseId}`);
  await page.getByTestId("lesson-theory").waitFor();
  const times = [];
  for (let i = 1; i <= OPENS && i < lessonIds.length; i++) {
    // The learner reads until the background generation of the next lesson has finished.
    for (;;) {
      const res = await fetch(`${BASE}/api/lesson/prefetch`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ courseId, lessonId: lessonIds[i] }),
      });
      if ((await res.json()).state === "ready") break;
      await sleep(200);
    }
    const button = page.locator(`[data-lesson-id="${lessonIds[i]}"]`);
    const started = performance.now();
    await button.click();
    await page.waitForFunction(
      (title) =>
        document.querySelector("h1")?.textContent === title &&
        document.querySelector('[data-testid="lesson-theory"]')?.textContent?.length > 0,
      (await button.innerText()).trim(),
      { polling: "raf" },
    );
    times.push(performance.now() - started);
  }
  await browser.close();
  return times;
}

async function main() {
  const url = databaseUrl();
  const { default: postgres } = await import("postgres");
  const fakes = await startFakes({ FAKE_FIRST_TOKEN_MS: String(FIRST_TOKEN_MS), FAKE_TOKENS_PER_SECOND: "40" });
  children.push(fakes.child);
  const dataDir = path.join(root, ".data-bench");
  rmSync(dataDir, { recursive: true, force: true });
  const app = spawn(process.execPath, [path.join(root, "scripts", "server.mjs"), "-p", String(PORT)], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      ...fakes.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      APP_URL: BASE,
      AUTH_SECRET: "bench-secret-bench-secret-bench-secret-00",
      ADMIN_EMAIL: "admin@bench.test",
      ADMIN_PASSWORD: "admin-password-1",
      // The bench stands in for one trusted proxy: each bench user is the address it names in X-Forwarded-For.
      TRUST_PROXY: "1",
      AI_RATE_LIMIT_PER_MINUTE: "100000",
      AI_TIMEOUT_MS: "30000",
      LOG_LEVEL: "error",
    },
  });
  children.push(app);
  await waitForHealth();
  const sql = postgres(url, { max: 2, onnotice: () => {} });
  const user = await signUp(1);
  const renderCourse = await seedCourse(sql, user.userId, "Render Course");
  const streamCourse = await seedCourse(sql, user.userId, "Stream Course");
  const openCourse = await seedCourse(sql, user.userId, "Open Course");
  await sql.end();

  const render = await benchRender(user.cookie, renderCourse.courseId);
  const firstByte = await benchFirstByte(user.cookie, streamCourse.courseId, streamCourse.lessonIds);
  const open = await benchOpenNext(user.cookie, openCourse.courseId, openCourse.lessonIds);

  console.log(
    `bench:viewer — PostgreSQL, production build, fake model (first token ${FIRST_TOKEN_MS} ms, 40 tokens/s)`,
  );
  console.log(
    `(a) render /course/{id}, 8 topics × 4 lessons, ${render.length} requests: p50 ${fmt(percentile(render, 50))}, p95 ${fmt(percentile(render, 95))} (goal p95 ≤ 100 ms)`,
  );
  console.log(
    `(b) open next lesson → full text on screen (background generation on), ${open.length} opens: p50 ${fmt(percentile(open, 50))}, p95 ${fmt(percentile(open, 95))}, max ${fmt(Math.max(...open))} (goal < 200 ms)`,
  );
  console.log(
    `(c) first streamed lesson byte − ${FIRST_TOKEN_MS} ms first-token delay, ${firstByte.length} lessons: p50 ${fmt(percentile(firstByte, 50))}, p95 ${fmt(percentile(firstByte, 95))} (goal p95 ≤ 50 ms)`,
  );
}

main()
  .then(() => {
    cleanup();
    process.exit(0);
  })
  .catch((error) => {
    console.error(error);
    cleanup();
    process.exit(1);
  });
