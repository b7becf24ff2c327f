/**
 * The durable jobs engine on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL):
 * one active job per kind and subject, claims under leases, retries with backoff for passing
 * failures, stored errors for the rest, leases taken over, the worker woken at once, old jobs
 * purged, and the cron route's guard.
 */
import { eq, sql } from "drizzle-orm";
import { GET as cron } from "@/app/api/cron/jobs/route";
import { ModelFailedError } from "@/server/ai/run";
import { getDb } from "@/server/db/client";
import { jobs } from "@/server/db/schema";
import { enqueueJob, jobById, registerJobHandler, runDueJobs, runJobNow, startJobWorker } from "@/server/jobs";
import { claimJobs, purgeFinishedJobs } from "@/server/jobs/queries";
import { runClaimedJob } from "@/server/jobs/runner";
import { callRoute } from "../setup/http";
import { applySettings } from "../setup/settings";
import { useTestDatabase } from "../setup/test-db";
import { waitFor } from "../setup/wait";

useTestDatabase();

beforeAll(() => applySettings({ JOBS_RETRY_BASE_MS: "200", JOBS_LEASE_MS: "60000" }));

let counter = 0;
const subject = () => `subject-${++counter}-${Date.now()}`;

describe("enqueueJob", () => {
  it("keeps one active job per kind and subject, and allows a new one once it ended", async () => {
    registerJobHandler("test.noop", async () => {});
    const s = subject();
    const first = await enqueueJob({ kind: "test.noop", subject: s, payload: { n: 1 } });
    const second = await enqueueJob({ kind: "test.noop", subject: s, payload: { n: 2 } });
    expect(first.created).toBe(true);
    expect(second).toEqual({ id: first.id, created: false });
    // Same subject, another kind: its own job.
    expect((await enqueueJob({ kind: "test.other", subject: s })).created).toBe(true);
    expect(await runJobNow(first.id)).toBe("succeeded");
    expect(await jobById(first.id)).toMatchObject({ status: "succeeded", attempts: 1, payload: { n: 1 } });
    const again = await enqueueJob({ kind: "test.noop", subject: s });
    expect(again.created).toBe(true);
    expect(again.id).not.toBe(first.id);
  });

  it("makes exactly one active job when many enqueue the same subject at once", async () => {
    const s = subject();
    const results = await Promise.all(Array.from({ length: 8 }, () => enqueueJob({ kind: "test.noop", subject: s })));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
  });
});

describe("failures", () => {
  it("retries a passing failure (the model unavailable) with growing backoff, then succeeds", async () => {
    let calls = 0;
    registerJobHandler("test.flaky", async () => {
      calls++;
      if (calls <= 2) throw new ModelFailedError("unavailable", "model busy", 4);
    });
    const { id } = await enqueueJob({ kind: "test.flaky", subject: subject(), maxAttempts: 3 });
    const t0 = Date.now();
    expect(await runJobNow(id)).toBe("retry");
    const afterFirst = await jobById(id);
    expect(afterFirst).toMatchObject({
      status: "queued",
      attempts: 1,
      lastError: { code: "ai:unavailable", message: "model busy" },
      leaseOwner: null,
    });
    // Backoff: base 200 ms ±20%.
    const firstDelay = afterFirst!.runAfter.getTime() - t0;
    expect(firstDelay).toBeGreaterThanOrEqual(150);
    expect(firstDelay).toBeLessThan(1_000);
    // Not due yet: nothing is claimed.
    expect(await runJobNow(id)).toBe("not-due");
    await waitFor(async () => (await runJobNow(id)) === "retry", "the second attempt", { everyMs: 50 });
    const afterSecond = await jobById(id);
    // The second wait is about twice the first (400 ms ±20%).
    const secondDelay = afterSecond!.runAfter.getTime() - afterSecond!.updatedAt.getTime();
    expect(secondDelay).toBeGreaterThanOrEqual(300);
    await waitFor(async () => (await runJobNow(id)) === "succeeded", "the third attempt", { everyMs: 50 });
    expect(await jobById(id)).toMatchObject({ status: "succeeded", attempts: 3 });
    expect(calls).toBe(3);
  });

  it("fails a passing failure for good once its attempts are spent, keeping the last error", async () => {
    registerJobHandler("test.always-busy", async () => {
      throw new ModelFailedError("timeout", "too slow", 1);
    });
    const { id } = await enqueueJob({ kind: "test.always-busy", subject: subject(), maxAttempts: 2 });
    expect(await runJobNow(id)).toBe("retry");
    await waitFor(async () => (await runJobNow(id)) === "failed", "the last attempt", { everyMs: 50 });
    expect(await jobById(id)).toMatchObject({
      status: "failed",
      attempts: 2,
      lastError: { code: "ai:timeout", message: "too slow" },
    });
    expect((await jobById(id))!.finishedAt).toBeInstanceOf(Date);
  });

  it("stores a permanent failure at once with its error, and a new job may be enqueued (Retry)", async () => {
    let calls = 0;
    registerJobHandler("test.broken", async () => {
      calls++;
      throw new Error("no such thing");
    });
    const s = subject();
    const { id } = await enqueueJob({ kind: "test.broken", subject: s, maxAttempts: 5 });
    expect(await runJobNow(id)).toBe("failed");
    expect(await jobById(id)).toMatchObject({
      status: "failed",
      attempts: 1,
      lastError: { code: "job:failed", message: "no such thing" },
    });
    expect(calls).toBe(1);
    expect(await enqueueJob({ kind: "test.broken", subject: s })).toMatchObject({ created: true });
  });
});

