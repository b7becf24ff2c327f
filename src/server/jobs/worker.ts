import "server-only";
import { after } from "next/server";
import { env } from "@/server/env";
import { logger } from "@/server/logger";
import { jobHandler, loadJobHandlers, registeredKinds } from "./handlers";
import {
  cancelFlaggedJobRows,
  cancelJobRow,
  insertJob,
  jobById,
  nextActiveJob,
  nextQueuedJob,
  purgeFinishedJobs,
  type EnqueueInput,
} from "./queries";
import {
  claim,
  claimDueJobs,
  handBackRunningJobs,
  isStopping,
  jobEvents,
  leaseMsFor,
  processOwner,
  runClaimedJob,
  type JobOutcome,
} from "./runner";

type WorkerState = { stop: () => Promise<void>; wake: () => void };
const holder = globalThis as unknown as { __aulaJobWorker?: WorkerState };

const PURGE_EVERY_MS = 60 * 60_000;

/** Whether this process runs a worker loop (then an enqueued job only needs to wake it). */
export function isWorkerRunning(): boolean {
  return Boolean(holder.__aulaJobWorker);
}

/**
 * Queues a job, or answers the active one of the same kind and subject (`created: false`), with
 * its kind's attempts (HandlerOptions.maxAttempts) unless `input` gives them.
 * This process's worker is woken at once; other instances find it at their next poll.
 */
export async function enqueueJob(input: EnqueueInput): Promise<{ id: string; created: boolean }> {
  // The kind's own number of attempts, unless the caller says otherwise.
  await loadJobHandlers();
  const maxAttempts = input.maxAttempts ?? jobHandler(input.kind)?.options.maxAttempts;
  const result = await insertJob({ ...input, maxAttempts });
  if (result.created) jobEvents().emit("enqueued", result.id);
  return result;
}

/** Cancels an active job; one running in this process stops at once, elsewhere at its next lease renewal, and stores nothing. */
export async function cancelJob(id: string): Promise<boolean> {
  const cancelled = await cancelJobRow(id);
  if (cancelled) jobEvents().emit("cancelled", id);
  return cancelled;
}

/**
 * Cancels the active jobs of a kind among these subjects whose payload has `flag: true` (a batch
 * called off); those running here stop at once. Answers how many.
 */
export async function cancelFlaggedJobs(kind: string, subjects: string[], flag: string): Promise<number> {
  const ids = await cancelFlaggedJobRows(kind, subjects, flag);
  for (const id of ids) jobEvents().emit("cancelled", id);
  return ids.length;
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
 * Without a worker loop (JOBS_MODE=inline), the same `after()` then goes on to the next due
 * jobs (runInlineChain), so a batch runs to its end without the cron.
 */
export function runJobHere(id: string): void {
  const run = (async () => {
    const deadline = Date.now() + env().JOBS_INLINE_CHAIN_MS;
    await runJobNow(id);
    if (!isWorkerRunning() && env().JOBS_MODE === "inline") await runInlineChain(deadline);
  })().catch((error: unknown) => logger.error({ err: error, jobId: id }, "inline job failed"));
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
  await loadJobHandlers();
  const job = await jobById(id);
  if (!job) return "not-due";
  const [claimed] = await claim({ owner: processOwner, limit: 1, leaseMs: leaseMsFor(job.kind), only: [id] });
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
  await loadJobHandlers();
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
 * Serverless (JOBS_MODE=inline): no worker loop looks for the next job, so each request that
 * ran a job goes on, inside the same `after()`, to the next due one, then the next, waiting for
 * a paced job whose turn comes before `deadline`. It starts no job after `deadline`
 * (JOBS_INLINE_CHAIN_MS from the request's own job, so the longest job still ends within the
 * host's time limit); what is left then is handed to a fresh invocation of the cron route
 * (`?chain=1`, when CRON_SECRET is set), which goes on the same way. The scheduled cron is
 * recovery only: jobs of a function that died.
 */
export async function runInlineChain(deadline: number): Promise<void> {
  await loadJobHandlers();
  const kinds = registeredKinds();
  while (!isStopping()) {
    if (Date.now() >= deadline) return handOffInlineChain(kinds);
    const [job] = await claimDueJobs(1, kinds);
    if (job) {
      await runClaimedJob(job);
      continue;
    }
    // Nothing due: a queued job whose time comes later (a paced lesson waiting for its window).
    const next = await nextQueuedJob(kinds);
    if (!next) return;
    const waitMs = next.runAfter.getTime() - Date.now();
    if (Date.now() + waitMs >= deadline) return handOffInlineChain(kinds);
    await sleepOrEnqueued(Math.max(10, waitMs));
  }
}

/**
 * Asks a fresh invocation of the cron route to go on with the queue (it answers at once and runs
 * the chain in its own `after()`). Not for a queue whose first job comes due later than another
 * chain's time (a class's reminder, days ahead): each invocation would only hand it on again
 * until then. The scheduled cron runs it once it is due.
 */
async function handOffInlineChain(kinds: string[]): Promise<void> {
  const { CRON_SECRET, APP_URL, JOBS_INLINE_CHAIN_MS } = env();
  if (!CRON_SECRET || isStopping()) return;
  const next = await nextActiveJob(kinds);
  if (!next || next.runAfter.getTime() > Date.now() + JOBS_INLINE_CHAIN_MS) return;
  try {
    const answer = await fetch(new URL("/api/cron/jobs?chain=1", APP_URL), {
      headers: { authorization: `Bearer ${CRON_SECRET}` },
      signal: AbortSignal.timeout(10_000),
    });
    await answer.body?.cancel();
    if (!answer.ok)
      logger.warn({ status: answer.status }, "the job chain could not be handed on; the cron goes on with it");
  } catch (error) {
    logger.warn({ err: error }, "the job chain could not be handed on; the cron goes on with it");
  }
}

/** Sleeps `ms`, or less when a job is enqueued in this process. */
function sleepOrEnqueued(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      jobEvents().off("enqueued", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    jobEvents().on("enqueued", done);
  });
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
    while (!stopped && !isStopping()) {
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
      if (stopped || isStopping()) break;
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

/** How long a stopping process waits for its handed-back handlers to return before it goes on. */
const STOP_WAIT_MS = 5_000;

/**
 * This process stops its jobs at once (a SIGTERM): it claims nothing more, hands every running
 * job back to the queue (due now, attempt given back), stops their handlers and its worker loop.
 * Once per process; answers how many jobs were handed back.
 */
export function stopJobsNow(): Promise<number> {
  const shared = globalThis as unknown as { __aulaJobsStop?: Promise<number> };
  shared.__aulaJobsStop ??= (async () => {
    const handedBack = await handBackRunningJobs();
    const worker = holder.__aulaJobWorker;
    if (worker) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([worker.stop(), new Promise((resolve) => (timer = setTimeout(resolve, STOP_WAIT_MS)))]);
      clearTimeout(timer);
    }
    return handedBack;
  })();
  return shared.__aulaJobsStop;
}
