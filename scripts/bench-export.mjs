#!/usr/bin/env node
/**
 * `npm run bench:export` (after `npx next build`): the PDF export of an 8 × 4 course with
 * pictures, cold (the first, which starts the browser) and warm, p50/p95 over 10 runs, and the
 * peak RSS of the app server and of the browser it started, sampled during the runs; then four
 * learners' exports at once, with /api/health asked every 50 ms beside them and alone (the floor).
 * Goals: warm p95 under 3 s, no growth of RSS across runs, health p99 ≤ 3× idle during the four.
 * The warm prints' split (the print view's load, Chromium's print, the Index's numbering) is read
 * from the server's "pdf printed" log lines.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const port = process.env.BENCH_PORT ?? "3920";
const base = `http://localhost:${port}`;
const runs = Number(process.env.BENCH_RUNS ?? 10);
const dataDir = mkdtempSync(path.join(tmpdir(), "aula-bench-export-"));
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGO4o6aGFTEMLQkAF/tKAS/fz4YAAAAASUVORK5CYII=",
  "base64",
);
const picture = `data:image/png;base64,${PNG.toString("base64")}`;
const paragraph =
  "<p>Photosynthesis turns light, water and carbon dioxide into sugar and oxygen; the light reactions happen in the thylakoids and the Calvin cycle in the stroma.</p>";

/** The user and the 8 × 4 course go straight into the database, before the server opens it. */
async function seed() {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const { hash } = await import("@node-rs/argon2");
  const dir = path.join(dataDir, "pglite");
  mkdirSync(dir, { recursive: true });
  // The extensions migration 0015 creates (src/server/db/pglite-extensions.ts).
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  const client = await PGlite.create(dir, { extensions: { pg_trgm, unaccent } });
  await migrate(drizzle(client), { migrationsFolder: path.join(root, "drizzle") });
  // Four learners with the same course: one user may run only two exports at once.
  const courseIds = [];
  const passwordHash = await hash("bench-password-1");
  for (let u = 0; u < 4; u++) {
    const {
      rows: [user],
    } = await client.query(
      "insert into users (email, name, password_hash, plan) values ($1, 'Bench', $2, 'monthly') returning id",
      [`export${u}@bench.local`, passwordHash],
    );
    const {
      rows: [course],
    } = await client.query(
      "insert into courses (user_id, main_topic, type, lang) values ($1, 'Export Bench', 'text_image', 'English') returning id",
      [user.id],
    );
    courseIds.push(course.id);
    for (let t = 0; t < 8; t++) {
      const {
        rows: [topic],
      } = await client.query(
        "insert into topics (course_id, position, number, title) values ($1, $2, $2, $3) returning id",
        [course.id, t, `Topic ${t + 1}`],
      );
      for (let l = 0; l < 4; l++) {
        await client.query(
          "with lesson as (insert into lessons (course_id, topic_id, position, title, theory, image_url, image_attribution, generated_at) values ($1, $2, $3, $4, $5, $6, 'Bench', now()) returning id, course_id) " +
            "insert into lesson_progress (user_id, lesson_id, course_id, opened_at, done) select c.user_id, lesson.id, lesson.course_id, now(), true from lesson join courses c on c.id = lesson.course_id",
          [course.id, topic.id, l, `Lesson ${t + 1}.${l + 1}`, paragraph.repeat(12), picture],
        );
      }
    }
  }
  await client.close();
  return courseIds;
}

function rssKb(pid) {
  try {
    return (
      Number(
        execFileSync("ps", ["-o", "rss=", "-p", String(pid)])
          .toString()
          .trim(),
      ) || 0
    );
  } catch {
    return 0;
  }
}

/** The browser's processes are the server's descendants named chrom*; their RSS summed. */
function browserRssKb(serverPid) {
  const table = execFileSync("ps", ["-e", "-o", "pid=,ppid=,rss=,comm="])
    .toString()
    .trim()
    .split("\n")
    .map((line) => line.trim().split(/\s+/));
  const children = new Map();
  for (const [pid, ppid] of table) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const descendants = new Set();
  const walk = (pid) => (children.get(pid) ?? []).forEach((child) => (descendants.add(child), walk(child)));
  walk(String(serverPid));
  return table
    .filter(([pid, , , comm]) => descendants.has(pid) && /chrom/i.test(comm))
    .reduce((sum, [, , rss]) => sum + Number(rss), 0);
}

const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)];

