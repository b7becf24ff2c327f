import "server-only";
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { statementsTakeTurns } from "./pglite-turns";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

type Handle = { db: Db; close: () => Promise<void>; kind: "pglite" | "postgres" };

/**
 * One database handle per process, kept on globalThis: `next dev` reloads modules and
 * Next bundles the same module into several server chunks, and PGlite must never be
 * opened twice on one data folder.
 */
const holder = globalThis as unknown as { __aulaDb?: Promise<Handle> };

async function openPglite(dataDir: string): Promise<Handle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const dir = path.resolve(dataDir, "pglite");
  mkdirSync(dir, { recursive: true }); // PGlite does not create parent folders
  const client = statementsTakeTurns(await PGlite.create(dir));
  return { db: drizzle(client, { schema }) as unknown as Db, close: () => client.close(), kind: "pglite" };
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
 * The app's PostgreSQL pool: connections that cannot open in 2 s fail, and the server cancels a
 * statement after DB_STATEMENT_TIMEOUT_MS, so a request answers 503 `db:unavailable` (errors.ts)
 * instead of hanging. Migrations open their own connection (migrate.ts) without that limit.
 * A `connect_timeout` or `statement_timeout` in the URL's query wins.
 */
export async function openPostgres(url: string, max = 10): Promise<Handle> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const client = postgres(url, {
    max,
    onnotice: () => {},
    // Not `new URL`: postgres.js also takes multi-host URLs, which it cannot parse.
    ...(/[?&]connect_timeout=/.test(url) ? {} : { connect_timeout: CONNECT_TIMEOUT_S }),
    idle_timeout: IDLE_TIMEOUT_S,
    backoff: reconnectDelay,
    connection: { statement_timeout: statementTimeoutMs() },
  });
  return { db: drizzle(client, { schema }) as unknown as Db, close: () => client.end({ timeout: 5 }), kind: "postgres" };
}

function openFromEnv(): Promise<Handle> {
  // Read directly rather than through env(): scripts and tests open the database too.
  const url = process.env.DATABASE_URL?.trim();
  return url ? openPostgres(url) : openPglite(process.env.DATA_DIR?.trim() || ".data");
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

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

/** Tests install their own database (a fresh PGlite or a throwaway PostgreSQL database). */
export function setDbHandleForTests(handle: Handle | undefined): void {
  holder.__aulaDb = handle ? Promise.resolve(handle) : undefined;
}

export async function closeDb(): Promise<void> {
  const handle = await holder.__aulaDb?.catch(() => undefined);
  holder.__aulaDb = undefined;
  await handle?.close();
}

export type { Handle as DbHandle };
