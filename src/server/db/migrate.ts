import "server-only";
import path from "node:path";
import type { DbHandle } from "./client";
import { poolSettings } from "./pool-settings";

const migrationsFolder = () => path.join(process.cwd(), "drizzle");

/** Any fixed 64-bit number: every app instance takes this advisory lock while migrating. */
const MIGRATION_LOCK_ID = 7_140_226_001;
const MIGRATION_CONNECT_TIMEOUT_S = 10;

/**
 * Applies pending migrations. On PostgreSQL it holds an advisory lock on its own connection,
 * so several app instances starting together apply each migration once; the others wait,
 * then find nothing left to do. That lock is the session's: through a transaction pooler it
 * needs DATABASE_DIRECT_URL (boot.ts passes it here when set; docs/deploy.md).
 */
export async function migrateDatabase(handle: DbHandle, databaseUrl?: string): Promise<void> {
  if (handle.kind === "pglite") {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(handle.db as never, { migrationsFolder: migrationsFolder() });
    return;
  }
  if (!databaseUrl) throw new Error("migrateDatabase: a PostgreSQL handle needs its URL");
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  const pool = poolSettings(databaseUrl);
  const client = postgres(pool.url, {
    max: 1,
    onnotice: () => {},
    // Not postgres.js's 30 s: a start that cannot reach the server retries (readiness.ts), and a
    // server that wakes on demand (Neon's) answers well within this.
    ...(/[?&]connect_timeout=/.test(pool.url) ? {} : { connect_timeout: MIGRATION_CONNECT_TIMEOUT_S }),
    ...(pool.prepare ? {} : { prepare: false }),
  });
  try {
    await client`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
    try {
      await migrate(drizzle(client), { migrationsFolder: migrationsFolder() });
    } finally {
      await client`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`;
    }
  } finally {
    await client.end({ timeout: 5 });
  }
}
