import "server-only";
import { after } from "next/server";
import { env } from "@/server/env";
import { logger } from "@/server/logger";
import { registeredKinds } from "./handlers";
import { claimJobs, insertJob, nextActiveJob, purgeFinishedJobs, type EnqueueInput } from "./queries";
import { claimDueJobs, jobEvents, leaseMsFor, processOwner, runClaimedJob, type JobOutcome } from "./runner";
import { jobById } from "./queries";

type WorkerState = { stop: () => Promise<void>; wake: () => void };
const holder = globalThis as unknown as { __aulaJobWorker?: WorkerState };

const PURGE_EVERY_MS = 60 * 60_000;

/** Whether this process runs a worker loop (then an enqueued job only needs to wake it). */
export function isWorkerRunning(): boolean {
  return Boolean(holder.__aulaJobWorker);
}

/**
 * Queues a job, or answers the active one of the same kind and subject (`created: false`).
 * This process's worker is woken at once; other instances find it at their next poll.
 */
export async function enqueueJob(input: EnqueueInput): Promise<{ id: string; created: boolean }> {
  const result = await insertJob(input);
  if (result.created) jobEvents().emit("enqueued", result.id);
  return result;
}

/**
 * Sees that a just-enqueued job starts now. With a worker loop in this process, waking it is
 * enough. Without (JOBS_MODE=inline, serverless), the request runs it itself: started at once,
 * and handed to `after()` so the platform keeps the function alive until it ends. A job another
 * worker holds is left to it.
 */
export function runJobSoon(id: string): void {
  if (isWorkerRunning()) {
    holder.__aulaJobWorker!.wake();
    return;
  }
  runJobHere(id);
}

/** Jobs this process runs outside its worker loop, still going (settleJobs waits for them). */
const inlineRuns = new Set<Promise<unknown>>();

/**
 * Runs the job in this process whatever the mode (a job that waits on another job it needs,
 * so that a worker whose slots are all taken cannot leave it waiting): started at once, and
 * handed to `after()` inside a request so a serverless platform keeps the function alive.
 */
export function runJobHere(id: string): void {
  const run = runJobNow(id).catch((error: unknown) => logger.error({ err: error, jobId: id }, "inline job failed"));
  inlineRuns.add(run);
  void run.finally(() => inlineRuns.delete(run));
  try {
    after(run);
  } catch {
    // Outside a request (a script, a test): nothing to keep alive, the promise runs on.
  }
}

/** Claims this one job if it is due (queued, or its lease ran out) and runs it here. */
export async function runJobNow(id: string): Promise<JobOutcome | "not-due"> {
  const job = await jobById(id);
  if (!job) return "not-due";
  const [claimed] = await claimJobs({ owner: processOwner, limit: 1, leaseMs: leaseMsFor(job.kind), only: [id] });
  return claimed ? runClaimedJob(claimed) : "not-due";
}

export type RunCounts = {
  claimed: number;
  succeeded: number;
  failed: number;
  retried: number;
  deferred: number;
  lost: number;
};

/**
 * Runs due jobs (expired leases included) until none is left or `budgetMs` has passed, at most
 * `concurrency` at a time: the cron route's work on a platform without a worker loop. A job
 * still running when the budget ends finishes first (its lease covers it).
 */
