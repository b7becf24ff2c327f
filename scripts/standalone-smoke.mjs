#!/usr/bin/env node
/**
 * `npm run test:standalone`: the app as a serverless host or the Dockerfile runs it, after
 * `next build`: `node .next/standalone/server.js` (no scripts/server.mjs, so no stamped client
 * address), on a fresh PostgreSQL database reached through PgBouncer in transaction mode
 * (`?pgbouncer=true`: prepared statements off; migrations on DATABASE_DIRECT_URL), two
 * connections, the fake model and media servers, and a small proxy in front that writes
 * X-Forwarded-For for each simulated client (TRUST_PROXY=1). Checks, over HTTP through that proxy:
 *
 * - without DATABASE_URL on a serverless host (AULA_SERVERLESS=1) the start fails, naming it;
 * - started while its database cannot be reached, the app answers 503: JSON on the API and
 *   health, the outage page on pages; once the database can be reached it migrates and serves,
 *   without a restart;
 * - two clients get separate rate-limit buckets, and a client's own X-Forwarded-For or
 *   x-aula-peer does not move it to another;
 * - sign up, outline, course, a lesson (stream), chat, quiz (serve and submit), Markdown export,
 *   and PDF export when a Chromium is at CHROMIUM_PATH or /usr/bin/chromium;
 * - every server-rendered page once (scripts/page-smoke.mjs), as that learner with a course, notes,
 *   a quiz attempt, review cards and a source, as the admin, and signed out: no 5xx;
 * - the database lost under it and back: 503 and the outage page meanwhile, normal answers after;
 *   the app's output is JSON lines (Next's own error lines too) and holds no session cookie, nor
 *   its SHA-256.
 *
 * Needs a PostgreSQL server: STANDALONE_DATABASE_URL, else PG_CLUSTER_URL (what CI exports), else
 * TEST_DATABASE_URL; it creates and drops its own database there. And Debian's `pgbouncer`
 * (.ci/pgbouncer.sh starts one); STANDALONE_DIRECT=1 runs without it, straight to the server.
 * STANDALONE_PORT (default 3700): the app; +1 the proxy; +2 and +3 the database's doors (pooled
 * and direct) the smoke opens and closes; +10… the fakes. Exits non-zero on the first failure.
 */
