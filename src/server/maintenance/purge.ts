import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { emailOutbox, rateLimits } from "@/server/db/schema";
import { trackBackgroundTask } from "@/server/email/background";
import { env } from "@/server/env";
import { logger } from "@/server/logger";

/**
 * Old rows go without a cron: a bounded purge runs at start and after every `PURGE_EVERY_WRITES`
 * rate-limit counts or mails, in the background. Each run deletes at most `maxBatches` batches
 * of `batchSize` rows per table, so it never holds a lock for long; what is left goes next time.
 */
export type PurgeOptions = { retentionDays: number; batchSize: number; maxBatches: number };

export type PurgeResult = { outboxDeleted: number; outboxBodiesCleared: number; rateLimitsDeleted: number };

export const PURGE_EVERY_WRITES = 500;
const DEFAULT_BATCH_SIZE = 500;
const DEFAULT_MAX_BATCHES = 10;

/** A mail still pending after this long was cut off mid-send (the process stopped): its body serves nobody. */
const ABANDONED_AFTER = sql`interval '1 hour'`;

async function inBatches(options: PurgeOptions, run: (limit: number) => Promise<number>): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < options.maxBatches; batch++) {
    const count = await run(options.batchSize);
    total += count;
    if (count < options.batchSize) break;
  }
  return total;
}

export async function purgeOldRows(overrides: Partial<PurgeOptions> = {}): Promise<PurgeResult> {
  const options: PurgeOptions = {
    retentionDays: overrides.retentionDays ?? env().OUTBOX_RETENTION_DAYS,
    batchSize: overrides.batchSize ?? DEFAULT_BATCH_SIZE,
    maxBatches: overrides.maxBatches ?? DEFAULT_MAX_BATCHES,
  };
  const db = await getDb();
  const cutoff = sql`now() - make_interval(days => ${options.retentionDays})`;

  const outboxDeleted = await inBatches(options, async (limit) => {
    const rows = await db
      .delete(emailOutbox)
      .where(
        sql`${emailOutbox.id} in (select id from ${emailOutbox} where ${emailOutbox.createdAt} < ${cutoff} limit ${limit})`,
      )
      .returning({ id: emailOutbox.id });
    return rows.length;
  });

  // Rows written before bodies were cleared on delivery, or left by a send that never finished.
  const outboxBodiesCleared = await inBatches(options, async (limit) => {
    const rows = await db
      .update(emailOutbox)
      .set({ html: null, text: null })
      .where(
        sql`${emailOutbox.id} in (select id from ${emailOutbox} where ${emailOutbox.transport} <> 'outbox' and ${emailOutbox.html} is not null
          and (${emailOutbox.status} <> 'pending' or ${emailOutbox.createdAt} < now() - ${ABANDONED_AFTER}) limit ${limit})`,
      )
      .returning({ id: emailOutbox.id });
    return rows.length;
  });

  // An expired window counts as a fresh one (rate-limit.ts), so deleting it changes no limit.
  const rateLimitsDeleted = await inBatches(options, async (limit) => {
    const rows = await db
      .delete(rateLimits)
      .where(
        sql`${rateLimits.key} in (select key from ${rateLimits} where ${rateLimits.resetAt} <= now() limit ${limit})`,
      )
      .returning({ key: rateLimits.key });
    return rows.length;
  });

  return { outboxDeleted, outboxBodiesCleared, rateLimitsDeleted };
}

const state = globalThis as unknown as { __aulaPurge?: { writes: number; running: boolean } };
const purgeState = () => (state.__aulaPurge ??= { writes: 0, running: false });

/** Starts a purge unless one is running; never throws and never makes the caller wait. */
export function purgeInBackground(reason: string): void {
  const current = purgeState();
  if (current.running) return;
  current.running = true;
  const task = purgeOldRows()
    .then((result) => {
      if (result.outboxDeleted || result.outboxBodiesCleared || result.rateLimitsDeleted)
        logger.info({ reason, ...result }, "old rows purged");
    })
    .catch((error: unknown) => logger.warn({ err: error, reason }, "purge of old rows failed"))
    .finally(() => {
      current.running = false;
    });
  trackBackgroundTask(task); // tests wait for it before closing their database
}

/** Counts a write to a table the purge keeps small; every `PURGE_EVERY_WRITES`-th starts one. */
export function notePurgeableWrite(): void {
  const current = purgeState();
  current.writes = (current.writes + 1) % PURGE_EVERY_WRITES;
  if (current.writes === 0) purgeInBackground("writes");
}