/** Asks /api/health every 50 ms (one at a time) until `whileRunning` settles; the latencies in ms. */
async function probeHealth(whileRunning) {
  let done = false;
  const latencies = [];
  const probing = (async () => {
    while (!done) {
      const started = performance.now();
      await fetch(`${base}/api/health`).then((r) => r.arrayBuffer());
      latencies.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  try {
    await whileRunning();
  } finally {
    done = true;
    await probing;
  }
  return latencies;
}

const courseIds = await seed();
const courseId = courseIds[0];
const server = spawn(process.execPath, [path.join(root, "scripts/server.mjs"), "-p", port], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    APP_URL: base,
    AUTH_SECRET: "export-bench-secret-export-bench-secret",
    // Info, to read each print's split from its "pdf printed" line (src/features/export/pdf.ts).
    LOG_LEVEL: "info",
    NEXT_TELEMETRY_DISABLED: "1",
  },
  stdio: ["ignore", "pipe", "inherit"],
});
/** Each print's split: the print view's load, the Index's measuring, Chromium's print, the numbering. */
const splits = [];
createInterface({ input: server.stdout }).on("line", (line) => {
  if (!line.includes('"pdf printed"')) return;
  try {
    const { loadMs, measureMs, printMs, numberMs } = JSON.parse(line);
    splits.push({ loadMs, measureMs, printMs, numberMs });
  } catch {
    // Not a log line of ours.
  }
});

try {
  for (let i = 0; ; i++) {
    if (i > 120) throw new Error("server did not start");
    if (
      await fetch(`${base}/api/health`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const signIn = async (email) => {
    const signin = await fetch(`${base}/api/signin`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ email, password: "bench-password-1" }),
    });
    return (signin.headers.get("set-cookie") ?? "").split(";")[0];
  };
  const cookies = [];
  for (let u = 0; u < courseIds.length; u++) cookies.push(await signIn(`export${u}@bench.local`));
  const cookie = cookies[0];
  const peaks = { server: 0, browser: 0 };
  const sampler = setInterval(() => {
    peaks.server = Math.max(peaks.server, rssKb(server.pid));
    peaks.browser = Math.max(peaks.browser, browserRssKb(server.pid));
  }, 100);
  const times = [];
  const afterRun = [];
  for (let i = 0; i <= runs; i++) {
    const started = performance.now();
    const res = await fetch(`${base}/api/courses/${courseId}/export?format=pdf`, { headers: { cookie } });
    const bytes = (await res.arrayBuffer()).byteLength;
    if (!res.ok) throw new Error(`export answered ${res.status}`);
    times.push(performance.now() - started);
    afterRun.push({ server: rssKb(server.pid), browser: browserRssKb(server.pid), bytes });
  }
  clearInterval(sampler);
  const warmSplits = splits.slice(1);

  // The floor: /api/health alone, then while four exports run at once (issue: exports must not
  // slow everyone else; goal health p99 ≤ 3× idle).
  const idle = await probeHealth(() => new Promise((r) => setTimeout(r, 5_000)));
  const started4 = performance.now();
  const ends = [];
  const during = await probeHealth(() =>
    Promise.all(
      courseIds.map(async (id, u) => {
        const res = await fetch(`${base}/api/courses/${id}/export?format=pdf`, { headers: { cookie: cookies[u] } });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`export answered ${res.status}`);
        ends.push(performance.now() - started4);
      }),
    ),
  );
  const [cold, ...warm] = times;
  const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;
  console.log(`PDF of an 8 × 4 course with pictures (${(afterRun[0].bytes / 1024).toFixed(0)} kB, ${runs} warm runs)`);
  console.log(`cold (browser start): ${cold.toFixed(0)} ms`);
  console.log(
    `warm p50 ${percentile(warm, 50).toFixed(0)} ms, p95 ${percentile(warm, 95).toFixed(0)} ms (goal p95 < 3000 ms)`,
  );
  if (warmSplits.length) {
    const median = (key) =>
      percentile(
        warmSplits.map((split) => split[key]),
        50,
      ).toFixed(0);
    console.log(
      `warm split, p50: print view's load ${median("loadMs")} ms, Index measured ${median("measureMs")} ms, Chromium's print ${median("printMs")} ms, numbering ${median("numberMs")} ms`,
    );
  }
  console.log(`peak RSS: server ${mb(peaks.server)}, browser ${mb(peaks.browser)}`);
  console.log(
    `RSS after run 1 / after the last: server ${mb(afterRun[1].server)} / ${mb(afterRun.at(-1).server)}, browser ${mb(afterRun[1].browser)} / ${mb(afterRun.at(-1).browser)}`,
  );
  const p = (values, q) => percentile(values, q).toFixed(0);
  console.log(
    `four exports at once: each ended after ${ends
      .sort((a, b) => a - b)
      .map((t) => (t / 1000).toFixed(1))
      .join(" / ")} s`,
  );
  console.log(
    `GET /api/health every 50 ms: idle p50 ${p(idle, 50)} ms, p99 ${p(idle, 99)} ms; during the four exports p50 ${p(during, 50)} ms, p99 ${p(during, 99)} ms (${(percentile(during, 99) / percentile(idle, 99)).toFixed(1)}× idle; goal ≤ 3×)`,
  );
  if (process.argv.includes("--check") && percentile(warm, 95) >= 3000) process.exitCode = 1;
} finally {
  server.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
}