import { execFileSync, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { cpSync, existsSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { strFromU8, unzipSync } from "fflate";
import postgres from "postgres";
import { smokePages } from "./page-smoke.mjs";
import { root, startFakes } from "./with-fakes.mjs";

const started = performance.now();
const port = Number(process.env.STANDALONE_PORT ?? 3700);
const proxyPort = port + 1;
const doors = { pooled: port + 2, direct: port + 3 };
const base = `http://127.0.0.1:${proxyPort}`;
const standalone = path.join(root, ".next", "standalone");
const serverUrl = process.env.STANDALONE_DATABASE_URL ?? process.env.PG_CLUSTER_URL ?? process.env.TEST_DATABASE_URL;
const chromium = [process.env.CHROMIUM_PATH, "/usr/bin/chromium"].find((p) => p && existsSync(p));

if (!serverUrl) fail("set STANDALONE_DATABASE_URL or PG_CLUSTER_URL to a PostgreSQL server URL");
if (!existsSync(path.join(standalone, "server.js"))) fail("no .next/standalone/server.js: run `npx next build` first");

function fail(message) {
  console.error(`standalone smoke: ${message}`);
  process.exit(1);
}

const step = (text) => console.log(`[${((performance.now() - started) / 1000).toFixed(1)} s] ${text}`);

function check(condition, message) {
  if (!condition) throw new Error(message);
}

// What Next's docs say standalone output needs besides server.js (the Dockerfile does the same,
// through scripts/docker-build-steps.sh): the client's static files and public/.
cpSync(path.join(root, ".next", "static"), path.join(standalone, ".next", "static"), { recursive: true });
cpSync(path.join(root, "public"), path.join(standalone, "public"), { recursive: true });

/**
 * Runs the standalone server (or `command`); resolves with its process once /api/health answers
 * as `ready` wants (200 by default), or rejects when it exits.
 */
function startApp(
  env,
  {
    expectExit = false,
    command = [path.join(standalone, "server.js")],
    cwd = standalone,
    ready = (status) => status === 200,
  } = {},
) {
  const child = spawn(process.execPath, command, {
    cwd,
    // Only what a host would set: nothing of this shell's settings leaks in.
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.on("exit", (code) => resolve(code)));
  if (expectExit) {
    // Boot runs at start (src/instrumentation.ts); a request makes sure, and 30 s bound the wait.
    const poke = setTimeout(() => fetch(`http://127.0.0.1:${port}/api/health`).catch(() => {}), 2000);
    const limit = setTimeout(() => child.kill("SIGKILL"), 30_000);
    return exited.then((code) => {
      clearTimeout(poke);
      clearTimeout(limit);
      return { code, output };
    });
  }
  return new Promise((resolve, reject) => {
    let done = false;
    exited.then((code) => {
      if (!done) reject(new Error(`the app exited (${code}) before it answered:\n${output.slice(-3000)}`));
    });
    (async () => {
      for (let i = 0; i < 240 && !done; i++) {
        const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
          .then((res) => ready(res.status))
          .catch(() => false);
        if (ok) {
          done = true;
          return resolve({ child, output: () => output });
        }
        await new Promise((r) => setTimeout(r, 250));
      }
      if (!done) {
        done = true;
        child.kill("SIGTERM");
        reject(new Error(`the app did not answer /api/health as expected in 60 s:\n${output.slice(-3000)}`));
      }
    })();
  });
}

/**
 * A reverse proxy as a load balancer or a serverless edge is: it appends the address it saw to
 * X-Forwarded-For. Each simulated client names "the address it saw" in x-smoke-client (the
 * proxy drops that header), so many clients can come from this one machine.
 */
function startProxy() {
  const server = http.createServer((req, res) => {
    const headers = { ...req.headers };
    const client = headers["x-smoke-client"] ?? req.socket.remoteAddress;
    delete headers["x-smoke-client"];
    headers["x-forwarded-for"] = headers["x-forwarded-for"] ? `${headers["x-forwarded-for"]}, ${client}` : client;
    const upstream = http.request({ host: "127.0.0.1", port, method: req.method, path: req.url, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", (error) => {
      if (!res.headersSent) res.writeHead(502);
      res.end(String(error));
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(proxyPort, "127.0.0.1", () => resolve(server)));
}

/** One simulated client: its address (as the proxy sees it) and its session cookie. */
function client(address) {
  let cookie = "";
  async function call(method, route, { body, headers = {} } = {}) {
    const res = await fetch(`${base}${route}`, {
      method,
      headers: {
        "x-smoke-client": address,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const session = res.headers.get("set-cookie")?.match(/((?:__Secure-)?aula\.session=[^;]*)/);
    if (session) cookie = session[1];
    return res;
  }
  return {
    address,
    get: (route, options) => call("GET", route, options),
    post: (route, body, options) => call("POST", route, { ...options, body }),
    /** A page as a browser asks for it, its redirect not followed. */
    page: (route, language = "pt") =>
      fetch(`${base}${route}`, {
        redirect: "manual",
        headers: { "x-smoke-client": address, cookie: [cookie, `NEXT_LOCALE=${language}`].filter(Boolean).join("; ") },
      }),
    /** The session token the client holds (the cookie's value). */
    token: () => cookie.split("=")[1] ?? "",
  };
}

async function json(res, expected, what) {
  const text = await res.text();
  check(res.status === expected, `${what}: expected ${expected}, got ${res.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text);
}

/** An NDJSON stream's lines, checked to end with `done`. */
async function stream(res, what) {
  const text = await res.text();
  check(res.ok, `${what}: ${res.status}: ${text.slice(0, 500)}`);
  const events = text
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
  const done = events.find((event) => event.type === "done");
  check(done, `${what}: no done line: ${text.slice(-500)}`);
  return done;
}

async function failsWithoutDatabase() {
  step("serverless without DATABASE_URL: the start must fail, naming it");
  const { code, output } = await startApp({ PORT: String(port), AULA_SERVERLESS: "1" }, { expectExit: true });
  check(code !== 0, `the app started without DATABASE_URL on a serverless host:\n${output}`);
  check(
    /Invalid setting DATABASE_URL: must be set on a serverless host/.test(output),
    `no line naming DATABASE_URL:\n${output}`,
  );
}

async function separateBuckets() {
  step("rate limits: one client's failed sign-ins do not refuse another's");
  const owner = client("198.51.100.10");
  const account = { email: `buckets-${randomBytes(4).toString("hex")}@smoke.test`, password: "smoke-password-1" };
  await json(await owner.post("/api/signup", { ...account, mName: "Buckets" }), 201, "sign-up");
  const guesser = client("198.51.100.66");
  for (let i = 0; i < 10; i++) {
    // Each guess forges another address in X-Forwarded-For and x-aula-peer: the proxy's entry still counts.
    const forged = { "x-forwarded-for": `10.66.0.${i}`, "x-aula-peer": `10.67.0.${i}` };
    const res = await guesser.post(
      "/api/signin",
      { email: account.email, password: `guess-${i}-xxxx` },
      { headers: forged },
    );
    await json(res, 401, `guess ${i}`);
  }
  const refused = await guesser.post("/api/signin", account, { headers: { "x-aula-peer": "10.67.1.1" } });
  await json(refused, 429, "the guesser, past 10 failures");
  await json(await owner.post("/api/signin", account), 200, "the owner, from another address");
}

async function learnerFlow() {
  step("smoke flow: sign up");
  const learner = client("198.51.100.20");
  const email = `learner-${randomBytes(4).toString("hex")}@smoke.test`;
  await json(
    await learner.post("/api/signup", { email, mName: "Smoke", password: "smoke-password-1" }),
    201,
    "sign-up",
  );

  step("outline (stream) and course");
  const form = {
    topic: "Photosynthesis",
    subtopics: ["Light reactions"],
    topicsLimit: "4",
    courseType: "Text & Image Course",
    language: "English",
  };
  const outline = await stream(await learner.post("/api/prompt/stream", form), "outline stream");
  const created = await json(
    await learner.post(
      "/api/course",
      {
        mainTopic: form.topic,
        type: form.courseType,
        lang: form.language,
        content: outline.generatedText,
        outlineId: outline.outlineId,
      },
      { headers: { "idempotency-key": randomBytes(12).toString("hex") } },
    ),
    201,
    "course",
  );
  const courseId = created.courseId;

  step("course page and a lesson (stream)");
  const viewer = await learner.get(`/course/${courseId}`);
  const page = await viewer.text();
  check(viewer.status === 200, `course page: ${viewer.status}`);
  const lessonIds = [...new Set([...page.matchAll(/data-lesson-id="([0-9a-f-]{36})"/g)].map((m) => m[1]))];
  check(lessonIds.length > 1, `course page lists ${lessonIds.length} lessons`);
  // The first lesson was written with the course; the second is written now, through the stream.
  for (const lessonId of lessonIds.slice(0, 2)) {
    const lesson = await stream(await learner.post("/api/lesson/stream", { courseId, lessonId }), "lesson stream");
    check(lesson.lesson?.theory?.length > 0, `the lesson has no text: ${JSON.stringify(lesson).slice(0, 300)}`);
  }

  step("chat (stream)");
  const answer = await stream(
    await learner.post("/api/chat/stream", { courseId, message: "What is chlorophyll?", lessonId: lessonIds[0] }),
    "chat stream",
  );
  check(typeof answer === "object", "chat answered nothing");

  step("quiz: serve and submit");
  const served = await json(await learner.post("/api/aiexam", { courseId }), 200, "quiz");
  const questions = JSON.parse(served.message);
  check(questions.length > 0, "the quiz has no questions");
  const graded = await json(
    await learner.post("/api/quiz/submit", {
      courseId,
      attemptId: served.attemptId,
      answers: questions.map(() => "a"),
    }),
    200,
    "quiz submit",
  );
  check(graded.results?.length === questions.length, "the quiz was not graded question by question");

  step("export: Markdown");
  const markdown = await learner.get(`/api/courses/${courseId}/export?format=md`);
  const zip = new Uint8Array(await markdown.arrayBuffer());
  check(markdown.status === 200, `Markdown export: ${markdown.status} ${Buffer.from(zip.subarray(0, 200))}`);
  // A zip: the course as Markdown beside its pictures.
  const files = unzipSync(zip);
  const texts = Object.entries(files).filter(([name]) => name.endsWith(".md"));
  check(
    texts.some(([, bytes]) => strFromU8(bytes).includes("Photosynthesis")),
    `no Markdown file with the course in the export: ${Object.keys(files).join(", ")}`,
  );

  if (chromium) {
    step(`export: PDF (Chromium at ${chromium})`);
    const pdf = await learner.get(`/api/courses/${courseId}/export?format=pdf`);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    check(
      pdf.status === 200 && bytes.subarray(0, 5).toString() === "%PDF-",
      `PDF export: ${pdf.status} ${bytes.subarray(0, 200)}`,
    );
  } else {
    step("export: PDF skipped (no Chromium at CHROMIUM_PATH or /usr/bin/chromium)");
  }
  return { learner, courseId, lessonIds };
}

/**
 * The app's ways to its database, which the smoke opens and closes: `pooled` leads to PgBouncer
 * (DATABASE_URL), `direct` to the server (DATABASE_DIRECT_URL, for the migrations' lock). Closed,
 * nothing listens there and the open connections are cut: the database cannot be reached at all.
 */
function databaseDoors(targets) {
  const sockets = new Set();
  let servers = [];
  const open = () =>
    Promise.all(
      Object.entries(targets).map(
        ([name, target]) =>
          new Promise((resolve, reject) => {
            const server = net.createServer((inbound) => {
              const outbound = net.connect(target.port, target.host);
              sockets.add(inbound).add(outbound);
              const drop = () => {
                inbound.destroy();
                outbound.destroy();
                sockets.delete(inbound);
                sockets.delete(outbound);
              };
              for (const socket of [inbound, outbound]) socket.on("error", drop).on("close", drop);
              inbound.pipe(outbound).pipe(inbound);
            });
            server.once("error", reject);
            server.listen(doors[name], "127.0.0.1", () => resolve(server));
          }),
      ),
    ).then((opened) => {
      servers = opened;
    });
  const close = async () => {
    const closing = servers.map((server) => new Promise((resolve) => server.close(resolve)));
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    await Promise.all(closing);
    servers = [];
  };
  return { open, close };
}

/** Asks `probe` until `done` holds, every 200 ms, within `seconds`; resolves with its last answer. */
async function until(probe, done, seconds, what) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const answer = await probe();
    if (await done(answer)) return answer;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${seconds} s (last: ${answer.status})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** While the database cannot be reached: health and the API answer 503 JSON, pages the outage page, each within 3 s. */
async function answersTheOutage(who) {
  const visitor = client("198.51.100.40");
  const timed = async (work) => {
    const started = performance.now();
    const res = await work();
    const ms = performance.now() - started;
    check(ms < 3_000, `${who}: an answer took ${Math.round(ms)} ms`);
    return res;
  };
  const health = await timed(() => visitor.get("/api/health"));
  const healthBody = await json(health, 503, `${who}: health`);
  check(
    healthBody.status === "error" && healthBody.database === "down",
    `${who}: health said ${JSON.stringify(healthBody)}`,
  );
  const signup = await timed(() =>
    visitor.post("/api/signup", { email: "down@smoke.test", mName: "Down", password: "smoke-password-1" }),
  );
  const body = await json(signup, 503, `${who}: sign-up`);
  check(body.code === "db:unavailable", `${who}: sign-up said ${JSON.stringify(body)}`);
  check(signup.headers.get("retry-after") === "5", `${who}: sign-up without Retry-After: 5`);
  for (const [route, language, lang] of [
    ["/", "pt", "pt-BR"],
    ["/dashboard", "en", "en"],
  ]) {
    const page = await timed(() => visitor.page(route, language));
    const html = await page.text();
    check(page.status === 503, `${who}: page ${route} answered ${page.status}: ${html.slice(0, 300)}`);
    check(
      html.includes(`<html lang="${lang}">`),
      `${who}: page ${route} is not the outage page in ${lang}: ${html.slice(0, 300)}`,
    );
  }
}

/** What the page smoke needs that the learner flow did not make: notes, a source, a share link; and the admin. */
/**
 * "Write all lessons" on the build itself, inline (the serverless job mode): every lesson is
 * written, none is failed. A deferral thrown by one bundle's copy of the jobs engine and caught by
 * another's once failed lessons at once here (decision 030); each finished job also starts the
 * next in its own after(), so the batch ends without the cron.
 */
async function writeAll({ learner, courseId }) {
  step("write all lessons (inline jobs, no cron): every lesson written, none failed");
  const queued = await json(await learner.post(`/api/courses/${courseId}/write-all`, {}), 202, "write all");
  check(queued.queued > 0, `write all queued nothing: ${JSON.stringify(queued)}`);
  const deadline = Date.now() + 180_000;
  let progress;
  for (;;) {
    progress = await json(await learner.get(`/api/courses/${courseId}/progress`), 200, "write-all progress");
    if (progress.failed > 0 || progress.written === progress.total) break;
    check(Date.now() < deadline, `write all: not done within 180 s: ${JSON.stringify(progress)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  check(progress.failed === 0, `write all failed lessons: ${JSON.stringify(progress)}`);
  check(progress.written === progress.total, `write all left lessons: ${JSON.stringify(progress)}`);
  step(`  ${progress.written} of ${progress.total} lessons written, none failed`);
}

async function pageSmokeData({ learner, courseId }) {
  step("page smoke data: notes, a source, a share link, review cards, the admin");
  await json(
    await learner.post("/api/savenotes", { course: courseId, notes: "<p>Chlorophyll absorbs light.</p>" }),
    200,
    "notes",
  );
  const { shareId } = await json(await learner.post(`/api/courses/${courseId}/share`, {}), 200, "share");
  const { sourceId } = await json(
    await learner.post("/api/sources", {
      title: "Leaves",
      text: "Chlorophyll absorbs red and blue light and reflects green. ".repeat(20),
      courseId,
    }),
    202,
    "source",
  );
  await until(
    async () => {
      const res = await learner.get(`/api/sources/${sourceId}`);
      return { status: res.status, body: await res.json() };
    },
    (answer) => {
      check(answer.body.status !== "failed", `the source failed: ${JSON.stringify(answer.body)}`);
      return answer.body.status === "ready";
    },
    60,
    "the source is read",
  );
  const { cards } = await json(await learner.get(`/api/review/cards?courseId=${courseId}`), 200, "review cards");
  check(cards.length > 0, "the quiz attempt made no review cards");
  const admin = client("198.51.100.30");
  await json(
    await admin.post("/api/signin", { email: "admin@smoke.test", password: "smoke-admin-password" }),
    200,
    "admin sign-in",
  );
  const posts = await json(await admin.get("/api/getblogs"), 200, "blog posts");
  const postId = posts[0]?._id;
  check(postId, `no blog post to open: ${JSON.stringify(posts).slice(0, 300)}`);
  // A teacher (made an admin, which grants a paid plan) and a class the learner joins: its pages
  // as teacher and as learner.
  const teacher = client("198.51.100.31");
  const teacherEmail = `teacher-${randomBytes(4).toString("hex")}@smoke.test`;
  await json(
    await teacher.post("/api/signup", { email: teacherEmail, mName: "Teacher", password: "smoke-password-1" }),
    201,
    "teacher sign-up",
  );
  await json(await admin.post("/api/addadmin", { email: teacherEmail }), 200, "the teacher's plan");
  const made = await json(await teacher.post("/api/classes", { name: "Smoke class" }), 201, "a class");
  await json(await learner.post("/api/classes/join", { code: made.joinCode }), 200, "joining the class");
  return { admin, teacher, shareId, postId, classId: made.id, joinCode: made.joinCode };
}

/** Every server-rendered page, signed out, as the learner and as the admin: no 5xx. */
async function everyPage(flow) {
  const { admin, teacher, shareId, postId, classId, joinCode } = await pageSmokeData(flow);
  const { learner, courseId, lessonIds } = flow;
  // The learner's course's first topic: the topic rewrite's page.
  const outline = await json(await learner.get(`/api/courses/${courseId}/outline`), 200, "the course's outline");
  step("page smoke: every server-rendered page, signed out, as the learner, the admin and a teacher");
  const visitor = client("198.51.100.41");
  const started = performance.now();
  const count = await smokePages({
    appRoot: root,
    base,
    visitors: {
      "signed out": (route) => visitor.page(route, "pt"),
      learner: (route) => learner.page(route, "en"),
      admin: (route) => admin.page(route, "pt"),
      teacher: (route) => teacher.page(route, "en"),
    },
    values: {
      courseId,
      id: postId,
      token: "x".repeat(43),
      planId: "monthly",
      publicId: "AbCdEfGhIjKlMnOpQrStUv",
      missing: "no-such-page",
      classId,
      code: joinCode,
      lessonId: lessonIds[0],
      topicId: outline.topics[0].id,
    },
    extra: [
      `/course/${courseId}?lesson=${lessonIds[1]}`,
      `/course/${courseId}/quiz?retest=1`,
      `/dashboard/review?course=${courseId}`,
      `/dashboard/classes/${classId}?sort=progress`,
      `/shareable?id=${shareId}`,
      "/dashboard/profile?tab=billing",
      "/payment-pending?sub=smoke&plan=monthly",
      "/login?callbackUrl=/dashboard",
    ],
  });
  step(`page smoke: ${count} pages answered in ${((performance.now() - started) / 1000).toFixed(1)} s, none 5xx`);
}

/**
 * The database lost under the running app, and back. Right after it goes, a page whose proxy
 * still holds "reachable" (it keeps that a second) renders and fails: Next's 500, whose error
 * line must still be the logger's. Then pages get the outage page and the API 503; after, all is
 * as before, without a restart.
 */
async function lostAndBack(database, learner, appOutput) {
  step("database lost under the app: 503 and the outage page, then back");
  const before = appOutput().length;
  await new Promise((resolve) => setTimeout(resolve, 1_100)); // the proxy's last answer goes stale
  check((await learner.page("/dashboard", "en")).status === 200, "the dashboard before the outage");
  await database.close();
  const raced = await learner.page("/dashboard", "en");
  await raced.arrayBuffer();
  try {
    await until(
      () => learner.page("/dashboard", "en"),
      (res) => res.arrayBuffer().then(() => res.status === 503),
      10,
      "the outage page",
    );
    await answersTheOutage("lost");
  } finally {
    await database.open();
  }
  await until(
    () => learner.get("/api/health"),
    (res) => res.arrayBuffer().then(() => res.ok),
    30,
    "health after the outage",
  );
  await until(
    () => learner.page("/dashboard", "en"),
    (res) => res.arrayBuffer().then(() => res.status === 200),
    30,
    "the dashboard after the outage",
  );
  if (raced.status === 500) {
    const lines = appOutput().slice(before);
    check(
      /"level":50[^\n]*"msg":"[^"]*Failed query/.test(lines),
      `Next's error line for the failed page is not the logger's:\n${lines.slice(-2000)}`,
    );
  }
  step(`  the page asked at once answered ${raced.status} (500 while its render had begun, else the outage page)`);
}

/** Every line the app wrote is a JSON line, bar Next's start banner, and none holds the session token or its SHA-256. */
function outputIsClean(output, tokens) {
  const banner = /^\s*(▲ Next\.js|- (Local|Network|Environments|Experiments)|✓ (Starting|Ready|Running)|$)/;
  const plain = output.split("\n").filter((line) => !banner.test(line) && !line.startsWith("{"));
  check(plain.length === 0, `the app wrote lines that are not the logger's:\n${plain.slice(0, 10).join("\n")}`);
  for (const token of tokens) {
    const hash = createHash("sha256").update(token).digest("hex");
    check(!output.includes(token), "the app's output holds a session token");
    check(!output.includes(hash), "the app's output holds a session token's SHA-256");
  }
}

/** A POST from a chosen loopback address (127.0.0.x), straight to the app: the socket is the client. */
function postFrom(localAddress, route, body, headers = {}) {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: route,
        method: "POST",
        localAddress,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(data), ...headers },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode));
      },
    );
    req.on("error", reject);
    req.end(data);
  });
}

/**
 * The same build under scripts/server.mjs (`npm start`): the app must still believe the socket's
 * address it stamps (its process mark), so two loopback addresses are two clients.
 */
async function peerStampingStillCounts(env) {
  step("the same build under scripts/server.mjs: the socket's address still counts");
  const app = await startApp(
    { ...env, TRUST_PROXY: "false", AULA_SERVERLESS: "" },
    { command: [path.join(root, "scripts", "server.mjs"), "-p", String(port)], cwd: root },
  );
  try {
    const account = { email: `stamped-${randomBytes(4).toString("hex")}@smoke.test`, password: "smoke-password-1" };
    check((await postFrom("127.0.0.3", "/api/signup", { ...account, mName: "Stamped" })) === 201, "sign-up");
    for (let i = 0; i < 10; i++) {
      const forged = { "x-forwarded-for": `10.68.0.${i}`, "x-aula-peer": `10.69.0.${i}` };
      const status = await postFrom("127.0.0.2", "/api/signin", { ...account, password: `guess-${i}-xxxx` }, forged);
      check(status === 401, `guess ${i} from 127.0.0.2: ${status}`);
    }
    check((await postFrom("127.0.0.2", "/api/signin", account)) === 429, "127.0.0.2 past 10 failures was not refused");
    check((await postFrom("127.0.0.3", "/api/signin", account)) === 200, "127.0.0.3 was refused with 127.0.0.2");
  } finally {
    app.child.kill("SIGTERM");
    await new Promise((resolve) => app.child.once("exit", resolve));
  }
}

const databaseName = `aula_standalone_${randomBytes(5).toString("hex")}`;
const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database ${databaseName}`);
const directUrl = new URL(serverUrl);
directUrl.pathname = `/${databaseName}`;

/** PgBouncer in transaction mode in front of the server, unless STANDALONE_DIRECT=1. */
function startPooler() {
  if (process.env.STANDALONE_DIRECT === "1") return { url: directUrl.toString(), stop: () => {} };
  const script = path.join(root, ".ci", "pgbouncer.sh");
  let started;
  try {
    started = execFileSync("bash", [script, "start", serverUrl], { encoding: "utf8" });
  } catch (error) {
    fail(`PgBouncer did not start (install Debian's pgbouncer, or set STANDALONE_DIRECT=1): ${error.message}`);
  }
  const settings = Object.fromEntries(
    [...started.matchAll(/export (\w+)=(\S+)/g)].map(([, key, value]) => [key, value]),
  );
  return {
    url: settings.PGBOUNCER_URL,
    stop: () => execFileSync("bash", [script, "stop", settings.PGBOUNCER_DIR]),
  };
}

/** The URL through one of the smoke's doors, to `databaseName`. */
function through(door, query = "") {
  const url = new URL(directUrl);
  url.hostname = "127.0.0.1";
  url.port = String(doors[door]);
  return `${url}${query}`;
}

let fakes;
let app;
let proxy;
let pooler;
let database;
let failed = false;
try {
  await failsWithoutDatabase();
  pooler = startPooler();
  const pooled = new URL(pooler.url);
  database = databaseDoors({
    pooled: { host: pooled.hostname, port: Number(pooled.port) },
    direct: { host: directUrl.hostname, port: Number(directUrl.port || 5432) },
  });
  fakes = await startFakes({ FAKES_BASE_PORT: String(port + 10) });
  const settings = {
    ...fakes.env,
    PORT: String(port),
    HOSTNAME: "127.0.0.1",
    APP_URL: base,
    // As a deployer behind PgBouncer writes it: the marker turns prepared statements off.
    DATABASE_URL: through("pooled", process.env.STANDALONE_DIRECT === "1" ? "" : "?pgbouncer=true"),
    DATABASE_DIRECT_URL: through("direct"),
    ...(process.env.STANDALONE_DIRECT === "1" ? { DATABASE_PREPARE: "false" } : {}),
    DATABASE_POOL_MAX: "2",
    AULA_SERVERLESS: "1",
    TRUST_PROXY: "1",
    ADMIN_EMAIL: "admin@smoke.test",
    ADMIN_PASSWORD: "smoke-admin-password",
    LOG_LEVEL: "warn",
    OLLAMA_BASE_URL: "http://127.0.0.1:9",
    AI_RETRY_BASE_MS: "50",
    ...(chromium ? { CHROMIUM_PATH: chromium } : {}),
  };
  step(
    `starting node .next/standalone/server.js while its database cannot be reached (${process.env.STANDALONE_DIRECT === "1" ? "direct" : "through PgBouncer, transaction mode"})`,
  );
  app = await startApp(settings, { ready: (status) => status === 503 });
  proxy = await startProxy();
  await answersTheOutage("at start");
  step("the database can be reached: the same process migrates and serves");
  await database.open();
  await until(
    () => fetch(`${base}/api/health`),
    (res) => res.arrayBuffer().then(() => res.ok),
    60,
    "health once reachable",
  );
  await separateBuckets();
  const flow = await learnerFlow();
  await everyPage(flow);
  await writeAll(flow);
  await lostAndBack(database, flow.learner, app.output);
  outputIsClean(app.output(), [flow.learner.token()]);
  // DATABASE_POOL_MAX=2 reached postgres.js: no more server connections than that (PgBouncer opens
  // one per transaction in flight). A backend whose transaction the outage above cut may take a
  // moment to end after PgBouncer drops it, so the count is asked until it settles (10 s at most).
  const serverConnections = async () => {
    const [{ n }] = await admin.unsafe(
      `select count(*)::int as n from pg_stat_activity where datname = '${databaseName}' and pid <> pg_backend_pid()`,
    );
    return { status: `${n} connections`, n };
  };
  await until(serverConnections, (answer) => answer.n <= 2, 10, "at most 2 connections with DATABASE_POOL_MAX=2");
  app.child.kill("SIGTERM");
  await new Promise((resolve) => app.child.once("exit", resolve));
  app = undefined;
  await peerStampingStillCounts(settings);
  step(`passed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} catch (error) {
  failed = true;
  console.error(`standalone smoke FAILED: ${error.message}`);
  if (app) {
    const saved = path.join(os.tmpdir(), `aula-standalone-${process.pid}.log`);
    writeFileSync(saved, app.output());
    console.error(`--- the app's output (all of it in ${saved}) ---\n${app.output().slice(-4000)}`);
  }
} finally {
  proxy?.close();
  app?.child.kill("SIGTERM");
  fakes?.child.kill("SIGTERM");
  await database?.close().catch(() => {});
  await new Promise((r) => setTimeout(r, 500));
  try {
    pooler?.stop();
  } catch {
    // a pooler that will not stop is gone with its folder
  }
  await admin.unsafe(`drop database if exists ${databaseName} with (force)`).catch(() => {});
  await admin.end({ timeout: 5 });
  rmSync(path.join(standalone, ".data"), { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