export async function runDueJobs(options: {
  budgetMs: number;
  concurrency?: number;
  owner?: string;
  /** Only these kinds (default: every registered one). */
  kinds?: string[];
}): Promise<RunCounts> {
  const counts: RunCounts = { claimed: 0, succeeded: 0, failed: 0, retried: 0, deferred: 0, lost: 0 };
  const concurrency = options.concurrency ?? env().JOBS_CONCURRENCY;
  const deadline = Date.now() + options.budgetMs;
  const lane = async () => {
    while (Date.now() < deadline) {
      const [job] = await claimDueJobs(1, options.kinds ?? registeredKinds(), options.owner);
      if (!job) return;
      counts.claimed++;
      const outcome = await runClaimedJob(job, options.owner);
      if (outcome === "succeeded") counts.succeeded++;
      else if (outcome === "failed") counts.failed++;
      else if (outcome === "retry") counts.retried++;
      else if (outcome === "deferred") counts.deferred++;
      else counts.lost++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return counts;
}

/**
 * The worker loop of a long-lived server: claims due jobs up to `concurrency` running at
 * once, then sleeps until `pollMs` passes, a job of this process is enqueued or one ends.
 * Finished jobs past their retention are purged about once an hour. Returns its stop.
 */
export function startJobWorker(
  options: { concurrency?: number; pollMs?: number; owner?: string } = {},
): () => Promise<void> {
  if (holder.__aulaJobWorker) return holder.__aulaJobWorker.stop;
  const settings = env();
  const concurrency = options.concurrency ?? settings.JOBS_CONCURRENCY;
  const pollMs = options.pollMs ?? settings.JOBS_POLL_MS;
  const owner = options.owner ?? processOwner;
  const running = new Set<Promise<unknown>>();
  let stopped = false;
  let lastPurge = 0;
  let wakeUp: (() => void) | null = null;
  const wake = () => {
    wakeUp?.();
    wakeUp = null;
  };
  const loop = (async () => {
    while (!stopped) {
      try {
        if (Date.now() - lastPurge > PURGE_EVERY_MS) {
          lastPurge = Date.now();
          const purged = await purgeFinishedJobs(settings.JOBS_RETENTION_DAYS);
          if (purged) logger.info({ purged }, "old jobs purged");
        }
        const free = concurrency - running.size;
        const claimed = free > 0 ? await claimDueJobs(free, registeredKinds(), owner) : [];
        for (const job of claimed) {
          const run = runClaimedJob(job, owner)
            .catch((error: unknown) => logger.error({ err: error, jobId: job.id }, "job run failed"))
            .finally(() => {
              running.delete(run);
              wake();
            });
          running.add(run);
        }
        // A full claim may leave more due: look again at once while there is room.
        if (claimed.length > 0 && claimed.length === free) continue;
      } catch (error) {
        logger.warn({ err: error }, "job worker could not claim; trying again");
      }
      if (stopped) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  })();
  const onEnqueued = () => wake();
  jobEvents().on("enqueued", onEnqueued);
  const stop = async () => {
    stopped = true;
    jobEvents().off("enqueued", onEnqueued);
    wake();
    await loop;
    await Promise.all(running);
    if (holder.__aulaJobWorker?.stop === stop) holder.__aulaJobWorker = undefined;
  };
  holder.__aulaJobWorker = { stop, wake };
  logger.info({ concurrency, pollMs }, "job worker started");
  return stop;
}

/**
 * For tests and scripts, which have no worker loop: waits for the jobs this process runs
 * inline, and runs due jobs of `kinds` (retries once their time comes, jobs whose lease ran
 * out) until none of those kinds is queued or running. Throws after `timeoutMs`.
 */
export async function settleJobs(kinds: string[], timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    while (inlineRuns.size > 0) await Promise.allSettled([...inlineRuns]);
    await runDueJobs({ budgetMs: Math.max(1, deadline - Date.now()), kinds });
    if (inlineRuns.size > 0) continue;
    const next = await nextActiveJob(kinds);
    if (!next) return;
    if (Date.now() >= deadline) throw new Error(`jobs still active after ${timeoutMs} ms: ${next.kind} ${next.id}`);
    // Until the retry is due or the lease of a worker that is gone runs out.
    const at = next.status === "queued" ? next.runAfter : (next.leaseExpiresAt ?? new Date());
    await new Promise((resolve) => setTimeout(resolve, Math.min(Math.max(at.getTime() - Date.now(), 10), 250)));
  }
}
