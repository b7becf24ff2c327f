import "server-only";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { rateLimits } from "@/server/db/schema";
import { notePurgeableWrite } from "@/server/maintenance/purge";
import { AppError, type ErrorCode } from "./errors";

export type RateLimitRule = { limit: number; windowMs: number };
export type RateLimitState = { count: number; resetAt: Date; limited: boolean };

type Database = Awaited<ReturnType<typeof getDb>>;

/**
 * The counting statement: one more event in the key's window, or a new window once it is over.
 * With `below`, the event is counted only while the window holds fewer than that many (no row
 * comes back otherwise): a check and a count that two callers cannot both pass at the edge.
 */
function countEvent(db: Database, key: string, rule: RateLimitRule, below?: number) {
  notePurgeableWrite();
  const windowInterval = sql`make_interval(secs => ${rule.windowMs / 1000})`;
  const expired = sql`${rateLimits.resetAt} <= now()`;
  return db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: sql`now() + ${windowInterval}` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${expired} then now() + ${windowInterval} else ${rateLimits.resetAt} end`,
      },
      ...(below === undefined ? {} : { setWhere: sql`${expired} or ${rateLimits.count} < ${below}` }),
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
}

/**
 * Counts one event only if the key's window holds fewer than `below` events (a share of the
 * rule's limit kept for one kind of caller); else counts nothing and says when the window ends.
 */
export async function takeRateLimitSlotBelow(
  key: string,
  rule: RateLimitRule,
  below: number,
): Promise<{ taken: true } | { taken: false; resetAt: Date }> {
  const db = await getDb();
  const [row] = await countEvent(db, key, rule, below);
  if (row) return { taken: true };
  return { taken: false, resetAt: (await isRateLimited(key, rule)).resetAt };
}

/**
 * Fixed-window counters in the database, so a limit holds across app instances.
 * `hit` counts one event and says whether the key is now over its limit.
 */
export async function hitRateLimit(key: string, rule: RateLimitRule): Promise<RateLimitState> {
  const db = await getDb();
  const [row] = await countEvent(db, key, rule);
  return { count: row.count, resetAt: row.resetAt, limited: row.count > rule.limit };
}

/**
 * `hitRateLimit`, and in the same statement the value of `alsoRead` (a scalar SQL expression):
 * one round trip instead of two where both come before something latency counts for.
 */
export async function hitRateLimitReading<T>(
  key: string,
  rule: RateLimitRule,
  alsoRead: SQL<T>,
): Promise<RateLimitState & { alsoRead: T }> {
  const db = await getDb();
  const hit = db.$with("hit").as(countEvent(db, key, rule));
  const [row] = await db
    .with(hit)
    .select({ count: hit.count, resetAt: hit.resetAt, alsoRead: alsoRead.as("also_read") })
    .from(hit);
  return { count: row.count, resetAt: row.resetAt, limited: row.count > rule.limit, alsoRead: row.alsoRead };
}

function stateWithoutCounting(row: { count: number; resetAt: Date } | undefined, rule: RateLimitRule): RateLimitState {
  if (!row) return { count: 0, resetAt: new Date(Date.now() + rule.windowMs), limited: false };
  return { count: row.count, resetAt: row.resetAt, limited: row.count >= rule.limit };
}

/** Reads a key without counting: true when `limit` events already happened in the window. */
export async function isRateLimited(key: string, rule: RateLimitRule): Promise<RateLimitState> {
  const db = await getDb();
  const [row] = await db
    .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key} and ${rateLimits.resetAt} > now()`)
    .limit(1);
  return stateWithoutCounting(row, rule);
}

/** `isRateLimited` for several keys in one round trip, each answer under its name. */
export async function areRateLimited<Name extends string>(
  checks: Record<Name, { key: string; rule: RateLimitRule }>,
): Promise<Record<Name, RateLimitState>> {
  const db = await getDb();
  const entries = Object.entries(checks) as [Name, { key: string; rule: RateLimitRule }][];
  const rows = await db
    .select({ key: rateLimits.key, count: rateLimits.count, resetAt: rateLimits.resetAt })
    .from(rateLimits)
    .where(
      and(
        inArray(
          rateLimits.key,
          entries.map(([, check]) => check.key),
        ),
        sql`${rateLimits.resetAt} > now()`,
      ),
    );
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return Object.fromEntries(
    entries.map(([name, check]) => [name, stateWithoutCounting(byKey.get(check.key), check.rule)]),
  ) as Record<Name, RateLimitState>;
}

export async function clearRateLimit(key: string): Promise<void> {
  const db = await getDb();
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

export function rateLimitError(state: RateLimitState, code: ErrorCode, message: string): AppError {
  const retryAfter = Math.max(1, Math.ceil((state.resetAt.getTime() - Date.now()) / 1000));
  return new AppError(code, message, { "retry-after": String(retryAfter) });
}

/** Counts an event and throws 429 once the key is over its limit: the usual guard for a route. */
export async function enforceRateLimit(key: string, rule: RateLimitRule, message: string): Promise<void> {
  const state = await hitRateLimit(key, rule);
  if (state.limited) throw rateLimitError(state, "rate:limited", message);
}
