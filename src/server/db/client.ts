import "server-only";
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
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
  const client = await PGlite.create(dir);
  return { db: drizzle(client, { schema }) as unknown as Db, close: () => client.close(), kind: "pglite" };
}

export async function openPostgres(url: string, max = 10): Promise<Handle> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const client = postgres(url, { max, onnotice: () => {} });
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
