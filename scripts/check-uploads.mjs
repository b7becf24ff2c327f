#!/usr/bin/env node
/**
 * `npm run test:uploads`, after `npx next build`: one upload cannot stall or exhaust the server
 * (issue 32 item 1), checked on the production build as a deployer runs it. Each hostile file is
 * made here (tests/fakes/hostile-documents.mjs) and sent over HTTP while GET /api/health is asked
 * without pause; no health answer may take 1 s or more while a case is processed.
 *
 * Under `npm start`'s server (scripts/server.mjs, PGlite, the fake model): a PPTX of unclosed
 * `<a:p `, a TXT with a run of 300,000 spaces, the Free maximum of pasted text and of Markdown,
 * the 98 kB PDF holding 100 MB of text (alone, then two at once), a good 397-page PDF, a web page
 * nested 50,000 deep, a zip whose entries share their bytes, an address that does not resolve,
 * the hourly limit (429 with Retry-After), a paid user's material without a course, and another
 * user's course's list (404). Then under `node .next/standalone/server.js`: the reading worker is
 * found there too (a PDF read, the PDF bomb refused).
 *
 * UPLOADS_PORT (default 3760) is the app's port; +10… the fakes, +30 the web page's server.
 * UPLOADS_HEALTH_LIMIT_MS (default 1000) is the slowest health answer allowed.
 * Prints each case with its health figures beside the idle floor and the server's peak memory;
 * exits 1 on the first case that fails.
 */
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import {
  bracketMarkdown,
  deepHtml,
  freeMaximumText,
  overlappingZip,
  pdfBomb,
  spaceRunText,
  unclosedParagraphsPptx,
} from "../tests/fakes/hostile-documents.mjs";
import { makePdf, makePptx } from "../tests/fakes/source-documents.mjs";
import { longPdf } from "./grounding-set.mjs";
import { root, startFakes } from "./with-fakes.mjs";

const PORT = Number(process.env.UPLOADS_PORT ?? 3760);
const BASE = `http://127.0.0.1:${PORT}`;
const SITE_PORT = PORT + 30;
/** The issue's bound. UPLOADS_HEALTH_LIMIT_MS raises it on a machine shared with other work (the idle floor is printed beside it). */
const HEALTH_LIMIT_MS = Number(process.env.UPLOADS_HEALTH_LIMIT_MS ?? 1000);
const PASSWORD = "uploads-password-1";
const PAID = ["paid-a@uploads.test", "paid-b@uploads.test", "paid-c@uploads.test", "paid-d@uploads.test"];
/** The paid bound this run uses for a course and for material without one (PAID_SOURCES_PER_COURSE). */
const PAID_SOURCES = 5;

const started = performance.now();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const say = (text) => console.log(`[${((performance.now() - started) / 1000).toFixed(1)} s] ${text}`);
const cleanups = [];
const cleanup = async () => {
  while (cleanups.length) await Promise.resolve(cleanups.pop()()).catch(() => {});
};
process.on("SIGINT", () => void cleanup().then(() => process.exit(130)));

function check(condition, message) {
  if (!condition) throw new Error(message);
}

if (!existsSync(path.join(root, ".next", "BUILD_ID"))) {
  console.error("check-uploads: no production build: run `npx next build` first");
  process.exit(1);
}

// ---- the app -----------------------------------------------------------------------------

/** Paid accounts, written into the PGlite folder before the app opens it (no payment is made here). */
async function seedPaid(dataDir) {
  const { hash } = await import("@node-rs/argon2");
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  const dir = path.join(dataDir, "pglite");
  mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, { extensions: { pg_trgm, unaccent } });
  await migrate(drizzle(client), { migrationsFolder: path.join(root, "drizzle") });
  const passwordHash = await hash(PASSWORD);
  for (const email of PAID)
    await client.query("insert into users (email, name, password_hash, plan) values ($1, 'Paid', $2, 'monthly')", [
      email,
      passwordHash,
    ]);
  await client.close();
}

