import { randomUUID } from "node:crypto";
import { openPostgres, setDbHandleForTests, type DbHandle } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import { sql } from "drizzle-orm";
import {
  areRateLimited,
  clearRateLimit,
  enforceRateLimit,
  hitRateLimit,
  hitRateLimitReading,
  isRateLimited,
} from "@/server/http/rate-limit";
import { useTestDatabase } from "../setup/test-db";

const database = useTestDatabase();

/** Waits until just after `when` (a window's end): tiny windows, but no race with a slow machine. */
const sleepUntil = (when: Date) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, when.getTime() - Date.now()) + 100));
const uniqueKey = (name: string) => `test:${name}:${randomUUID()}`;
const MINUTE = { limit: 3, windowMs: 60_000 };

describe("hitRateLimit / isRateLimited", () => {
  it("count events within a window and report the limit once it is passed", async () => {
    const key = uniqueKey("count");
    const before = Date.now();
    const states = [];
    for (let i = 0; i < 5; i++) states.push(await hitRateLimit(key, MINUTE));

    expect(states.map((s) => s.count)).toEqual([1, 2, 3, 4, 5]);
    expect(states.map((s) => s.limited)).toEqual([false, false, false, true, true]);
    // The window is fixed at the first event: every hit reports the same reset time, about a minute away.
    expect(new Set(states.map((s) => s.resetAt.getTime())).size).toBe(1);
    const resetIn = states[0].resetAt.getTime() - before;
    expect(resetIn).toBeGreaterThan(55_000);
    expect(resetIn).toBeLessThan(65_000);
  });

  it("isRateLimited reads without counting, and is limited once `limit` events happened", async () => {
    const key = uniqueKey("peek");
    expect(await isRateLimited(key, MINUTE)).toMatchObject({ count: 0, limited: false });
    await hitRateLimit(key, MINUTE);
    await hitRateLimit(key, MINUTE);
    expect(await isRateLimited(key, MINUTE)).toMatchObject({ count: 2, limited: false });
    expect(await isRateLimited(key, MINUTE)).toMatchObject({ count: 2, limited: false }); // still 2: reading does not count
    await hitRateLimit(key, MINUTE);
    expect(await isRateLimited(key, MINUTE)).toMatchObject({ count: 3, limited: true });
  });

  it("areRateLimited reads several keys at once, each against its own rule, without counting", async () => {
    const [busy, quiet, unseen] = [uniqueKey("busy"), uniqueKey("quiet"), uniqueKey("unseen")];
    for (let i = 0; i < 3; i++) await hitRateLimit(busy, MINUTE);
    await hitRateLimit(quiet, MINUTE);
    const states = await areRateLimited({
      busy: { key: busy, rule: MINUTE },
      quiet: { key: quiet, rule: MINUTE },
      strict: { key: quiet, rule: { limit: 1, windowMs: 60_000 } },
      unseen: { key: unseen, rule: MINUTE },
    });
    expect(states.busy).toMatchObject({ count: 3, limited: true });
    expect(states.quiet).toMatchObject({ count: 1, limited: false });
    expect(states.strict).toMatchObject({ count: 1, limited: true });
    expect(states.unseen).toMatchObject({ count: 0, limited: false });
    expect((await isRateLimited(busy, MINUTE)).count).toBe(3);
  });

  it("hitRateLimitReading counts like hitRateLimit and returns another value read in the same statement", async () => {
    const key = uniqueKey("reading");
    await hitRateLimit(key, MINUTE);
    const read = await hitRateLimitReading(key, MINUTE, sql<number>`(select 40 + 2)`.mapWith(Number));
    expect(read).toMatchObject({ count: 2, limited: false, alsoRead: 42 });
    expect(read.resetAt).toBeInstanceOf(Date);
    expect((await hitRateLimitReading(key, MINUTE, sql<string>`${"same window"}::text`)).count).toBe(3);
    expect(await hitRateLimitReading(key, MINUTE, sql<null>`null`)).toMatchObject({
      count: 4,
      limited: true,
      alsoRead: null,
    });
    expect(await isRateLimited(key, MINUTE)).toMatchObject({ count: 4, limited: true });
  });

  it("keep keys apart", async () => {
    const [a, b] = [uniqueKey("a"), uniqueKey("b")];
    for (let i = 0; i < 4; i++) await hitRateLimit(a, MINUTE);
    expect(await hitRateLimit(b, MINUTE)).toMatchObject({ count: 1, limited: false });
    expect((await isRateLimited(a, MINUTE)).limited).toBe(true);
  });

  it("start a new window once the old one has passed", async () => {
    const key = uniqueKey("window");
    const rule = { limit: 2, windowMs: 1000 };
    let state = await hitRateLimit(key, rule);
    for (let i = 0; i < 2; i++) state = await hitRateLimit(key, rule);
    expect((await isRateLimited(key, rule)).limited).toBe(true);

    await sleepUntil(state.resetAt);

    expect(await isRateLimited(key, rule)).toMatchObject({ count: 0, limited: false });
    expect(await hitRateLimit(key, rule)).toMatchObject({ count: 1, limited: false });
  });

  it("clearRateLimit forgets a key", async () => {
    const key = uniqueKey("clear");
    for (let i = 0; i < 4; i++) await hitRateLimit(key, MINUTE);
    await clearRateLimit(key);
    expect(await isRateLimited(key, MINUTE)).toMatchObject({ count: 0, limited: false });
  });

  it("count every one of many simultaneous events exactly once", async () => {
    const key = uniqueKey("burst");
    const states = await Promise.all(
      Array.from({ length: 20 }, () => hitRateLimit(key, { limit: 10, windowMs: 60_000 })),
    );
    expect(states.map((s) => s.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(states.filter((s) => s.limited)).toHaveLength(10);
  });
});

describe("enforceRateLimit", () => {
  it("lets `limit` events through, then throws 429 with Retry-After", async () => {
    const key = uniqueKey("enforce");
    for (let i = 0; i < 3; i++) await expect(enforceRateLimit(key, MINUTE, "Slow down")).resolves.toBeUndefined();

    const error = await enforceRateLimit(key, MINUTE, "Slow down").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 429, code: "rate:limited", message: "Slow down" });
    const retryAfter = Number((error as AppError).headers["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(55);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it("lets events through again after the window", async () => {
    const key = uniqueKey("enforce-window");
    const rule = { limit: 1, windowMs: 1000 };
    await enforceRateLimit(key, rule, "Slow down");
    await expect(enforceRateLimit(key, rule, "Slow down")).rejects.toMatchObject({ status: 429 });
    await sleepUntil((await isRateLimited(key, rule)).resetAt);
    await expect(enforceRateLimit(key, rule, "Slow down")).resolves.toBeUndefined();
  });
});

// Two app instances are two connection pools on one PostgreSQL database.
(process.env.TEST_DATABASE_URL ? describe : describe.skip)(
  "across app instances (PostgreSQL only: set TEST_DATABASE_URL)",
  () => {
    let otherInstance: DbHandle;

    beforeAll(async () => {
      otherInstance = await openPostgres(String(database().url), 5);
    });

    afterAll(async () => {
      setDbHandleForTests(database());
      await otherInstance?.close();
    });

    /** Starts `hitRateLimit` on one instance's database (the handle is read when the call starts). */
    function hitOn(instance: DbHandle, key: string, rule: { limit: number; windowMs: number }) {
      setDbHandleForTests(instance);
      const pending = hitRateLimit(key, rule);
      setDbHandleForTests(database());
      return pending;
    }

    it("a limit reached through one instance holds on the other", async () => {
      const key = uniqueKey("instances");
      await hitOn(database(), key, MINUTE);
      await hitOn(otherInstance, key, MINUTE);
      await hitOn(database(), key, MINUTE);
      expect(await hitOn(otherInstance, key, MINUTE)).toMatchObject({ count: 4, limited: true });

      setDbHandleForTests(otherInstance);
      try {
        expect((await isRateLimited(key, MINUTE)).limited).toBe(true);
        await expect(enforceRateLimit(key, MINUTE, "Slow down")).rejects.toMatchObject({ status: 429 });
      } finally {
        setDbHandleForTests(database());
      }
    });

    it("simultaneous events on both instances are each counted once", async () => {
      const key = uniqueKey("instances-burst");
      const rule = { limit: 10, windowMs: 60_000 };
      const pending = [];
      for (let i = 0; i < 10; i++) pending.push(hitOn(database(), key, rule), hitOn(otherInstance, key, rule));
      const states = await Promise.all(pending);
      expect(states.map((s) => s.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    });
  },
);
