import { eq, inArray, sql } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { emailOutbox, rateLimits } from "@/server/db/schema";
import { settleBackgroundMail } from "@/server/email/background";
import { hitRateLimit } from "@/server/http/rate-limit";
import { PURGE_EVERY_WRITES, purgeOldRows } from "@/server/maintenance/purge";
import { useTestDatabase } from "../setup/test-db";

useTestDatabase();

type OutboxRow = typeof emailOutbox.$inferInsert;

async function addMails(count: number, row: Partial<OutboxRow> & { daysAgo: number }): Promise<string[]> {
  const { daysAgo, ...values } = row;
  const rows = await (
    await getDb()
  )
    .insert(emailOutbox)
    .values(
      Array.from({ length: count }, (_, i) => ({
        to: `mail${i}@example.io`,
        subject: "Reset your password",
        html: "<a href='http://localhost/reset-password/secret'>reset</a>",
        text: "http://localhost/reset-password/secret",
        template: "password-reset",
        transport: "resend",
        status: "sent" as const,
        createdAt: sql`now() - make_interval(days => ${daysAgo})`,
        ...values,
      })),
    )
    .returning({ id: emailOutbox.id });
  return rows.map((r) => r.id);
}

async function addRateLimits(prefix: string, count: number, secondsFromNow: number): Promise<void> {
  await (await getDb()).insert(rateLimits).values(
    Array.from({ length: count }, (_, i) => ({
      key: `${prefix}:${i}`,
      count: 1,
      resetAt: sql`now() + make_interval(secs => ${secondsFromNow})`,
    })),
  );
}

async function outboxRows(ids: string[]) {
  return (await getDb()).select().from(emailOutbox).where(inArray(emailOutbox.id, ids));
}

async function rateLimitKeys(prefix: string): Promise<string[]> {
  const rows = await (
    await getDb()
  )
    .select({ key: rateLimits.key })
    .from(rateLimits)
    .where(sql`${rateLimits.key} like ${prefix + ":%"}`);
  return rows.map((r) => r.key);
}

async function clearTables(): Promise<void> {
  const db = await getDb();
  await db.delete(emailOutbox);
  await db.delete(rateLimits);
}

describe("purgeOldRows", () => {
  beforeEach(clearTables);

  it("deletes outbox rows past the retention and expired rate-limit windows, a bounded number per run", async () => {
    const old = [
      ...(await addMails(8, { daysAgo: 40, status: "sent", html: null, text: null })),
      ...(await addMails(4, { daysAgo: 31, status: "failed", html: null, text: null })),
    ];
    const fresh = await addMails(3, { daysAgo: 29, transport: "outbox" });
    await addRateLimits("expired", 7, -60);
    await addRateLimits("live", 2, 60);

    // At most two batches of five per table in one run: the rest waits for the next.
    const first = await purgeOldRows({ retentionDays: 30, batchSize: 5, maxBatches: 2 });
    expect(first).toMatchObject({ outboxDeleted: 10, rateLimitsDeleted: 7 });
    expect(await outboxRows(old)).toHaveLength(2);

    const second = await purgeOldRows({ retentionDays: 30, batchSize: 5, maxBatches: 2 });
    expect(second).toMatchObject({ outboxDeleted: 2, rateLimitsDeleted: 0 });
    expect(await outboxRows(old)).toHaveLength(0);

    // Fresh rows stay, dev-outbox bodies included (there the row is the delivery).
    const kept = await outboxRows(fresh);
    expect(kept).toHaveLength(3);
    expect(kept.every((row) => row.text?.includes("reset-password"))).toBe(true);
    expect(await rateLimitKeys("expired")).toEqual([]);
    expect((await rateLimitKeys("live")).sort()).toEqual(["live:0", "live:1"]);
  });

  it("clears the body of a finished or abandoned mail sent through a provider, not of one still being sent", async () => {
    const finished = [
      ...(await addMails(2, { daysAgo: 1, status: "sent" })),
      ...(await addMails(1, { daysAgo: 1, status: "failed", transport: "smtp" })),
    ];
    const abandoned = await addMails(1, { daysAgo: 2, status: "pending" });
    const sending = await addMails(1, { daysAgo: 0, status: "pending" });
    const devOutbox = await addMails(1, { daysAgo: 1, status: "sent", transport: "outbox" });

    expect(await purgeOldRows({ retentionDays: 30 })).toMatchObject({ outboxDeleted: 0, outboxBodiesCleared: 4 });
    for (const row of await outboxRows([...finished, ...abandoned]))
      expect(row).toMatchObject({ html: null, text: null });
    for (const row of await outboxRows([...sending, ...devOutbox])) expect(row.text).toContain("reset-password");
  });

  it(`runs by itself after ${PURGE_EVERY_WRITES} rate-limit counts, without the caller waiting for it`, async () => {
    const [old] = await addMails(1, { daysAgo: 400, status: "sent", html: null, text: null });
    const rule = { limit: 1_000_000, windowMs: 60_000 };
    let hits = 0;
    // The counter is shared by the whole process: within this many counts one purge has started.
    while (hits < PURGE_EVERY_WRITES) {
      await hitRateLimit("purge-trigger", rule);
      hits++;
    }
    await settleBackgroundMail(); // background work (mails, purges) finishes
    expect(await outboxRows([old])).toHaveLength(0);
    const [counter] = await (await getDb()).select().from(rateLimits).where(eq(rateLimits.key, "purge-trigger"));
    expect(counter.count).toBe(PURGE_EVERY_WRITES); // the live window was left alone
  });
});
