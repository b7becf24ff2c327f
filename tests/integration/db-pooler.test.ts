/**
 * The app behind PgBouncer in transaction mode, the pooling serverless deployments rely on: its
 * connections are accepted (no startup parameter PgBouncer refuses), requests and transactions
 * work, and the statement timeout still cuts a long statement, at the server, whether it runs or
 * waits for a connection (decision 032). The test runs its own PostgreSQL (.ci/pg-cluster.sh) and
 * PgBouncer (.ci/pgbouncer.sh); without their binaries it is skipped.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { POST as signup } from "@/app/api/signup/route";
import { closeDb, getDb, getDbHandle, openPostgres, setDbHandleForTests, type DbHandle } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { databaseFailure } from "@/server/db/unavailable";
import { callRoute } from "../setup/http";

const ci = (script: string, ...args: string[]) =>
  execFileSync("bash", [path.join(process.cwd(), ".ci", script), ...args], { encoding: "utf8" });
const exported = (output: string) =>
  Object.fromEntries([...output.matchAll(/export (\w+)=(\S+)/g)].map(([, key, value]) => [key, value]));

const hasBinaries = (() => {
  try {
    const server = readdirSync("/usr/lib/postgresql").some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/pg_ctl`));
    execFileSync("sh", ["-c", "command -v pgbouncer || test -x /usr/sbin/pgbouncer"]);
    return server;
  } catch {
    return false;
  }
})();
const describeWithPooler = hasBinaries ? describe : describe.skip;
if (!hasBinaries) console.warn("db-pooler.test.ts skipped: needs PostgreSQL's server binaries and pgbouncer");

/** The rows of `db.execute` on postgres.js (an array-like result). */
const rows = (result: unknown) => [...(result as Iterable<Record<string, unknown>>)];

/** Rejects with the thrown error, and how long it took. */
async function failure(work: () => Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = Date.now();
  try {
    await work();
  } catch (error) {
    return { error, ms: Date.now() - started };
  }
  throw new Error("expected a failure");
}

