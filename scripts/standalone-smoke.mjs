#!/usr/bin/env node
/**
 * `npm run test:standalone`: the app as a serverless host or the Dockerfile runs it, after
 * `next build`: `node .next/standalone/server.js` (no scripts/server.mjs, so no stamped client
 * address), on a fresh PostgreSQL database with prepared statements off and two connections, the
 * fake model and media servers, and a small proxy in front that writes X-Forwarded-For for each
 * simulated client (TRUST_PROXY=1). Checks, over HTTP through that proxy:
 *
 * - without DATABASE_URL on a serverless host (AULA_SERVERLESS=1) the start fails, naming it;
 * - two clients get separate rate-limit buckets, and a client's own X-Forwarded-For or
 *   x-aula-peer does not move it to another;
 * - sign up, outline, course, a lesson (stream), chat, quiz (serve and submit), Markdown export,
 *   and PDF export when a Chromium is at CHROMIUM_PATH or /usr/bin/chromium.
 *
 * Needs a PostgreSQL server: STANDALONE_DATABASE_URL, else PG_CLUSTER_URL (what CI exports), else
 * TEST_DATABASE_URL; it creates and drops its own database there. STANDALONE_PORT (default 3700):
 * the app; +1 the proxy; +10… the fakes. Exits non-zero on the first failure.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, rmSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { strFromU8, unzipSync } from "fflate";
import postgres from "postgres";
import { root, startFakes } from "./with-fakes.mjs";

const started = performance.now();
const port = Number(process.env.STANDALONE_PORT ?? 3700);
const proxyPort = port + 1;
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

/** Runs the standalone server (or `command`); resolves with its process once /api/health answers 200, or rejects when it exits. */
function startApp(env, { expectExit = false, command = [path.join(standalone, "server.js")], cwd = standalone } = {}) {
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
          .then((res) => res.ok)
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
        reject(new Error(`the app did not answer /api/health in 60 s:\n${output.slice(-3000)}`));
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
const databaseUrl = new URL(serverUrl);
databaseUrl.pathname = `/${databaseName}`;

let fakes;
let app;
let proxy;
let failed = false;
try {
  await failsWithoutDatabase();
  fakes = await startFakes({ FAKES_BASE_PORT: String(port + 10) });
  step("starting node .next/standalone/server.js");
  const settings = {
    ...fakes.env,
    PORT: String(port),
    HOSTNAME: "127.0.0.1",
    APP_URL: base,
    DATABASE_URL: databaseUrl.toString(),
    DATABASE_PREPARE: "false",
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
  app = await startApp(settings);
  proxy = await startProxy();
  await separateBuckets();
  await learnerFlow();
  // Nothing prepared on the app's connections (DATABASE_PREPARE=false reached postgres.js).
  const [{ n }] = await admin.unsafe(
    `select count(*)::int as n from pg_stat_activity where datname = '${databaseName}' and pid <> pg_backend_pid()`,
  );
  check(n <= 2, `the app holds ${n} connections with DATABASE_POOL_MAX=2`);
  app.child.kill("SIGTERM");
  await new Promise((resolve) => app.child.once("exit", resolve));
  app = undefined;
  await peerStampingStillCounts(settings);
  step(`passed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} catch (error) {
  failed = true;
  console.error(`standalone smoke FAILED: ${error.message}`);
  if (app) console.error(`--- the app's output ---\n${app.output().slice(-4000)}`);
} finally {
  proxy?.close();
  app?.child.kill("SIGTERM");
  fakes?.child.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 500));
  await admin.unsafe(`drop database if exists ${databaseName} with (force)`).catch(() => {});
  await admin.end({ timeout: 5 });
  rmSync(path.join(standalone, ".data"), { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
