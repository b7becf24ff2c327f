/**
 * The jobs engine keeps its promises (issue 32 item 2, decision 030), on a real database:
 * a deferral thrown by another copy of the class still defers; the claim takes higher priority
 * first; a hanging handler is stopped by its run-time limit; a job abandoned on its last attempt
 * fails on the inline path too; a cancelled or handed-back job stops at once with JobLeaseLost
 * and records nothing; and without a worker loop (JOBS_MODE=inline) each finished job starts the
 * next, so a queue runs to its end with nobody sweeping it.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { inArray, sql } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { jobs } from "@/server/db/schema";
import {
  cancelJob,
  enqueueJob,
  jobById,
  JobDeferred,
  JobLeaseLost,
  JOB_PRIORITY,
  JobTimedOut,
  registerJobHandler,
  runDueJobs,
  runInlineChain,
  runJobNow,
  runJobSoon,
  waitForJob,
  type JobContext,
} from "@/server/jobs";
import { claimJobs } from "@/server/jobs/queries";
import { handBackRunningJobs, isStopping, resumeClaimingForTests, runClaimedJob } from "@/server/jobs/runner";
import { applySettings, withSettings } from "../setup/settings";
import { useTestDatabase } from "../setup/test-db";
import { waitFor } from "../setup/wait";

useTestDatabase();

beforeAll(() => applySettings({ JOBS_RETRY_BASE_MS: "50", JOBS_LEASE_MS: "60000" }));

// Each test's leftovers (a job handed back, one still waiting) are nobody else's to run.
afterEach(async () => {
  await (
    await getDb()
  )
    .update(jobs)
    .set({ status: "cancelled", leaseOwner: null, leaseExpiresAt: null })
    .where(sql`${jobs.status} in ('queued', 'running')`);
});

/** What a promise rejected with. */
const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

let counter = 0;
const subject = () => `promise-${++counter}-${Date.now()}`;

/** A handler that runs until its signal aborts (or forever, if it ignores it), telling who started it. */
function hangingHandler(started: JobContext[], { ignoreSignal = false } = {}) {
  return (context: JobContext) => {
    started.push(context);
    return new Promise<void>((_, reject) => {
      if (!ignoreSignal) context.signal.addEventListener("abort", () => reject(context.signal.reason), { once: true });
    });
  };
}

