import "server-only";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { Sql } from "postgres";
import { logger } from "@/server/logger";
import { statementsTakeTurns } from "./pglite-turns";
import { poolSettings } from "./pool-settings";
import { forgetReachability, registerDatabaseProbe } from "./reachability";
import { clearGate, passDatabaseGate } from "./readiness";
import { serializeAsPglite } from "./serializers";
import { statementDeadline } from "./statement-deadline";
import { hookStatements, noPipelining } from "./statement-hooks";
import { databaseFailure } from "./unavailable";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

type Handle = {
  db: Db;
  close: () => Promise<void>;
  kind: "pglite" | "postgres";
  /** PostgreSQL: a new pool to the same server, and whether a brand-new connection gets an answer now. */
  renew?: { open: () => Promise<Handle>; serverAnswers: () => Promise<boolean> };
  /** PGlite in a DATA_DIR created from nothing: boot calls it once migrated, before any seed. */
  afterFirstMigrate?: () => Promise<void>;
};

/**
 * One database handle per process, kept on globalThis: `next dev` reloads modules and
 * Next bundles the same module into several server chunks, and PGlite must never be
 * opened twice on one data folder.
 */
/** The pool renewal's state; `opened` is the last pool it opened, `fromTests` the handle a test installed (the test ends it). */
type Renewal = { running: boolean; lastAt: number; opened?: Promise<Handle>; fromTests?: Promise<Handle> };
const holder = globalThis as unknown as { __aulaDb?: Promise<Handle>; __aulaDbRenewal?: Renewal };

async function openPglite(dataDir: string): Promise<Handle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const dir = path.resolve(dataDir, "pglite");
  mkdirSync(dir, { recursive: true }); // PGlite does not create parent folders
  const { PGLITE_EXTENSIONS } = await import("./pglite-extensions");
  const { isFreshCluster, readPgliteTemplate, savePgliteTemplate } = await import("./pglite-template");
  // A fresh directory gets the migrated template cluster when this install has one (decision 024).
  const template = isFreshCluster(dir) ? readPgliteTemplate() : undefined;
  const fresh = isFreshCluster(dir) && !template;
  const client = statementsTakeTurns(
    await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS, ...(template ? { loadDataDir: template } : {}) }),
  );
  return {
    db: drizzle(client, { schema }) as unknown as Db,
    close: () => client.close(),
    kind: "pglite",
    ...(fresh ? { afterFirstMigrate: () => savePgliteTemplate(client) } : {}),
  };
}

/** A server that does not complete the handshake in this time is taken as down (seconds). */
const CONNECT_TIMEOUT_S = 2;
/** Idle connections are closed after this (seconds): none lingers half-dead after a server restart. */
const IDLE_TIMEOUT_S = 60;
const DEFAULT_STATEMENT_TIMEOUT_MS = 5_000;

/**
 * Seconds before the next attempt to open a connection. postgres.js's default grows to 20 s after
 * a few failures, and every query waiting for a connection waits that long: a request would hang
 * 20 s and more while the server is down, and the first after it is back still waits out the last
 * delay. Failing to connect to a stopped server costs a refused socket, so retrying often is cheap.
 */
const reconnectDelay = (retries: number) => Math.min(0.01 * 2 ** retries, 0.2);

function statementTimeoutMs(): number {
  // env.ts validates the setting at start; scripts and tests reach here without it.
  const value = Number(process.env.DB_STATEMENT_TIMEOUT_MS);
  return Number.isInteger(value) && value >= 100 ? value : DEFAULT_STATEMENT_TIMEOUT_MS;
}

/**
 * The app's PostgreSQL pool: connections that cannot open in 2 s fail, and a statement still
 * unanswered after DB_STATEMENT_TIMEOUT_MS is cancelled (statement-deadline.ts), so a request
 * answers 503 `db:unavailable` (errors.ts) instead of hanging. The limit is the app's own, not a
 * `statement_timeout` startup parameter: transaction poolers refuse those (PgBouncer closes the
 * connection: "unsupported startup parameter"), and a session `SET` would not follow the
 * transactions a pooler hands to other server connections (decision 032). Migrations open their
 * own connection (migrate.ts) without that limit. A `connect_timeout` in the URL's query wins.
 * `prepare: false` for transaction poolers (pool-settings.ts), the probe's connection included,
 * and no pipelining there (statement-hooks.ts).
 */
export async function openPostgres(url: string, max = 10, { prepare = true } = {}): Promise<Handle> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const noPrepare = prepare ? {} : { prepare: false };
  const client = postgres(url, {
    max,
    ...noPrepare,
    onnotice: () => {},
    // Not `new URL`: postgres.js also takes multi-host URLs, which it cannot parse.
    ...(/[?&]connect_timeout=/.test(url) ? {} : { connect_timeout: CONNECT_TIMEOUT_S }),
    idle_timeout: IDLE_TIMEOUT_S,
    backoff: reconnectDelay,
  });
  const statements = hookStatements(client, statementDeadline(statementTimeoutMs()));
  const db = drizzle(prepare ? statements : hookStatements(statements, noPipelining), { schema }) as unknown as Db;
  serializeAsPglite(client); // after drizzle(), which replaces these serializers with its own
  return {
    db,
    close: () => client.end({ timeout: 5 }),
    kind: "postgres",
    renew: {
      open: () => openPostgres(url, max, { prepare }),
      serverAnswers: () =>
        serverAnswers(
          postgres(url, {
            max: 1,
            connect_timeout: CONNECT_TIMEOUT_S,
            idle_timeout: 1,
            fetch_types: false,
            ...noPrepare,
            onnotice: () => {},
          }),
        ),
    },
  };
}

