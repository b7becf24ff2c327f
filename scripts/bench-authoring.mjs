#!/usr/bin/env node
/**
 * `npm run bench:authoring` — an author's saves over HTTP against the production build (`next
 * build` runs first when there is no `.next/BUILD_ID`), each beside the floor measured in the
 * same run, on PGlite:
 *
 *   floor        GET /api/health                 (no session, one `select 1`)
 *   lesson save  PUT /api/lessons/{id}           (a lesson of about 8,000 characters, one word
 *                                                 changed each time: render, sanitize, lock, revision)
 *   quiz save    PUT /api/courses/{id}/quiz      (ten questions, one changed each time)
 *   revisions    GET /api/lessons/{id}/revisions (the list, after every save above)
 *   outline save PUT /api/courses/{id}/outline   (10 topics of 6 lessons: each time a lesson moves
 *                                                 to another topic, a topic moves and one is renamed)
 *
 * The course is made as the Generate page makes it, through the fake model (scripts/with-fakes.mjs).
 * Requests go one at a time: BENCH_SAMPLES (60) of each after BENCH_WARMUP (10). Goal (issue 35):
 * a lesson save p95 ≤ 150 ms, an outline save of a 10 × 6 course ≤ 300 ms. Exits 0 whatever the
 * figures (a benchmark, not a test).
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { learnerWithCourses, waitForHealth } from "./bench-learner.mjs";
import { root, startFakes } from "./with-fakes.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 3721);
const BASE = `http://127.0.0.1:${PORT}`;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 60);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 10);
const GOAL_MS = 150;
const OUTLINE_GOAL_MS = 300;

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

async function timed(method, pathname, cookie, body) {
  const t0 = performance.now();
  const res = await fetch(BASE + pathname, {
    method,
    headers: { origin: BASE, ...(cookie ? { cookie } : {}), ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  const elapsed = performance.now() - t0;
  if (!res.ok) throw new Error(`${method} ${pathname} answered ${res.status}: ${text.slice(0, 300)}`);
  return { elapsed, json: text ? JSON.parse(text) : null };
}

/** About 8,000 characters of Markdown: headings, lists, a formula and code, as a written lesson has. */
function lessonText(n) {
  const paragraph = (i) =>
    `Paragraph ${i} explains how glaciers move and why the ice flows faster at the surface than at the bed, with an example from the Alps.`;
  const sections = Array.from({ length: 6 }, (_, s) =>
    [`## Section ${s + 1}`, ...Array.from({ length: 7 }, (_, i) => paragraph(s * 7 + i)), "- one\n- two\n- three"].join(
      "\n\n",
    ),
  );
  return [`Edit ${n}: the speed is $v = \\frac{d}{t}$.`, ...sections, "```python\nprint('ice')\n```"].join("\n\n");
}

const question = (i, n) => ({
  id: `q${i + 1}`,
  question: `Question ${i + 1}, edit ${n}: what makes a glacier flow?`,
  options: ["Gravity", "Wind", "Tides", "Magnetism"],
  answer: "a",
  explanation: "Its own weight pulls the ice downhill.",
});