describe("a deferral made by another copy of JobDeferred", () => {
  it("defers the job (attempt given back, no error) rather than failing it", async () => {
    // What the production build does: the route's bundle and the worker's each have their own
    // copy of the module, so the class a handler throws is not the runner's.
    let OtherCopy: typeof JobDeferred | undefined;
    await jest.isolateModulesAsync(async () => {
      OtherCopy = (await import("@/server/jobs/handlers")).JobDeferred;
    });
    expect(OtherCopy).toBeDefined();
    expect(OtherCopy).not.toBe(JobDeferred);
    expect(new OtherCopy!(1) instanceof JobDeferred).toBe(false);
    expect(JobDeferred.is(new OtherCopy!(1))).toBe(true);

    registerJobHandler("test.deferred-elsewhere", async () => {
      throw new OtherCopy!(60_000);
    });
    const { id } = await enqueueJob({ kind: "test.deferred-elsewhere", subject: subject() });
    expect(await runJobNow(id)).toBe("deferred");
    const job = await jobById(id);
    expect(job).toMatchObject({ status: "queued", attempts: 0, lastError: null, leaseOwner: null });
    expect(job!.runAfter.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });
});

describe("priority", () => {
  it("claims a wanted job before every background job already due, then the background ones in order", async () => {
    const order: string[] = [];
    registerJobHandler("test.ordered", async ({ job }) => {
      order.push(job.subject);
    });
    const batch = [subject(), subject(), subject()];
    for (const s of batch) await enqueueJob({ kind: "test.ordered", subject: s });
    const wanted = subject();
    await enqueueJob({ kind: "test.ordered", subject: wanted, priority: JOB_PRIORITY.wanted });
    await runDueJobs({ budgetMs: 10_000, concurrency: 1, kinds: ["test.ordered"] });
    expect(order).toEqual([wanted, ...batch]);
  });
});

describe("the run-time limit", () => {
  it("stops a handler that hangs, ignoring its signal: retried, then failed as job:timed-out", async () => {
    const started: JobContext[] = [];
    registerJobHandler("test.hangs", hangingHandler(started, { ignoreSignal: true }), {
      maxAttempts: 2,
      timeoutMs: () => 300,
    });
    const { id } = await enqueueJob({ kind: "test.hangs", subject: subject() });
    const began = Date.now();
    expect(await runJobNow(id)).toBe("retry");
    expect(Date.now() - began).toBeLessThan(5_000);
    expect(started[0].signal.aborted).toBe(true);
    expect(JobTimedOut.is(started[0].signal.reason)).toBe(true);
    expect(await jobById(id)).toMatchObject({ status: "queued", attempts: 1, lastError: { code: "job:timed-out" } });
    // The hanging attempt cannot store anything: its lease is gone.
    expect(JobLeaseLost.is(await rejection(started[0].keepLease()))).toBe(true);

    await waitFor(async () => (await runJobNow(id)) !== "not-due", "the retry to come due", { timeoutMs: 5_000 });
    expect(await jobById(id)).toMatchObject({ status: "failed", attempts: 2, lastError: { code: "job:timed-out" } });
  });
});

describe("a job abandoned on its last attempt", () => {
  it("fails on the inline path (a request running or following it), not only by the cron's sweep", async () => {
    registerJobHandler("test.abandoned", async () => {});
    const { id } = await enqueueJob({ kind: "test.abandoned", subject: subject(), maxAttempts: 1 });
    // Its only attempt was claimed by a worker that died.
    await claimJobs({ owner: "dead-worker", limit: 1, leaseMs: 100, only: [id] });
    await waitFor(async () => (await jobById(id))!.leaseExpiresAt!.getTime() < Date.now() - 10, "the lease to run out");
    // A follower (waitForJob starts a due job with runJobSoon, inline here: no worker runs).
    const ended = await waitForJob(id, { pollMs: 50, timeoutMs: 5_000 });
    expect(ended).toMatchObject({ status: "failed", attempts: 1, lastError: { code: "job:abandoned" } });
  });
});

describe("lease lost", () => {
  it("is one error: a cancelled running job stops at once (long before a renewal), and its attempt records nothing", async () => {
    const started: JobContext[] = [];
    registerJobHandler("test.cancelled", hangingHandler(started), { leaseMs: 60_000 });
    const { id } = await enqueueJob({ kind: "test.cancelled", subject: subject() });
    const [claimed] = await claimJobs({ owner: "here", limit: 1, leaseMs: 60_000, only: [id] });
    const run = runClaimedJob(claimed, "here");
    await waitFor(() => started.length === 1, "the handler to start");
    const cancelledAt = Date.now();
    expect(await cancelJob(id)).toBe(true);
    expect(await run).toBe("lost");
    // Renewals come every 20 s with this lease: the stop came from the cancel itself.
    expect(Date.now() - cancelledAt).toBeLessThan(5_000);
    expect(JobLeaseLost.is(started[0].signal.reason)).toBe(true);
    expect(JobLeaseLost.is(await rejection(started[0].keepLease()))).toBe(true);
    expect(await started[0].stillOwned()).toBe(false);
    expect(await jobById(id)).toMatchObject({ status: "cancelled", lastError: null });
  });
});

describe("a server stopping (SIGTERM)", () => {
  afterEach(() => resumeClaimingForTests());

  it("hands its running jobs back at once (due now, attempt given back), stops their handlers and claims nothing more", async () => {
    const started: JobContext[] = [];
    registerJobHandler("test.handed-back", hangingHandler(started), { leaseMs: 60_000 });
    const ids = [
      (await enqueueJob({ kind: "test.handed-back", subject: subject() })).id,
      (await enqueueJob({ kind: "test.handed-back", subject: subject() })).id,
    ];
    const running = runDueJobs({ budgetMs: 30_000, concurrency: 2, kinds: ["test.handed-back"] });
    await waitFor(() => started.length === 2, "both jobs to run");
    const waiting = (await enqueueJob({ kind: "test.handed-back", subject: subject() })).id;

    expect(await handBackRunningJobs()).toBe(2);
    expect(isStopping()).toBe(true);
    const counts = await running;
    expect(counts).toMatchObject({ claimed: 2, lost: 2, succeeded: 0, failed: 0 });
    for (const context of started) expect(JobLeaseLost.is(context.signal.reason)).toBe(true);
    const rows = await (await getDb()).select().from(jobs).where(inArray(jobs.id, ids));
    for (const row of rows) {
      expect(row).toMatchObject({ status: "queued", attempts: 0, leaseOwner: null, lastError: null });
      expect(row.runAfter.getTime()).toBeLessThanOrEqual(Date.now());
    }
    // Nothing more is claimed here, the third job included.
    expect(await runJobNow(waiting)).toBe("not-due");
    expect(await runDueJobs({ budgetMs: 500, kinds: ["test.handed-back"] })).toMatchObject({ claimed: 0 });
  });
});

describe("serverless (JOBS_MODE=inline)", () => {
  it("each finished job starts the next within the same after(): a queue runs to its end, a paced job waited for", async () => {
    const ran: string[] = [];
    registerJobHandler("test.chain", async ({ job }) => {
      ran.push(job.subject);
    });
    const subjects = Array.from({ length: 6 }, () => subject());
    const ids: string[] = [];
    for (const s of subjects) ids.push((await enqueueJob({ kind: "test.chain", subject: s })).id);
    // One waits its turn (a paced lesson over its rate limit): due in 400 ms.
    const later = (await enqueueJob({ kind: "test.chain", subject: subject(), runAfter: new Date(Date.now() + 400) }))
      .id;
    await withSettings({ JOBS_MODE: "inline", JOBS_INLINE_CHAIN_MS: "30000" }, async () => {
      // The request that enqueued them starts one; nobody sweeps (no worker, no cron, no runDueJobs).
      runJobSoon(ids[0]);
      await waitFor(
        async () => {
          const rows = await (
            await getDb()
          )
            .select({ status: jobs.status })
            .from(jobs)
            .where(inArray(jobs.id, [...ids, later]));
          return rows.every((row) => row.status === "succeeded");
        },
        "every job of the queue to run",
        { timeoutMs: 20_000, everyMs: 50 },
      );
    });
    expect(ran).toHaveLength(7);
    expect(new Set(ran).size).toBe(7);
  });

  it("past its time, the chain hands the queue on to a fresh invocation of the cron route", async () => {
    registerJobHandler("test.handed-on", async () => {});
    const { id } = await enqueueJob({ kind: "test.handed-on", subject: subject() });
    const calls: { url?: string; authorization?: string }[] = [];
    const app: Server = createServer((request, response) => {
      calls.push({ url: request.url, authorization: request.headers.authorization });
      response.writeHead(202, { "content-type": "application/json" }).end('{"success":true,"chained":true}');
    });
    await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
    try {
      const appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
      await withSettings({ CRON_SECRET: "chain-secret-0123456789", APP_URL: appUrl }, () =>
        runInlineChain(Date.now() - 1),
      );
    } finally {
      await new Promise((resolve) => app.close(resolve));
    }
    expect(calls).toEqual([{ url: "/api/cron/jobs?chain=1", authorization: "Bearer chain-secret-0123456789" }]);
    // It ran nothing itself: its time was up.
    expect(await jobById(id)).toMatchObject({ status: "queued", attempts: 0 });
  });

  it("does not hand on a queue whose next job is due only after another chain's time (a reminder days ahead)", async () => {
    registerJobHandler("test.far-off", async () => {});
    const { id } = await enqueueJob({
      kind: "test.far-off",
      subject: subject(),
      runAfter: new Date(Date.now() + 3 * 24 * 3600 * 1000),
    });
    const calls: string[] = [];
    const app: Server = createServer((request, response) => {
      calls.push(request.url ?? "");
      response.writeHead(202, { "content-type": "application/json" }).end('{"success":true,"chained":true}');
    });
    await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
    try {
      const appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
      await withSettings(
        { CRON_SECRET: "chain-secret-0123456789", APP_URL: appUrl, JOBS_INLINE_CHAIN_MS: "30000" },
        async () => {
          // Time left, and time up: neither waits for it nor hands it on.
          await runInlineChain(Date.now() + 30_000);
          await runInlineChain(Date.now() - 1);
        },
      );
    } finally {
      await new Promise((resolve) => app.close(resolve));
      await cancelJob(id);
    }
    expect(calls).toEqual([]);
  });
});
