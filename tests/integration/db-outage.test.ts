/**
 * PostgreSQL stopped under the app and started again: requests answer 503 `db:unavailable`
 * quickly, in flight or new, and the same app (same pool) answers normally once it is back.
 * The test runs its own cluster (.ci/pg-cluster.sh) so it can stop it; without the PostgreSQL
 * server binaries it is skipped.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { POST as signup } from "@/app/api/signup/route";
import { closeDb, openPostgres, setDbHandleForTests, type DbHandle } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { settleBackgroundMail } from "@/server/email/background";
import { callRoute } from "../setup/http";

const script = path.join(process.cwd(), ".ci/pg-cluster.sh");
const hasPostgres = (() => {
  try {
    return readdirSync("/usr/lib/postgresql").some((version) => existsSync(`/usr/lib/postgresql/${version}/bin/pg_ctl`));
  } catch {
    return false;
  }
})();

const cluster = (...args: string[]) => execFileSync("bash", [script, ...args], { encoding: "utf8" });

const describeWithPostgres = hasPostgres ? describe : describe.skip;
if (!hasPostgres) console.warn("db-outage.test.ts skipped: no PostgreSQL server binaries under /usr/lib/postgresql/*/bin");

const LIMIT_MS = 3000;
let ip = 0;

/** A sign-up from its own address (the route's rate limit is per address): its first query writes the counter. */
async function signUp() {
  ip++;
  const started = Date.now();
  const res = await callRoute(signup, {
    headers: { "x-forwarded-for": `198.51.100.${ip}` },
    body: { email: `user${ip}@example.io`, mName: "Out Age", password: "long-enough-pw" },
  });
  return { ...res, ms: Date.now() - started };
}

describeWithPostgres("PostgreSQL down and back (own cluster)", () => {
  let dir = "";
  let url = "";
  let handle: DbHandle;
  let saved: string | undefined;

  beforeAll(async () => {
    const exported = Object.fromEntries(
      [...cluster("start").matchAll(/export (\w+)=(\S+)/g)].map(([, key, value]) => [key, value]),
    );
    dir = exported.PG_CLUSTER_DIR;
    url = exported.PG_CLUSTER_URL;
    saved = process.env.DB_STATEMENT_TIMEOUT_MS;
    process.env.DB_STATEMENT_TIMEOUT_MS = "1500";
    handle = await openPostgres(url, 5);
    await migrateDatabase(handle, url);
    setDbHandleForTests(handle);
  }, 60_000);

  afterAll(async () => {
    if (saved === undefined) delete process.env.DB_STATEMENT_TIMEOUT_MS;
    else process.env.DB_STATEMENT_TIMEOUT_MS = saved;
    await settleBackgroundMail();
    await closeDb();
    if (dir) cluster("stop", dir);
  }, 60_000);

  /** Another client holding a lock the sign-up's first statement waits for: the request stays in flight. */
  async function holdRateLimitLock() {
    const other = postgres(url, { max: 1, onnotice: () => {} });
    const reserved = await other.reserve();
    await reserved`begin`;
    await reserved`lock table rate_limits in access exclusive mode`;
    return {
      release: async (serverUp: boolean) => {
        // On a connection the server has ended, postgres.js would write to a closed socket.
        if (serverUp) await reserved`rollback`;
        reserved.release();
        await other.end({ timeout: 1 }).catch(() => {});
      },
    };
  }

  it("answers normally while the database is up", async () => {
    expect((await signUp()).status).toBe(201);
  });

  it("cancels a statement that waits too long and answers 503 (statement timeout)", async () => {
    const lock = await holdRateLimitLock();
    try {
      const res = await signUp();
      expect(res).toMatchObject({ status: 503, json: { code: "db:unavailable" } });
      expect(res.ms).toBeGreaterThanOrEqual(1400);
      expect(res.ms).toBeLessThan(LIMIT_MS);
    } finally {
      await lock.release(true);
    }
  });

  it("answers 503 db:unavailable within 3 s, in flight and new, and 201 again once the server is back", async () => {
    const lock = await holdRateLimitLock();
    const inFlight = signUp();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stoppedAt = Date.now();
    cluster("down", dir); // pg_ctl stop -m fast: every backend is ended
    try {
      // New requests while it is down, all at once and one after another.
      const burst = await Promise.all(Array.from({ length: 15 }, () => signUp()));
      const sequential = [];
      for (let i = 0; i < 5; i++) {
        sequential.push(await signUp());
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const interrupted = await inFlight;
      expect(interrupted).toMatchObject({ status: 503, json: { success: false, code: "db:unavailable" } });
      expect(interrupted.ms - 300).toBeLessThan(LIMIT_MS);
      expect(Date.now() - stoppedAt).toBeLessThan(15_000);
      for (const res of [...burst, ...sequential]) {
        expect(res).toMatchObject({ status: 503, json: { code: "db:unavailable" } });
        expect(res.ms).toBeLessThan(LIMIT_MS);
      }
    } finally {
      await lock.release(false);
      cluster("up", dir);
    }
    // The same pool reconnects: no restart of the app. A connection that died with the server
    // may fail the first query after the restart (503 again, at once); within seconds all is well.
    const restartedAt = Date.now();
    let back = await signUp();
    while (back.status !== 201 && Date.now() - restartedAt < 5_000) {
      expect(back).toMatchObject({ status: 503, json: { code: "db:unavailable" } });
      back = await signUp();
    }
    expect(back.status).toBe(201);
    expect(back.ms).toBeLessThan(LIMIT_MS);
    expect((await signUp()).status).toBe(201);
  }, 60_000);
});