describeWithPooler("behind PgBouncer in transaction mode", () => {
  let cluster = "";
  let bouncer = "";
  let direct = "";
  let pooled = "";
  let admin: postgres.Sql;
  const saved = { ...process.env };

  beforeAll(async () => {
    const pg = exported(ci("pg-cluster.sh", "start"));
    cluster = pg.PG_CLUSTER_DIR;
    direct = pg.PG_CLUSTER_URL;
    const pool = exported(ci("pgbouncer.sh", "start", direct));
    bouncer = pool.PGBOUNCER_DIR;
    pooled = pool.PGBOUNCER_URL;
    admin = postgres(direct, { max: 1, onnotice: () => {} });
    // Migrations take a session lock, so they need the direct URL (DATABASE_DIRECT_URL).
    const migrator = await openPostgres(direct, 1);
    await migrateDatabase(migrator, direct);
    await migrator.close();
  }, 60_000);

  afterAll(async () => {
    process.env = saved;
    await closeDb();
    await admin?.end({ timeout: 1 });
    if (bouncer) ci("pgbouncer.sh", "stop", bouncer);
    if (cluster) ci("pg-cluster.sh", "stop", cluster);
  }, 60_000);

  /** The app's own pool, opened from DATABASE_URL as at start: `pgbouncer=true` turns prepared statements off. */
  async function appPool(timeoutMs: number, max = 2): Promise<DbHandle> {
    await closeDb();
    process.env.DATABASE_URL = `${pooled}?pgbouncer=true`;
    process.env.DB_STATEMENT_TIMEOUT_MS = String(timeoutMs);
    process.env.DATABASE_POOL_MAX = String(max);
    const handle = await getDbHandle();
    setDbHandleForTests(handle);
    return handle;
  }

  it("connects through the pooler: a route, a transaction and a plain statement all answer", async () => {
    // What the app used to send: PgBouncer ends such a connection before it begins.
    const refused = postgres(pooled, { max: 1, prepare: false, connection: { statement_timeout: 5000 } });
    const { error } = await failure(() => refused`select 1`);
    expect(error).toMatchObject({ code: "08P01", message: "unsupported startup parameter: statement_timeout" });
    await refused.end({ timeout: 1 });

    await appPool(5000);
    const res = await callRoute(signup, {
      peer: "198.51.100.31",
      body: { email: "pooled@example.io", mName: "Poo Led", password: "long-enough-pw" },
    });
    expect(res.status).toBe(201);
    const db = await getDb();
    const inside = await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('aula.test', 'inside', true)`);
      return tx.execute(sql`select current_setting('aula.test') as value`);
    });
    expect(rows(inside)[0]).toEqual({ value: "inside" });
    const [row] = rows(await db.execute(sql`select count(*)::int as n from users where email = 'pooled@example.io'`));
    expect(row).toEqual({ n: 1 });
  });

  it("answers many statements at once, none lost between the pooler's server connections", async () => {
    // postgres.js pipelines statements on a busy connection; PgBouncer (1.18, Debian 12's) hands
    // the server connection to another client at the first statement's end, and the answers to
    // the ones pipelined behind it are dropped ("got packet from server when not linked").
    const { db } = await appPool(5000, 2);
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        db.execute(i % 2 ? sql`select ${i}::int as n` : sql.raw(`select ${i} as n`)).then((r) => rows(r)[0]),
      ),
    );
    expect(answers).toEqual(Array.from({ length: 40 }, (_, i) => ({ n: i })));
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  /** The pg_sleep statements the server is running now (read on a direct connection). */
  async function sleepersAtServer(): Promise<number> {
    const [{ n }] = await admin<{ n: number }[]>`
      select count(*)::int as n from pg_stat_activity
      where state = 'active' and query like 'select pg_sleep%' and pid <> pg_backend_pid()`;
    return n;
  }

  /** Waits (up to 3 s) for the server to have no pg_sleep running: the statement was cut there, not only abandoned. */
  async function serverStopped(): Promise<number> {
    const until = Date.now() + 3000;
    let n = await sleepersAtServer();
    while (n > 0 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      n = await sleepersAtServer();
    }
    return n;
  }

  it("cuts a statement past DB_STATEMENT_TIMEOUT_MS at the server, and the request answers 503", async () => {
    const { db } = await appPool(600);
    const cut = await failure(() => db.execute(sql`select pg_sleep(10)`));
    expect(databaseFailure(cut.error)).toBe("busy");
    expect(cut.ms).toBeGreaterThanOrEqual(550);
    expect(cut.ms).toBeLessThan(3000);
    expect(await serverStopped()).toBe(0);

    // Inside a transaction as well: the transaction rolls back, the connection serves the next one.
    const inTransaction = await failure(() => db.transaction((tx) => tx.execute(sql`select pg_sleep(10)`)));
    expect(databaseFailure(inTransaction.error)).toBe("busy");
    expect(await serverStopped()).toBe(0);
    expect(rows(await db.execute(sql`select 1 as one`))).toEqual([{ one: 1 }]);

    // A statement waiting for a lock another client holds: the route answers 503 db:unavailable.
    const holder = await admin.reserve();
    await holder`begin`;
    await holder`lock table rate_limits in access exclusive mode`;
    try {
      const started = Date.now();
      const res = await callRoute(signup, {
        peer: "198.51.100.32",
        body: { email: "locked@example.io", mName: "Lo Cked", password: "long-enough-pw" },
      });
      expect(res).toMatchObject({ status: 503, json: { code: "db:unavailable" } });
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await holder`rollback`;
      holder.release();
    }
  });

  it("counts only the server's time on a statement, not its wait behind another, as PostgreSQL's own timeout", async () => {
    const { db } = await appPool(600, 1);
    // One connection: the second statement waits behind the first, then runs in no time.
    const slow = failure(() => db.execute(sql`select pg_sleep(10)`));
    const started = Date.now();
    const result = rows(await db.execute(sql`select 2 as two`));
    const second = { result, ms: Date.now() - started };
    const first = await slow;
    expect(databaseFailure(first.error)).toBe("busy");
    expect(second.result).toEqual([{ two: 2 }]);
    expect(second.ms).toBeGreaterThanOrEqual(550); // it waited the whole first statement
    expect(await serverStopped()).toBe(0);
  });
});
