#!/usr/bin/env node
/**
 * `npm run bench:admin` — the admin panel on a large database, after `npx next build`: a fresh
 * PostgreSQL database is seeded with 10,000 users, 50,000 courses (one topic and five lessons
 * each), subscriptions, payments, contacts, posts and audit rows, the app is started on it
 * (`scripts/server.mjs`), the super admin signs in, and each admin page and list route is asked
 * for its first page, one request at a time (warm-up first). Prints p50/p95 per target against
 * the 300 ms goal.
 *
 * PostgreSQL from BENCH_DATABASE_URL (a fresh database is created there and dropped after), else
 * a throwaway cluster from .ci/pg-cluster.sh. BENCH_PORT (3950), BENCH_SAMPLES (30).
 * `--check` exits 1 when a p95 is over the goal.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { root } from "./with-fakes.mjs";

const { values: options } = parseArgs({ options: { check: { type: "boolean", default: false } } });
const PORT = Number(process.env.BENCH_PORT ?? 3950);
const BASE = `http://127.0.0.1:${PORT}`;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 30);
const GOAL_MS = 300;
const USERS = 10_000;
const COURSES = 50_000;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const cleanups = [];
async function cleanup() {
  while (cleanups.length) {
    try {
      await cleanups.pop()();
    } catch {
      // already gone
    }
  }
}
process.on("SIGINT", () => void cleanup().then(() => process.exit(130)));

function startCluster() {
  const out = execFileSync("bash", [path.join(root, ".ci", "pg-cluster.sh"), "start"], { encoding: "utf8" });
  const dir = out.match(/PG_CLUSTER_DIR=(\S+)/)?.[1];
  const url = out.match(/PG_CLUSTER_URL=(\S+)/)?.[1];
  if (!dir || !url) throw new Error(`could not start PostgreSQL: ${out}`);
  cleanups.push(() =>
    execFileSync("bash", [path.join(root, ".ci", "pg-cluster.sh"), "stop", dir], { stdio: "ignore" }),
  );
  return url;
}

async function freshDatabase(serverUrl) {
  const { default: postgres } = await import("postgres");
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const name = `aula_bench_admin_${Date.now()}`;
  await admin.unsafe(`create database ${name}`);
  cleanups.push(async () => {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The data, written by the database itself (generate_series): seconds, not minutes. */
async function seed(url) {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  await migrate(drizzle(sql), { migrationsFolder: path.join(root, "drizzle") });
  const started = performance.now();
  // One hash for everyone: sign-in is not what is measured.
  await sql.unsafe(`
    insert into users (email, name, password_hash, plan, plan_expires_at, created_at)
    select 'user' || i || '@bench.test', 'Bench User ' || i, '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$ZmFrZWhhc2hmYWtlaGFzaGZha2VoYXNo',
           (case when i % 5 = 0 then 'monthly' when i % 11 = 0 then 'yearly' else 'free' end)::user_plan,
           (case when i % 5 = 0 then now() + interval '20 days' when i % 11 = 0 then now() + interval '200 days' else null end),
           now() - (i || ' minutes')::interval
    from generate_series(1, ${USERS}) as i`);
  await sql.unsafe(`
    insert into courses (user_id, main_topic, type, lang, created_at)
    select u.id, 'Topic ' || c.i, (case when c.i % 3 = 0 then 'video_text' else 'text_image' end)::course_type, 'English', now() - (c.i || ' seconds')::interval
    from generate_series(1, ${COURSES}) as c(i)
    join (select id, row_number() over (order by email) as n from users) u on u.n = 1 + (c.i % ${USERS})`);
  await sql.unsafe(`insert into topics (course_id, position, number, title) select id, 0, 0, 'Part one' from courses`);
  await sql.unsafe(`
    insert into lessons (course_id, topic_id, position, title)
    select t.course_id, t.id, p, 'Lesson ' || p from topics t cross join generate_series(0, 4) as p`);
  await sql.unsafe(`
    insert into lesson_progress (user_id, lesson_id, course_id, opened_at, done)
    select c.user_id, l.id, l.course_id, now(), true from lessons l join courses c on c.id = l.course_id where l.position < 2`);
  await sql.unsafe(`
    insert into subscriptions (user_id, plan, provider, provider_subscription_id, status, current_period_end, amount_minor, currency)
    select id, plan, 'stripe', 'sub_' || id, 'active', plan_expires_at, case when plan = 'monthly' then 4700 else 9700 end, 'USD'
    from users where plan <> 'free'`);
  await sql.unsafe(`
    insert into payments (user_id, plan, provider, provider_payment_id, amount_minor, currency, status, refunded_minor)
    select user_id, plan, 'stripe', 'pay_' || id, amount_minor, 'USD', 'succeeded', 0 from subscriptions`);
  await sql.unsafe(
    `insert into contact_messages (name, subject, email, message) select 'Visitor ' || i, 'support', 'v' || i || '@bench.test', 'Message ' || i from generate_series(1, 2000) as i`,
  );
  await sql.unsafe(
    `insert into blog_posts (title, excerpt, content, category) select 'Post ' || i, 'Excerpt ' || i, '<p>Body</p>', 'ai' from generate_series(1, 300) as i`,
  );
  await sql.unsafe(
    `insert into admin_audit (actor_email, action, target) select 'admin@bench.test', 'blog.flag', 'Post ' || i from generate_series(1, 5000) as i`,
  );
  await sql.unsafe(`analyze`);
  console.log(
    `seeded ${USERS} users, ${COURSES} courses, ${COURSES * 5} lessons in ${Math.round(performance.now() - started)} ms`,
  );
  await sql.end();
}