/** One brand-new connection, outside any pool: does the server answer `select 1` now? */
async function serverAnswers(probe: Sql): Promise<boolean> {
  try {
    await probe`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await probe.end({ timeout: 1 }).catch(() => {});
  }
}

/** How often a lost server is asked again, and how long an old pool's requests have to finish. */
const RENEW_PROBE_MS = 500;
const OLD_POOL_GRACE_MS = 10_000;
/** A request that began on the old pool and fails there must not renew the new one at once. */
const RENEW_AT_MOST_EVERY_MS = 5_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/**
 * A fresh pool once the server answers again after a query lost its connection. postgres.js
 * 3.4.9 can leave a pool slot broken for good when its socket dies with a write still queued
 * (the server stopped, or ended the backend, under load): that slot never sends its handshake
 * again, so every later query on it times out (CONNECT_TIMEOUT) or waits, against a healthy
 * server, until the process restarts. So a brand-new connection is tried every half second;
 * once it gets an answer, new requests get a new pool and the old one is ended after its
 * running requests had time to finish. Called by the error classification (errors.ts).
 */
const renewal = (): Renewal => (holder.__aulaDbRenewal ??= { running: false, lastAt: 0 });

export function renewPoolAfterLostConnection(): void {
  const state = renewal();
  const current = holder.__aulaDb;
  if (!current || state.running || Date.now() - state.lastAt < RENEW_AT_MOST_EVERY_MS) return;
  state.running = true;
  void (async () => {
    const handle = await current;
    if (!handle.renew) return; // PGlite runs in-process: nothing to lose
    while (holder.__aulaDb === current && !(await handle.renew.serverAnswers())) await sleep(RENEW_PROBE_MS);
    if (holder.__aulaDb !== current) return; // closed or replaced meanwhile
    holder.__aulaDb = state.opened = handle.renew.open();
    state.lastAt = Date.now();
    logger.warn("database answers again: new connection pool, the old one ends in 10 s");
    if (current !== state.fromTests) setTimeout(() => void handle.close().catch(() => {}), OLD_POOL_GRACE_MS).unref();
  })()
    .catch((error: unknown) => logger.warn({ err: error }, "database pool renewal failed"))
    .finally(() => {
      state.running = false;
    });
}

async function openFromEnv(): Promise<Handle> {
  // Read directly rather than through env(): scripts and tests open the database too.
  const url = process.env.DATABASE_URL?.trim();
  if (!url) return openPglite(process.env.DATA_DIR?.trim() || ".data");
  const pool = poolSettings(url);
  return openPostgres(pool.url, pool.max, { prepare: pool.prepare });
}

export async function getDbHandle(): Promise<Handle> {
  if (!holder.__aulaDb) {
    holder.__aulaDb = openFromEnv();
    holder.__aulaDb.catch(() => {
      holder.__aulaDb = undefined; // let a later call retry (the health check reports it meanwhile)
    });
  }
  return holder.__aulaDb;
}

/** The app's database; on a server, only once the start's steps have reached and migrated it (readiness.ts). */
export async function getDb(): Promise<Db> {
  await passDatabaseGate();
  return (await getDbHandle()).db;
}

/**
 * For the proxy, before a page renders (reachability.ts): can the database be read now? A
 * PostgreSQL pool can be out of reach (or not yet migrated since the start); PGlite runs in this
 * process. A lost connection renews the pool, as it does when a request meets it (errors.ts).
 */
async function pagesCanReadDatabase(): Promise<boolean> {
  try {
    const handle = await holder.__aulaDb;
    if (!handle || handle.kind === "pglite") return true;
    await (await getDb()).execute(sql`select 1`); // getDb() passes the start's gate first
    return true;
  } catch (error) {
    const failure = databaseFailure(error);
    if (failure === "lost") renewPoolAfterLostConnection();
    return failure === null;
  }
}
registerDatabaseProbe(pagesCanReadDatabase);

/**
 * Tests install their own database (a fresh PGlite or a throwaway PostgreSQL database) and end
 * it themselves; a pool a renewal opened in its place meanwhile is nobody's, so it ends here.
 */
export function setDbHandleForTests(handle: Handle | undefined): void {
  const state = renewal();
  if (state.opened && holder.__aulaDb === state.opened) void state.opened.then((pool) => pool.close()).catch(() => {});
  holder.__aulaDb = state.fromTests = handle ? Promise.resolve(handle) : undefined;
  clearGate();
  forgetReachability();
}

export async function closeDb(): Promise<void> {
  const handle = await holder.__aulaDb?.catch(() => undefined);
  holder.__aulaDb = undefined;
  clearGate();
  forgetReachability();
  await handle?.close();
}

export type { Handle as DbHandle };
