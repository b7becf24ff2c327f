import "server-only";
import { eq, sql } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { rateLimits } from "@/server/db/schema";
import { AppError } from "./errors";

export type RateLimitRule = { limit: number; windowMs: number };
export type RateLimitState = { count: number; resetAt: Date; limited: boolean };

/**
 * Fixed-window counters in the database, so a limit holds across app instances.
 * `hit` counts one event and says whether the key is now over its limit.
 */
export async function hitRateLimit(key: string, rule: RateLimitRule): Promise<RateLimitState> {
  const db = await getDb();
  const windowInterval = sql`make_interval(secs => ${rule.windowMs / 1000})`;
  const expired = sql`${rateLimits.resetAt} <= now()`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: sql`now() + ${windowInterval}` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${expired} then now() + ${windowInterval} else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  return { count: row.count, resetAt: row.resetAt, limited: row.count > rule.limit };
}

/** Reads a key without counting: true when `limit` events already happened in the window. */
export async function isRateLimited(key: string, rule: RateLimitRule): Promise<RateLimitState> {
  const db = await getDb();
  const [row] = await db
    .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key} and ${rateLimits.resetAt} > now()`)
    .limit(1);
  if (!row) return { count: 0, resetAt: new Date(Date.now() + rule.windowMs), limited: false };
  return { ...row, limited: row.count >= rule.limit };
}

export async function clearRateLimit(key: string): Promise<void> {
  const db = await getDb();
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

export function rateLimitError(state: RateLimitState, code: string, message: string): AppError {
  const retryAfter = Math.max(1, Math.ceil((state.resetAt.getTime() - Date.now()) / 1000));
  return new AppError(code, 429, message, { "retry-after": String(retryAfter) });
}

/** Counts an event and throws 429 once the key is over its limit: the usual guard for a route. */
export async function enforceRateLimit(key: string, rule: RateLimitRule, message: string): Promise<void> {
  const state = await hitRateLimit(key, rule);
  if (state.limited) throw rateLimitError(state, "rate:limited", message);
}