describe("leases", () => {
  it("takes over a job whose worker stopped renewing; the old worker's handler is aborted and records nothing", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const runs: { owner: string; aborted: boolean }[] = [];
    registerJobHandler(
      "test.slow",
      async ({ job, signal }) => {
        const run = { owner: job.leaseOwner!, aborted: false };
        runs.push(run);
        signal.addEventListener("abort", () => (run.aborted = true));
        if (runs.length === 1) await held;
      },
      { leaseMs: 300 },
    );
    const { id } = await enqueueJob({ kind: "test.slow", subject: subject() });
    // Worker A claims it; its renewals are made to fail by moving the lease to B once it expired.
    const [claimedByA] = await claimJobs({ owner: "worker-a", limit: 1, leaseMs: 300, only: [id] });
    const db = await getDb();
    // A stalls (a long GC pause, a frozen VM): its lease runs out before it renews.
    await db
      .update(jobs)
      .set({ leaseExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, id));
    const [claimedByB] = await claimJobs({ owner: "worker-b", limit: 1, leaseMs: 300, only: [id] });
    expect(claimedByB).toMatchObject({ id, attempts: 2, leaseOwner: "worker-b" });
    const a = runClaimedJob(claimedByA, "worker-a");
    await waitFor(() => runs[0]?.aborted === true, "worker A to learn its lease is lost");
    release();
    expect(await a).toBe("lost");
    expect(await runClaimedJob(claimedByB, "worker-b")).toBe("succeeded");
    expect(await jobById(id)).toMatchObject({ status: "succeeded", attempts: 2 });
  });

  it("fails a job abandoned on its last attempt instead of taking it over again", async () => {
    registerJobHandler("test.once", async () => {});
    const { id } = await enqueueJob({ kind: "test.once", subject: subject(), maxAttempts: 1 });
    await claimJobs({ owner: "dead", limit: 1, leaseMs: 100, only: [id] });
    await new Promise((resolve) => setTimeout(resolve, 150));
    await runDueJobs({ budgetMs: 2_000, concurrency: 1 });
    // Not claimed a second time: one attempt, failed as abandoned.
    expect(await jobById(id)).toMatchObject({ status: "failed", attempts: 1, lastError: { code: "job:abandoned" } });
  });
});

describe("the worker loop", () => {
  it("is woken at once by a job enqueued in its process, long before its next poll", async () => {
    let ran = 0;
    registerJobHandler("test.wake", async () => {
      ran++;
    });
    const stop = startJobWorker({ concurrency: 2, pollMs: 60_000 });
    try {
      // Let the first (empty) claim pass, so the loop sleeps on its 60 s poll.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const started = Date.now();
      const { id } = await enqueueJob({ kind: "test.wake", subject: subject() });
      await waitFor(async () => (await jobById(id))?.status === "succeeded", "the woken worker");
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(ran).toBe(1);
    } finally {
      await stop();
    }
  });

  it("purges succeeded and cancelled jobs past their retention, and keeps failed ones", async () => {
    const db = await getDb();
    const old = sql`now() - interval '10 days'`;
    const [succeeded, failed, recent] = await db
      .insert(jobs)
      .values([
        { kind: "test.purge", subject: subject(), status: "succeeded", finishedAt: old },
        { kind: "test.purge", subject: subject(), status: "failed", finishedAt: old },
        { kind: "test.purge", subject: subject(), status: "succeeded", finishedAt: sql`now()` },
      ])
      .returning({ id: jobs.id });
    expect(await purgeFinishedJobs(7)).toBeGreaterThanOrEqual(1);
    expect(await jobById(succeeded.id)).toBeUndefined();
    expect(await jobById(failed.id)).toBeDefined();
    expect(await jobById(recent.id)).toBeDefined();
  });
});

describe("GET /api/cron/jobs", () => {
  it("is off (404) without CRON_SECRET, 401 without the right bearer, and runs due jobs with it", async () => {
    applySettings({ CRON_SECRET: undefined });
    expect((await callRoute(cron)).status).toBe(404);
    applySettings({ CRON_SECRET: "a-cron-secret-long-enough" });
    expect((await callRoute(cron)).status).toBe(401);
    expect((await callRoute(cron, { headers: { authorization: "Bearer wrong-secret-of-some-length" } })).status).toBe(
      401,
    );
    let ran = 0;
    registerJobHandler("test.cron", async () => {
      ran++;
    });
    const ids = await Promise.all([1, 2, 3].map(() => enqueueJob({ kind: "test.cron", subject: subject() })));
    const res = await callRoute(cron, { headers: { authorization: "Bearer a-cron-secret-long-enough" } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true });
    expect(res.json.succeeded).toBeGreaterThanOrEqual(3);
    expect(ran).toBe(3);
    for (const { id } of ids) expect((await jobById(id))?.status).toBe("succeeded");
  });
});
