/**
 * A server that starts while its PostgreSQL cannot be reached: the start (src/instrumentation.ts,
 * as Next runs it) completes, health and every route answer 503 JSON `db:unavailable` quickly
 * (Next answered a plain-text 500 to everything when the start failed), and once the server can be
 * reached the same process migrates and serves, without a restart (src/server/db/readiness.ts).
 * The test runs its own cluster (.ci/pg-cluster.sh), stopped before the start; without the
 * PostgreSQL server binaries it is skipped.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { GET as health } from "@/app/api/health/route";
import { POST as signup } from "@/app/api/signup/route";
import { register } from "@/instrumentation";
import { closeDb } from "@/server/db/client";
import { callRoute } from "../setup/http";
import { withSettings } from "../setup/settings";

const cluster = (...args: string[]) =>
  execFileSync("bash", [path.join(process.cwd(), ".ci/pg-cluster.sh"), ...args], { encoding: "utf8" });
const hasPostgres = (() => {
  try {
    return readdirSync("/usr/lib/postgresql").some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/pg_ctl`));
  } catch {
    return false;
  }
})();
const describeWithPostgres = hasPostgres ? describe : describe.skip;
if (!hasPostgres) console.warn("db-start-unreachable.test.ts skipped: no PostgreSQL server binaries");

let ip = 0;
const signUp = () => {
  ip += 1;
  const started = Date.now();
  return callRoute(signup, {
    peer: `198.51.100.${ip}`,
    body: { email: `start${ip}@example.io`, mName: "Sta Rt", password: "long-enough-pw" },
  }).then((res) => ({ ...res, ms: Date.now() - started }));
};
const probeHealth = () => callRoute(health, { url: "http://localhost:3000/api/health" });

describeWithPostgres("the server starts while PostgreSQL is down", () => {
  let dir = "";
  let restore = () => {};

  beforeAll(() => {
    const started = Object.fromEntries(
      [...cluster("start").matchAll(/export (\w+)=(\S+)/g)].map(([, key, value]) => [key, value]),
    );
    dir = started.PG_CLUSTER_DIR;
    cluster("down", dir);
    restore = withSettings({
      DATABASE_URL: started.PG_CLUSTER_URL,
      NEXT_RUNTIME: "nodejs",
      JOBS_MODE: "inline", // no worker loop in a test
      OLLAMA_BASE_URL: "http://127.0.0.1:9",
      ADMIN_EMAIL: "admin@start.test",
      ADMIN_PASSWORD: "start-admin-password",
    });
  }, 60_000);

  afterAll(async () => {
    restore();
    await closeDb();
    if (dir) cluster("stop", dir);
  }, 60_000);

  it("starts, answers 503 JSON everywhere while down, then migrates and serves once the server is up", async () => {
    const bootStarted = Date.now();
    await register(); // Next holds every request until this returns: it must, and soon
    expect(Date.now() - bootStarted).toBeLessThan(30_000);

    const downHealth = await probeHealth();
    expect(downHealth).toMatchObject({ status: 503, json: { status: "error", database: "down" } });
    const down = await signUp();
    expect(down).toMatchObject({ status: 503, json: { success: false, code: "db:unavailable" } });
    expect(down.headers.get("retry-after")).toBe("5");
    expect(down.ms).toBeLessThan(3_000);

    cluster("up", dir);
    // Polled: the migrations and the first load of the product's modules take a while on a busy machine.
    const until = Date.now() + 60_000;
    let back = await probeHealth();
    while (back.status !== 200 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      back = await probeHealth();
    }
    expect(back).toMatchObject({ status: 200, json: { status: "ok" } });
    // The tables exist: the start's migrations ran in this process once the server answered.
    expect((await signUp()).status).toBe(201);
  }, 120_000);
});
