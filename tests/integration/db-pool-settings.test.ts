/**
 * The pool settings for transaction poolers (src/server/db/pool-settings.ts): which URLs turn
 * prepared statements off, and, on a real PostgreSQL (TEST_DATABASE_URL), that DATABASE_PREPARE
 * and DATABASE_POOL_MAX reach postgres.js through the app's own way of opening the database.
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { closeDb, getDbHandle, setDbHandleForTests, type DbHandle } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { namesTransactionPooler, poolSettings } from "@/server/db/pool-settings";
import { EnvError } from "@/server/env";

describe("namesTransactionPooler", () => {
  it("knows PgBouncer's marker, Neon's pooled host and Supabase's pooler", () => {
    for (const url of [
      "postgres://u:p@db.example.com:6432/app?pgbouncer=true",
      "postgres://u:p@db.example.com/app?sslmode=require&pgbouncer=true",
      "postgresql://u:p@ep-cool-river-123456-pooler.eu-central-1.aws.neon.tech/neondb?sslmode=require",
      "postgres://postgres.abcd:p@aws-0-eu-central-1.pooler.supabase.com:6543/postgres",
      "postgres://postgres:p@db.abcd.supabase.co:6543/postgres",
    ]) {
      expect(namesTransactionPooler(url)).toBe(true);
    }
  });

  it("leaves direct connections alone, whatever the password or database name say", () => {
    for (const url of [
      "postgres://u:p@db.example.com:5432/app",
      "postgresql://u:p@ep-cool-river-123456.eu-central-1.aws.neon.tech/neondb?sslmode=require",
      "postgres://postgres:p@db.abcd.supabase.co:5432/postgres",
      "postgres://u:pooler@db.example.com/pooler?pgbouncer=false",
      "postgres://u:p@h1:5432,h2:5433/app",
    ]) {
      expect(namesTransactionPooler(url)).toBe(false);
    }
  });
});

describe("poolSettings", () => {
  it("defaults: prepared statements on, 10 connections, the URL as given", () => {
    const url = "postgres://u:p@db.example.com/app?sslmode=require";
    expect(poolSettings(url, {})).toEqual({ url, prepare: true, max: 10 });
  });

  it("turns prepared statements off for a pooler, and takes pgbouncer= out of the URL postgres.js gets", () => {
    expect(poolSettings("postgres://u:p@h:6432/app?pgbouncer=true", {})).toEqual({
      url: "postgres://u:p@h:6432/app",
      prepare: false,
      max: 10,
    });
    expect(poolSettings("postgres://u:p@h/app?pgbouncer=true&sslmode=require", {}).url).toBe(
      "postgres://u:p@h/app?sslmode=require",
    );
    expect(poolSettings("postgres://u:p@h/app?sslmode=require&pgbouncer=true", {}).url).toBe(
      "postgres://u:p@h/app?sslmode=require",
    );
  });

  it("DATABASE_PREPARE wins over the URL either way; DATABASE_POOL_MAX sets the pool's size", () => {
    expect(poolSettings("postgres://u:p@h/app", { DATABASE_PREPARE: "false" }).prepare).toBe(false);
    expect(poolSettings("postgres://u:p@h/app?pgbouncer=true", { DATABASE_PREPARE: "true" }).prepare).toBe(true);
    expect(poolSettings("postgres://u:p@h/app", { DATABASE_POOL_MAX: "2" }).max).toBe(2);
  });

  it("refuses malformed values with one line naming the setting", () => {
    expect(() => poolSettings("postgres://h/app", { DATABASE_PREPARE: "no" })).toThrow(EnvError);
    expect(() => poolSettings("postgres://h/app", { DATABASE_PREPARE: "no" })).toThrow(
      /^Invalid setting DATABASE_PREPARE/,
    );
    expect(() => poolSettings("postgres://h/app", { DATABASE_POOL_MAX: "0" })).toThrow(
      /^Invalid setting DATABASE_POOL_MAX/,
    );
  });
});

const serverUrl = process.env.TEST_DATABASE_URL?.trim();

(serverUrl ? describe : describe.skip)("the app's pool on PostgreSQL (set TEST_DATABASE_URL)", () => {
  let url: string;
  let name: string;
  const saved = { ...process.env };

  beforeAll(async () => {
    name = `aula_pool_${randomBytes(6).toString("hex")}`;
    const admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    await admin.end();
    const target = new URL(serverUrl!);
    target.pathname = `/${name}`;
    url = target.toString();
  });

  afterEach(async () => {
    await closeDb();
    for (const key of ["DATABASE_URL", "DATABASE_PREPARE", "DATABASE_POOL_MAX"]) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  });

  afterAll(async () => {
    setDbHandleForTests(undefined);
    const admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  /** The app's own handle, opened from the environment as at start (getDbHandle). */
  async function openFromSettings(settings: Record<string, string>): Promise<DbHandle> {
    setDbHandleForTests(undefined);
    Object.assign(process.env, { DATABASE_URL: url, ...settings });
    return getDbHandle();
  }

  async function rows<T>(handle: DbHandle, query: ReturnType<typeof sql>): Promise<T[]> {
    return (await handle.db.execute(query)) as unknown as T[];
  }

  /** Prepared statements this session holds; a prepared query counts itself (it is parsed before it runs). */
  const preparedHere = (handle: DbHandle) =>
    rows<{ n: number }>(handle, sql`select count(*)::int as n from pg_prepared_statements`).then(([r]) => r.n);

  it("prepares statements by default, and none with DATABASE_PREPARE=false, migrations included", async () => {
    const prepared = await openFromSettings({ DATABASE_POOL_MAX: "1" });
    expect(await preparedHere(prepared)).toBeGreaterThan(0);
    await closeDb();

    const unprepared = await openFromSettings({ DATABASE_POOL_MAX: "1", DATABASE_PREPARE: "false" });
    await migrateDatabase(unprepared, url);
    // The app's queries work (drizzle through postgres.js, parameters included) with nothing prepared.
    const [{ n }] = await rows<{ n: number }>(
      unprepared,
      sql`select count(*)::int as n from users where email = ${"x@y.z"}`,
    );
    expect(n).toBe(0);
    expect(await preparedHere(unprepared)).toBe(0);
  });

  it("a pooler's URL (pgbouncer=true) needs no other setting: nothing prepared, and the marker never reaches the server", async () => {
    const handle = await openFromSettings({ DATABASE_URL: `${url}?pgbouncer=true`, DATABASE_POOL_MAX: "1" });
    expect(await preparedHere(handle)).toBe(0);
  });

  it("opens at most DATABASE_POOL_MAX connections however many queries wait", async () => {
    const handle = await openFromSettings({ DATABASE_POOL_MAX: "2", DATABASE_PREPARE: "false" });
    const pids = await Promise.all(
      Array.from({ length: 8 }, () =>
        rows<{ pid: number }>(handle, sql`select pg_backend_pid() as pid, pg_sleep(0.05)`).then(([r]) => r.pid),
      ),
    );
    expect(new Set(pids).size).toBe(2);
  });
});