/** Starts a server (command, cwd) on PORT and resolves once /api/health answers 200. */
async function startApp(command, cwd, env) {
  const child = spawn(process.execPath, command, {
    cwd,
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
  child.stdout.on("data", (chunk) => (output = (output + chunk).slice(-20_000)));
  child.stderr.on("data", (chunk) => (output = (output + chunk).slice(-20_000)));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  cleanups.push(async () => {
    child.kill("SIGTERM");
    await Promise.race([exited, sleep(10_000)]);
  });
  for (let i = 0; i < 480; i++) {
    if (child.exitCode !== null) throw new Error(`the app exited (${child.exitCode}):\n${output}`);
    const ok = await fetch(`${BASE}/api/health`)
      .then((res) => res.ok)
      .catch(() => false);
    if (ok)
      return {
        child,
        output: () => output,
        stop: () => (child.kill("SIGTERM"), Promise.race([exited, sleep(10_000)])),
      };
    await sleep(250);
  }
  throw new Error(`the app did not answer /api/health in 2 minutes:\n${output}`);
}

/** The process's resident memory now, in MB (Linux), or null. */
function rssMb(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
    return line ? Number(line[1]) / 1024 : null;
  } catch {
    return null;
  }
}

// ---- HTTP ---------------------------------------------------------------------------------

function client() {
  let cookie = "";
  async function call(method, route, { json, form, headers = {} } = {}) {
    const res = await fetch(`${BASE}${route}`, {
      method,
      headers: {
        origin: BASE,
        ...(json === undefined ? {} : { "content-type": "application/json" }),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      body: json === undefined ? form : JSON.stringify(json),
    });
    const session = res.headers.get("set-cookie")?.match(/((?:__Secure-)?aula\.session=[^;]*)/);
    if (session) cookie = session[1];
    const text = await res.text();
    let body = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = { raw: text.slice(0, 300) };
    }
    return { status: res.status, headers: res.headers, body };
  }
  return {
    get: (route) => call("GET", route),
    post: (route, json, headers) => call("POST", route, { json, headers }),
    upload(name, bytes) {
      const form = new FormData();
      form.set("file", new Blob([new Uint8Array(bytes)]), name);
      return call("POST", "/api/sources", { form });
    },
  };
}

let accounts = 0;
async function freeUser() {
  const user = client();
  const email = `free-${++accounts}-${Date.now().toString(36)}@uploads.test`;
  const res = await user.post("/api/signup", { email, mName: "Free", password: PASSWORD });
  check(res.status === 201, `sign-up: ${res.status} ${JSON.stringify(res.body)}`);
  return user;
}

async function paidUser(email) {
  const user = client();
  const res = await user.post("/api/signin", { email, password: PASSWORD });
  check(res.status === 200, `sign-in ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return user;
}

/** Waits until the source is no longer processing; answers it as GET /api/sources/{id} tells. */
async function settled(user, sourceId, limitMs = 180_000) {
  const until = Date.now() + limitMs;
  for (;;) {
    const res = await user.get(`/api/sources/${sourceId}`);
    if (res.body.status !== "processing") return res.body;
    if (Date.now() > until) throw new Error(`source ${sourceId} still processing after ${limitMs / 1000} s`);
    // As often as the sources panel asks (every second), so the check adds no load of its own.
    await sleep(1000);
  }
}

// ---- health beside each case --------------------------------------------------------------

/** GET /api/health one after another until stopped: each answer's time (a probe that fails or takes 5 s counts as 5 s). */
function probeHealth() {
  const samples = [];
  let stop = false;
  const loop = (async () => {
    while (!stop) {
      const t0 = performance.now();
      const ok = await fetch(`${BASE}/api/health`, { signal: AbortSignal.timeout(5000) })
        .then((res) => res.ok)
        .catch(() => false);
      samples.push(ok ? performance.now() - t0 : 5000);
      await sleep(20);
    }
  })();
  return async () => {
    stop = true;
    await loop;
    return samples;
  };
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

const results = [];
let floor = { p50: 0, max: 0 };

/** Runs `work` with health probed beside it and the server's memory sampled; records the case. */
async function underProbe(name, pid, work) {
  const baseline = rssMb(pid);
  let peak = baseline ?? 0;
  const memory = setInterval(() => (peak = Math.max(peak, rssMb(pid) ?? 0)), 50);
  const stop = probeHealth();
  const t0 = performance.now();
  let outcome;
  try {
    outcome = await work();
  } finally {
    clearInterval(memory);
  }
  const ms = performance.now() - t0;
  const samples = await stop();
  const row = {
    name,
    outcome,
    ms,
    health: { n: samples.length, p50: percentile(samples, 50), max: Math.max(...samples) },
    rss: { before: baseline, peak },
  };
  results.push(row);
  say(
    `${name}: ${outcome} in ${(ms / 1000).toFixed(1)} s; health n=${row.health.n} p50 ${row.health.p50.toFixed(0)} ms max ${row.health.max.toFixed(0)} ms; server ${baseline?.toFixed(0)} → peak ${peak.toFixed(0)} MB`,
  );
  check(
    row.health.max < HEALTH_LIMIT_MS,
    `${name}: GET /api/health took ${row.health.max.toFixed(0)} ms (limit ${HEALTH_LIMIT_MS})`,
  );
  return outcome;
}

/** Adds material and waits for it; answers "ready" or the failure's code. */
async function addAndSettle(user, add) {
  const res = await add();
  if (res.status !== 202) return `${res.status} ${res.body.code}`;
  const source = await settled(user, res.body.sourceId);
  return source.status === "failed" ? `failed ${source.error.code}` : `${source.status} (${source.pages} pages)`;
}

function expectOutcome(outcome, expected, name) {
  check(outcome.startsWith(expected), `${name}: expected "${expected}", got "${outcome}"`);
}

// ---- the cases ----------------------------------------------------------------------------

async function hostileFiles(pid) {
  const pptx = unclosedParagraphsPptx();
  let user = await freeUser();
  let outcome = await underProbe(`PPTX of unclosed <a:p (${pptx.length} bytes), Free`, pid, () =>
    addAndSettle(user, () => user.upload("unclosed.pptx", pptx)),
  );
  expectOutcome(outcome, "failed source:unreadable", "unclosed PPTX");

  const paid = await paidUser(PAID[0]);
  outcome = await underProbe("TXT with a run of 300,000 spaces, paid", pid, () =>
    addAndSettle(paid, () => paid.upload("spaces.txt", Buffer.from(spaceRunText(300_000)))),
  );
  expectOutcome(outcome, "ready", "300,000 spaces");

  user = await freeUser();
  const text = freeMaximumText();
  outcome = await underProbe(`Free maximum of pasted text (${text.length} characters)`, pid, () =>
    addAndSettle(user, () => user.post("/api/sources", { text, title: "Rivers" })),
  );
  expectOutcome(outcome, "ready", "Free maximum text");

  user = await freeUser();
  const markdown = bracketMarkdown();
  outcome = await underProbe(`Free maximum of Markdown of unclosed brackets (${markdown.length} characters)`, pid, () =>
    addAndSettle(user, () => user.upload("brackets.md", Buffer.from(markdown))),
  );
  expectOutcome(outcome, "ready", "Free maximum Markdown");

  const bomb = pdfBomb(100_000_000);
  user = await freeUser();
  outcome = await underProbe(
    `PDF of one page holding 100 MB of text (${(bomb.length / 1024).toFixed(0)} kB), Free`,
    pid,
    () => addAndSettle(user, () => user.upload("bomb.pdf", bomb)),
  );
  expectOutcome(outcome, "failed source:unsafe-archive", "PDF bomb");

  const [first, second] = [await freeUser(), await freeUser()];
  outcome = await underProbe("two of those PDFs at once, two Free users", pid, async () => {
    const both = await Promise.all([
      addAndSettle(first, () => first.upload("bomb.pdf", bomb)),
      addAndSettle(second, () => second.upload("bomb.pdf", bomb)),
    ]);
    return both.every((o) => o === both[0]) ? both[0] : both.join(" / ");
  });
  expectOutcome(outcome, "failed source:unsafe-archive", "two PDF bombs");

  const book = longPdf(397);
  const reader = await paidUser(PAID[1]);
  outcome = await underProbe(`a good 397-page PDF (${(book.length / 1024).toFixed(0)} kB), paid`, pid, () =>
    addAndSettle(reader, () => reader.upload("book.pdf", book)),
  );
  expectOutcome(outcome, "ready (397 pages)", "397-page PDF");

  const web = await paidUser(PAID[2]);
  outcome = await underProbe("a web page nested 50,000 elements deep, paid", pid, () =>
    addAndSettle(web, () => web.post("/api/sources", { url: `http://127.0.0.1:${SITE_PORT}/deep` })),
  );
  expectOutcome(outcome, "ready", "deep web page");

  outcome = await underProbe("a DOCX whose 2,000 entries share one entry's bytes", pid, () =>
    addAndSettle(web, () => web.upload("overlapping.docx", overlappingZip(2000))),
  );
  expectOutcome(outcome, "422 source:unsafe-archive", "overlapping zip");
}

async function limits() {
  const user = await freeUser();
  const missing = await user.post("/api/sources", { url: "https://no-such-host.invalid/notes" });
  say(`an address that does not resolve: ${missing.status} ${missing.body.code} "${missing.body.message}"`);
  check(
    missing.status === 422 && missing.body.code === "source:url-unresolved",
    `unresolvable address: ${missing.status} ${missing.body.code}`,
  );

  // 19 more after that one (it counts): refused files count as well.
  for (let i = 2; i <= 20; i++) {
    const res = await user.upload(`sheet-${i}.xlsx`, Buffer.from("PK"));
    check(res.status === 415, `addition ${i}: ${res.status} ${res.body.code}`);
  }
  const limited = await user.upload("one-more.txt", Buffer.from("One more note."));
  const retryAfter = Number(limited.headers.get("retry-after"));
  say(`the 21st addition in an hour: ${limited.status} ${limited.body.code}, Retry-After ${retryAfter} s`);
  check(
    limited.status === 429 && limited.body.code === "source:rate-limited" && retryAfter > 0 && retryAfter <= 3600,
    `the 21st addition: ${limited.status} ${limited.body.code} retry-after ${retryAfter}`,
  );

  const paid = await paidUser(PAID[3]);
  for (let i = 1; i <= PAID_SOURCES; i++) {
    const res = await paid.post("/api/sources", { text: `Notes number ${i} about tides.`, title: `Notes ${i}` });
    check(res.status === 202, `paid addition ${i} without a course: ${res.status} ${res.body.code}`);
  }
  const over = await paid.post("/api/sources", { text: "One note too many.", title: "Too many" });
  say(`a paid user's ${PAID_SOURCES + 1}th source without a course: ${over.status} ${over.body.code}`);
  check(
    over.status === 403 && over.body.code === "source:unattached-limit",
    `unattached: ${over.status} ${over.body.code}`,
  );

  // A course of the paid user (through the fake model); another user listing its material is a 404.
  const form = {
    topic: "Tides",
    subtopics: [],
    topicsLimit: "4",
    courseType: "Text & Image Course",
    language: "English",
  };
  const outline = await paid.post("/api/prompt", form);
  check(outline.status === 200, `outline: ${outline.status} ${JSON.stringify(outline.body).slice(0, 300)}`);
  const course = await paid.post("/api/course", {
    mainTopic: form.topic,
    type: form.courseType,
    lang: form.language,
    content: outline.body.generatedText,
    outlineId: outline.body.outlineId,
  });
  check(course.status === 201, `course: ${course.status} ${JSON.stringify(course.body).slice(0, 300)}`);
  const own = await paid.get(`/api/sources?courseId=${course.body.courseId}`);
  const stranger = await user.get(`/api/sources?courseId=${course.body.courseId}`);
  say(`another user's course's material: ${stranger.status} ${stranger.body.code} (its owner: ${own.status})`);
  check(own.status === 200 && stranger.status === 404, `course list: owner ${own.status}, stranger ${stranger.status}`);
}

/** The standalone output finds its reading worker: a PDF is read, the PDF bomb refused. */
async function standaloneReads(pid) {
  await warmUp();
  const user = await freeUser();
  const pdf = makePdf([["The moon raises the tides twice a day."], ["Spring tides follow the new moon."]]);
  let outcome = await underProbe("standalone: a two-page PDF", pid, () =>
    addAndSettle(user, () => user.upload("tides.pdf", pdf)),
  );
  expectOutcome(outcome, "ready (2 pages)", "standalone PDF");
  const other = await freeUser();
  const bomb = pdfBomb(100_000_000);
  outcome = await underProbe("standalone: the 100 MB PDF bomb", pid, () =>
    addAndSettle(other, () => other.upload("bomb.pdf", bomb)),
  );
  expectOutcome(outcome, "failed source:unsafe-archive", "standalone PDF bomb");
  const deck = await freeUser();
  outcome = await underProbe("standalone: a PPTX", pid, () =>
    addAndSettle(deck, () => deck.upload("deck.pptx", makePptx([{ title: "Tides", lines: ["Twice a day."] }]))),
  );
  expectOutcome(outcome, "ready", "standalone PPTX");
}

/**
 * Each route's modules load on its first request (Next's `preloadEntriesOnStart` is off), on the
 * server's thread: the sources routes are asked once first, so that load is not counted as an upload's.
 */
async function warmUp() {
  const user = await freeUser();
  check((await user.get("/api/sources")).status === 200, "GET /api/sources");
  check((await user.get("/api/sources/00000000-0000-4000-8000-000000000000")).status === 404, "GET /api/sources/{id}");
}

async function idleFloor(pid) {
  await warmUp();
  await sleep(500);
  const stop = probeHealth();
  await sleep(3000);
  const samples = await stop();
  floor = { p50: percentile(samples, 50), max: Math.max(...samples) };
  say(
    `idle floor: GET /api/health n=${samples.length} p50 ${floor.p50.toFixed(1)} ms max ${floor.max.toFixed(0)} ms; server ${rssMb(pid)?.toFixed(0)} MB`,
  );
}

function summary() {
  console.log(
    `\nUploads on the production build (PGlite), load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")} on ${cpus().length} cores; GET /api/health idle p50 ${floor.p50.toFixed(1)} ms`,
  );
  console.log(
    `${"case".padEnd(72)} ${"outcome".padEnd(30)} ${"time".padStart(7)} ${"health p50".padStart(11)} ${"max".padStart(6)} ${"max/floor".padStart(9)} ${"peak RSS".padStart(9)}`,
  );
  for (const r of results)
    console.log(
      `${r.name.slice(0, 72).padEnd(72)} ${String(r.outcome).slice(0, 30).padEnd(30)} ${`${(r.ms / 1000).toFixed(1)} s`.padStart(7)} ${`${r.health.p50.toFixed(0)} ms`.padStart(11)} ${`${r.health.max.toFixed(0)}`.padStart(6)} ${`${(r.health.max / Math.max(floor.p50, 0.1)).toFixed(0)}×`.padStart(9)} ${`${r.rss.peak.toFixed(0)} MB`.padStart(9)}`,
    );
}

// ---- run ----------------------------------------------------------------------------------

let failed = false;
try {
  const site = http.createServer((req, res) => {
    if (req.url === "/deep")
      return void res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(deepHtml(50_000, 2000));
    res.writeHead(404).end();
  });
  await new Promise((resolve) => site.listen(SITE_PORT, "127.0.0.1", resolve));
  cleanups.push(() => new Promise((resolve) => site.close(resolve)));

  const fakes = await startFakes({ FAKES_BASE_PORT: String(PORT + 10) });
  cleanups.push(() => fakes.child.kill("SIGTERM"));
  const settings = {
    ...fakes.env,
    HOSTNAME: "127.0.0.1",
    APP_URL: BASE,
    LOG_LEVEL: "warn",
    OLLAMA_BASE_URL: "http://127.0.0.1:9",
    SOURCE_TRUSTED_ORIGINS: `http://127.0.0.1:${SITE_PORT}`,
    PAID_SOURCES_PER_COURSE: String(PAID_SOURCES),
    ADMIN_EMAIL: "admin@uploads.test",
    ADMIN_PASSWORD: "uploads-admin-password",
  };

  const dataDir = mkdtempSync(path.join(tmpdir(), "aula-uploads-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  await seedPaid(dataDir);
  say("starting scripts/server.mjs (the build, PGlite)");
  const app = await startApp([path.join(root, "scripts", "server.mjs"), "-p", String(PORT)], root, {
    ...settings,
    DATA_DIR: dataDir,
  });
  await idleFloor(app.child.pid);
  await hostileFiles(app.child.pid);
  await limits();
  await app.stop();

  const standalone = path.join(root, ".next", "standalone");
  if (existsSync(path.join(standalone, "server.js"))) {
    cpSync(path.join(root, ".next", "static"), path.join(standalone, ".next", "static"), { recursive: true });
    cpSync(path.join(root, "public"), path.join(standalone, "public"), { recursive: true });
    const standaloneData = mkdtempSync(path.join(tmpdir(), "aula-uploads-standalone-"));
    cleanups.push(() => rmSync(standaloneData, { recursive: true, force: true }));
    say("starting node .next/standalone/server.js (PGlite)");
    const server = await startApp([path.join(standalone, "server.js")], standalone, {
      ...settings,
      PORT: String(PORT),
      DATA_DIR: standaloneData,
    });
    await standaloneReads(server.child.pid);
    await server.stop();
  } else say("no .next/standalone/server.js: the standalone part is skipped");
  summary();
  say("passed");
} catch (error) {
  failed = true;
  summary();
  console.error(`\ncheck-uploads FAILED: ${error.message}`);
} finally {
  await cleanup();
}
process.exit(failed ? 1 : 0);