async function main() {
  if (!existsSync(path.join(root, ".next", "BUILD_ID"))) {
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
  const fakes = await startFakes();
  cleanups.push(() => fakes.child.kill("SIGTERM"));
  const dataDir = mkdtempSync(path.join(tmpdir(), "aula-bench-authoring-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const app = spawn(process.execPath, [path.join(root, "scripts", "server.mjs"), "-p", String(PORT)], {
    cwd: root,
    env: {
      ...process.env,
      ...fakes.env,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      APP_URL: BASE,
      AUTH_SECRET: "bench-authoring-secret-bench-authoring-secret",
      LOG_LEVEL: "error",
      AI_RATE_LIMIT_PER_MINUTE: "1000",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((resolve) => app.once("exit", resolve));
  cleanups.push(async () => {
    app.kill("SIGTERM");
    await Promise.race([exited, sleep(10_000)]);
  });
  await waitForHealth(BASE);
  console.log(`bench:authoring on PGlite; load ${loadavg()[0].toFixed(2)} on ${cpus().length} cores at the start`);

  const { cookie, courseIds } = await learnerWithCourses(BASE, 1, "author");
  const [courseId] = courseIds;
  const page = await (await fetch(`${BASE}/course/${courseId}`, { headers: { cookie } })).text();
  const lessonId = page.match(/data-lesson-id="([0-9a-f-]{36})"/)[1];
  let { version: lessonVersion } = (await timed("GET", `/api/lessons/${lessonId}`, cookie)).json;
  let quizVersion = (await timed("GET", `/api/courses/${courseId}/quiz`, cookie)).json.version;
  let edits = 0;
  const saveLesson = async () => {
    const { elapsed, json } = await timed("PUT", `/api/lessons/${lessonId}`, cookie, {
      version: lessonVersion,
      markdown: lessonText(++edits),
    });
    lessonVersion = json.version;
    return elapsed;
  };
  const saveQuiz = async () => {
    const n = ++edits;
    const { elapsed, json } = await timed("PUT", `/api/courses/${courseId}/quiz`, cookie, {
      version: quizVersion,
      questions: Array.from({ length: 10 }, (_, i) => question(i, i === n % 10 ? n : 0)),
    });
    quizVersion = json.version;
    return elapsed;
  };
  // The course's outline made 10 topics of 6 lessons (its own lessons kept, the rest new), then moved about.
  const opened = (await timed("GET", `/api/courses/${courseId}/outline`, cookie)).json;
  const own = opened.topics.flatMap((t) => t.lessons.map((l) => ({ id: l.id, title: l.title })));
  let outline = {
    version: opened.version,
    topics: Array.from({ length: 10 }, (_, t) => ({
      ...(opened.topics[t] ? { id: opened.topics[t].id } : {}),
      title: `Topic ${t + 1}`,
      lessons: Array.from({ length: 6 }, (_, l) => own[t * 6 + l] ?? { title: `Lesson ${t + 1}.${l + 1}` }),
    })),
  };
  const putOutline = async (topics) => {
    const { elapsed, json } = await timed("PUT", `/api/courses/${courseId}/outline`, cookie, {
      version: outline.version,
      topics,
    });
    const stripped = json.topics.map((t) => ({
      id: t.id,
      title: t.title,
      lessons: t.lessons.map((l) => ({ id: l.id, title: l.title })),
    }));
    outline = { version: json.version, topics: stripped };
    return elapsed;
  };
  await putOutline(outline.topics);
  const saveOutline = async () => {
    const n = ++edits;
    const topics = outline.topics.map((t) => ({ ...t, lessons: [...t.lessons] }));
    const from = topics[n % 10];
    const to = topics[(n + 3) % 10];
    to.lessons.push(from.lessons.shift());
    if (from.lessons.length === 0) from.lessons.push(to.lessons.shift());
    topics.push(topics.shift());
    topics[0].title = `Topic renamed ${n}`;
    return putOutline(topics);
  };
  const floor = async () => (await timed("GET", "/api/health")).elapsed;
  const revisions = async () => (await timed("GET", `/api/lessons/${lessonId}/revisions`, cookie)).elapsed;

  for (let i = 0; i < WARMUP; i++) for (const run of [floor, saveLesson, saveQuiz, revisions, saveOutline]) await run();
  const targets = [
    ["GET /api/health (floor)", floor],
    ["PUT /api/lessons/{id}", saveLesson],
    ["PUT /api/courses/{id}/quiz", saveQuiz],
    ["GET /api/lessons/{id}/revisions", revisions],
    ["PUT /api/courses/{id}/outline", saveOutline],
  ];
  const rows = [];
  for (const [label, run] of targets) {
    const samples = [];
    for (let i = 0; i < SAMPLES; i++) samples.push(await run());
    rows.push([label, samples]);
  }
  const floorP95 = percentile(rows[0][1], 95);
  console.log(`\n${"".padEnd(34)}${"p50".padStart(10)}${"p95".padStart(10)}${"p99".padStart(10)}  p95/floor`);
  for (const [label, samples] of rows)
    console.log(
      `${label.padEnd(34)}${ms(percentile(samples, 50))}${ms(percentile(samples, 95))}${ms(percentile(samples, 99))}${`${(percentile(samples, 95) / floorP95).toFixed(1)}×`.padStart(10)}`,
    );
  const lessonP95 = percentile(rows[1][1], 95);
  console.log(
    `\ngoal: a lesson save p95 ≤ ${GOAL_MS} ms: ${lessonP95.toFixed(1)} ms ${lessonP95 <= GOAL_MS ? "✓" : "✗"} (${lessonVersion} revisions stored)`,
  );
  const outlineP95 = percentile(rows[4][1], 95);
  console.log(
    `goal: an outline save (10 × 6) p95 ≤ ${OUTLINE_GOAL_MS} ms: ${outlineP95.toFixed(1)} ms ${outlineP95 <= OUTLINE_GOAL_MS ? "✓" : "✗"}`,
  );
  console.log(
    `load ${loadavg()[0].toFixed(2)} at the end; ${SAMPLES} samples each after ${WARMUP} warm-ups, one at a time`,
  );
}

main()
  .then(cleanup)
  .catch(async (error) => {
    console.error(error);
    await cleanup();
    process.exit(1);
  });
