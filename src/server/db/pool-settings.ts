import "server-only";
import { databasePoolSchema, EnvError } from "@/server/env";

export type PoolSettings = {
  /** The URL postgres.js gets: DATABASE_URL without `pgbouncer=`, which is ours to read, not a server setting. */
  url: string;
  /** postgres.js `prepare`: named prepared statements, which transaction poolers refuse. */
  prepare: boolean;
  /** postgres.js `max`. */
  max: number;
};

/**
 * Transaction poolers hand each transaction to any server connection, so a statement prepared
 * on one is unknown on the next: PgBouncer in transaction mode (`pgbouncer=true`, Prisma's
 * marker), Neon's pooled host (`ep-…-pooler.…`) and Supabase's pooler (`….pooler.supabase.com`,
 * port 6543 for transaction mode). Not `new URL`: postgres.js also takes multi-host URLs.
 */
export function namesTransactionPooler(url: string): boolean {
  const authority = /^[a-z]+:\/\/(?:[^@/]*@)?([^/?#]*)/i.exec(url)?.[1] ?? "";
  return /[?&]pgbouncer=true(?:&|#|$)/i.test(url) || /pooler/i.test(authority) || /:6543(?:,|$)/.test(authority);
}

/** Removes `pgbouncer=…` from the query: postgres.js would send it to the server as a setting, which refuses it. */
function withoutPgbouncerParam(url: string): string {
  return url
    .replace(/([?&])pgbouncer=[^&#]*(&?)/i, (_, before: string, after: string) => (after ? before : ""))
    .replace(/[?&]$/, "");
}

/**
 * DATABASE_PREPARE and DATABASE_POOL_MAX (validated by src/server/env.ts, read here on their own
 * because scripts and tests open the database without the app's settings) applied to a URL.
 * `prepare=false` in the URL's query also turns them off (postgres.js reads it itself).
 */
export function poolSettings(url: string, source: Record<string, string | undefined> = process.env): PoolSettings {
  const result = databasePoolSchema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new EnvError(`Invalid setting ${String(issue.path[0])}: ${issue.message}`);
  }
  const { DATABASE_PREPARE: prepare, DATABASE_POOL_MAX: max } = result.data;
  return {
    url: withoutPgbouncerParam(url),
    prepare: prepare === undefined ? !namesTransactionPooler(url) : prepare === "1" || prepare === "true",
    max,
  };
}
