/**
 * The engine half of `npm run bench:jobs` (scripts/bench-jobs.mjs runs it through
 * `tsx --conditions=react-server`, since src/server modules import "server-only"). It works on
 * the database named by DATABASE_URL, else PGlite in DATA_DIR, and prints one JSON line:
 *
 *   latency [lanes…]   `select 1` round trips (the floor), then enqueue → handler start of a no-op
 *                      kind with a worker loop of each number of lanes, all in this process
 *   remote-worker N    a worker loop only; prints its samples once N bench jobs have started
 *   remote-enqueue N   enqueues N paced jobs for a worker in another process, then exits
 *   purge N            N finished jobs inserted, aged past JOBS_RETENTION_DAYS, purged in batches
 *   seed-paid EMAIL    a paid account (there is no way to become paid through the app without a payment)
 */
import { sql } from "drizzle-orm";
import { closeDb, getDb, getDbHandle } from "../src/server/db/client";
import { migrateDatabase } from "../src/server/db/migrate";
import { env } from "../src/server/env";
import { enqueueJob, registerJobHandler, startJobWorker } from "../src/server/jobs";
import { purgeFinishedJobs } from "../src/server/jobs/queries";

const KIND = "bench.noop";
const [mode = "latency", ...args] = process.argv.slice(2);
// Wall-clock milliseconds with sub-millisecond precision, comparable across processes on one machine.
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const JOBS = Number(process.env.BENCH_JOBS ?? 300);
const GAP_MS = Number(process.env.BENCH_JOB_GAP_MS ?? 25);

/** Start latencies of bench jobs, pushed by the handler; payload.t0 is when enqueueJob was called. */
let started: number[] = [];
registerJobHandler(KIND, async ({ job }) => {
  started.push(now() - Number(job.payload.t0));
});

async function untilStarted(count: number, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (started.length < count && Date.now() < deadline) await sleep(20);
  if (started.length < count) throw new Error(`only ${started.length} of ${count} bench jobs started`);
}

/**
 * Paced, not all at once: a burst would measure the queue's depth, not how soon a job is picked
 * up. The gap is jittered (0.5–1.5×) so enqueues do not fall in step with the worker's loop.
 */
async function enqueuePaced(count: number, tag: string) {
  for (let i = 0; i < count; i++) {
    await enqueueJob({ kind: KIND, subject: `${tag}-${i}`, payload: { t0: now() } });
    await sleep(GAP_MS * (0.5 + Math.random()));
  }
}

async function selectOne(count: number) {
  const db = await getDb();
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const t0 = now();
    await db.execute(sql`select 1`);
    samples.push(now() - t0);
    await sleep(GAP_MS * (0.5 + Math.random()));
  }
  return samples;
}

async function main() {
  const handle = await getDbHandle();
  await migrateDatabase(handle, process.env.DATABASE_URL?.trim() || undefined);
  const db = handle.db;
  let result: unknown;

  if (mode === "latency") {
    await selectOne(50); // warm-up: connections opened, plans cached
    const floor = await selectOne(JOBS);
    const lanes: Record<string, number[]> = {};
    for (const concurrency of (args.length ? args : ["1", "4"]).map(Number)) {
      const stop = startJobWorker({ concurrency });
      started = [];
      await enqueuePaced(20, `warm-${concurrency}`);
      await untilStarted(20);
      started = [];
      await enqueuePaced(JOBS, `lanes-${concurrency}`);
      await untilStarted(JOBS);
      lanes[concurrency] = started;
      await stop();
    }
    result = { db: handle.kind, floor, lanes };
  } else if (mode === "remote-worker") {
    const count = Number(args[0]);
    const stop = startJobWorker({ concurrency: 4 });
    // The orchestrator starts the enqueuing process once it reads this line.
    console.log(JSON.stringify({ ready: true }));
    await untilStarted(count, 300_000);
    await stop();
    result = { db: handle.kind, pollMs: env().JOBS_POLL_MS, samples: started };
  } else if (mode === "remote-enqueue") {
    await enqueuePaced(Number(args[0]), `remote-${process.pid}`);
    result = { enqueued: Number(args[0]) };
  } else if (mode === "purge") {
    const count = Number(args[0] ?? 10_000);
    const days = env().JOBS_RETENTION_DAYS;
    const size = async () => {
      const rows = await db.execute<{ rows: string; bytes: string }>(
        sql`select (select count(*) from jobs)::text as rows, pg_total_relation_size('jobs')::text as bytes`,
      );
      // postgres.js answers an array, PGlite { rows }.
      const row = (Array.isArray(rows) ? rows[0] : (rows as unknown as { rows: unknown[] }).rows[0]) as {
        rows: string;
        bytes: string;
      };
      return { rows: Number(row.rows), bytes: Number(row.bytes) };
    };
    const before = await size();
    // Finished jobs as the worker leaves them (succeeded, finished_at set), each its own subject.
    await db.execute(sql`
      insert into jobs (kind, subject, payload, status, attempts, finished_at)
      select ${KIND}, 'purge-' || g, jsonb_build_object('t0', g), 'succeeded', 1, now()
      from generate_series(1, ${count}) g`);
    const filled = await size();
    await db.execute(
      sql`update jobs set finished_at = now() - make_interval(days => ${days + 1}) where kind = ${KIND}`,
    );
    const t0 = now();
    const batches: number[] = [];
    for (;;) {
      const b0 = now();
      const purged = await purgeFinishedJobs(days);
      if (purged === 0) break;
      batches.push(now() - b0);
    }
    const purgeMs = now() - t0;
    const purged = await size();
    // DELETE leaves dead tuples in place until a vacuum (autovacuum in production) reclaims them.
    await db.execute(sql`vacuum jobs`);
    const vacuumed = await size();
    result = { db: handle.kind, count, days, before, filled, purged, vacuumed, purgeMs, batches };
  } else if (mode === "seed-paid") {
    const { hash } = await import("@node-rs/argon2");
    await db.execute(
      sql`insert into users (email, name, password_hash, plan) values (${args[0]}, 'Bench', ${await hash(args[1])}, 'monthly')`,
    );
    result = { seeded: args[0] };
  } else {
    throw new Error(`unknown mode ${mode}`);
  }
  await closeDb();
  console.log(JSON.stringify(result));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