async function startApp(databaseUrl) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "aula-bench-admin-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const app = spawn(process.execPath, [path.join(root, "scripts", "server.mjs"), "-p", String(PORT)], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      APP_URL: BASE,
      AUTH_SECRET: "bench-admin-secret-bench-admin-secret-bench",
      ADMIN_EMAIL: "admin@bench.test",
      ADMIN_PASSWORD: "admin-password-1",
      LOG_LEVEL: "warn",
    },
  });
  const exited = new Promise((resolve) => app.once("exit", resolve));
  cleanups.push(async () => {
    app.kill("SIGTERM");
    await Promise.race([exited, sleep(10_000)]);
  });
  for (let i = 0; i < 480; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await sleep(250);
  }
  throw new Error("the app did not start");
}

async function signIn() {
  const res = await fetch(`${BASE}/api/signin`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: BASE },
    body: JSON.stringify({ email: "admin@bench.test", password: "admin-password-1" }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  return res.headers.get("set-cookie").match(/((?:__Secure-)?aula\.session=[^;]*)/)[1];
}

const TARGETS = [
  ["POST /api/dashboard", "POST", "/api/dashboard"],
  ["GET /api/getusers", "GET", "/api/getusers"],
  ["GET /api/getcourses", "GET", "/api/getcourses"],
  ["GET /api/getpaid", "GET", "/api/getpaid"],
  ["GET /api/getcontact", "GET", "/api/getcontact"],
  ["GET /api/getadmins", "GET", "/api/getadmins"],
  ["GET /api/admin/blogs", "GET", "/api/admin/blogs"],
  ["GET /api/admin/audit", "GET", "/api/admin/audit"],
  ["GET /api/getusers?q=user123", "GET", "/api/getusers?q=user123"],
  ["GET /api/getcourses?q=topic 4999", "GET", "/api/getcourses?q=topic%204999"],
  ["page /admin", "GET", "/admin"],
  ["page /admin/users", "GET", "/admin/users"],
  ["page /admin/courses", "GET", "/admin/courses"],
  ["page /admin/paid-users", "GET", "/admin/paid-users"],
  ["page /admin/admins", "GET", "/admin/admins"],
  ["page /admin/contacts", "GET", "/admin/contacts"],
  ["page /admin/blogs", "GET", "/admin/blogs"],
  ["page /admin/activity", "GET", "/admin/activity"],
];

async function timeOne(method, pathname, cookie) {
  const started = performance.now();
  const res = await fetch(BASE + pathname, { method, headers: { cookie, origin: BASE } });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${method} ${pathname}: ${res.status}`);
  return performance.now() - started;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  const url = await freshDatabase(process.env.BENCH_DATABASE_URL || startCluster());
  await seed(url);
  await startApp(url);
  const cookie = await signIn();
  console.log(`\n${"target".padEnd(36)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)}  goal p95 < ${GOAL_MS} ms`);
  let missed = 0;
  for (const [label, method, pathname] of TARGETS) {
    for (let i = 0; i < 5; i++) await timeOne(method, pathname, cookie);
    const times = [];
    for (let i = 0; i < SAMPLES; i++) times.push(await timeOne(method, pathname, cookie));
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    const p95 = percentile(times, 95);
    if (p95 >= GOAL_MS) missed++;
    console.log(
      `${label.padEnd(36)} ${p50.toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)}  ${p95 < GOAL_MS ? "ok" : "MISSED"}`,
    );
  }
  return missed;
}

main()
  .then(async (missed) => {
    await cleanup();
    process.exit(options.check && missed > 0 ? 1 : 0);
  })
  .catch(async (error) => {
    console.error(error);
    await cleanup();
    process.exit(1);
  });
