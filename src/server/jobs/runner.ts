import "server-only";
import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import { env } from "@/server/env";
import { logger } from "@/server/logger";
import {
  isTransient,
  JobDeferred,
  jobError,
  jobHandler,
  JobLeaseLost,
  JobTimedOut,
  loadJobHandlers,
  retryDelayMs,
} from "./handlers";
import { claimJobs, failAbandonedJobs, finishJob, releaseJobs, renewLease, type Job } from "./queries";

export type JobOutcome = "succeeded" | "failed" | "retry" | "deferred" | "lost";

/** One attempt running in this process, whichever bundle's copy of this module started it. */
type Run = { owner: string; controller: AbortController };

/**
 * In-process state, on globalThis: Next bundles instrumentation.ts and each route apart, each
 * with its own copy of this module, and the shutdown must see the jobs every copy runs.
 * `events`: `enqueued` wakes this process's worker at once; `finished` (job id) wakes whoever
 * follows a job here; `cancelled` (job id) stops its run here at once. Other instances learn
 * all three by polling the table.
 */
const holder = globalThis as unknown as {
  __aulaJobEvents?: EventEmitter;
  __aulaJobRuns?: Map<string, Run>;
  __aulaJobsStopping?: boolean;
};
export function jobEvents(): EventEmitter {
  if (!holder.__aulaJobEvents) {
    holder.__aulaJobEvents = new EventEmitter();
    holder.__aulaJobEvents.setMaxListeners(0);
  }
  return holder.__aulaJobEvents;
}
const runs = () => (holder.__aulaJobRuns ??= new Map());

/** This process's name in lease_owner. */
export const processOwner = `${process.pid}-${randomUUID().slice(0, 8)}`;

export function leaseMsFor(kind: string): number {
  return jobHandler(kind)?.options.leaseMs ?? env().JOBS_LEASE_MS;
}

/** Whether this process is stopping: it claims nothing more. */
export function isStopping(): boolean {
  return Boolean(holder.__aulaJobsStopping);
}

/**
 * Every claim goes through here (the worker, a request running a job inline, the cron): nothing
 * once this process is stopping, and jobs abandoned on their last attempt (their worker died)
 * are failed first, on every path, so a follower sees them end instead of waiting on nobody.
 */
export async function claim(options: Parameters<typeof claimJobs>[0]): Promise<Job[]> {
  if (isStopping()) return [];
  for (const id of await failAbandonedJobs(options.only)) jobEvents().emit("finished", id, "failed");
  if (isStopping()) return [];
  const claimed = await claimJobs(options);
  // The stop came while the claim was on its way: these go back with the others.
  if (claimed.length > 0 && isStopping()) {
    await releaseJobs(
      options.owner,
      claimed.map((job) => job.id),
    );
    return [];
  }
  return claimed;
}

/**
 * Runs one claimed job under its lease: renewed every third of it; when a renewal finds the
 * lease gone (another worker took over, the job was cancelled, the server handed it back), the
 * handler's signal aborts with JobLeaseLost and nothing of this attempt is recorded. An attempt
 * that runs past its kind's time limit is stopped (JobTimedOut) without waiting for the handler:
 * it is retried or failed like any other failure, and the handler, should it go on, finds its
 * lease gone before it stores anything.
 */
export async function runClaimedJob(job: Job, owner: string = processOwner): Promise<JobOutcome> {
  await loadJobHandlers();
  const registered = jobHandler(job.kind);
  const leaseMs = leaseMsFor(job.kind);
  const limitMs = registered?.options.timeoutMs?.() ?? env().JOBS_TIMEOUT_MS;
  const controller = new AbortController();
  const loseLease = () => {
    if (!controller.signal.aborted) controller.abort(new JobLeaseLost());
  };
  const stillOwned = async () => {
    if (JobLeaseLost.is(controller.signal.reason)) return false;
    const owned = await renewLease(job.id, owner, leaseMs);
    if (!owned) loseLease();
    return owned;
  };
  const keepLease = async () => {
    if (!(await stillOwned())) throw new JobLeaseLost();
  };
  const onCancelled = (id: string) => {
    if (id === job.id) loseLease();
  };
  runs().set(job.id, { owner, controller });
  jobEvents().on("cancelled", onCancelled);
  const renewal = setInterval(
    () => {
      stillOwned().catch((error: unknown) => logger.warn({ err: error, jobId: job.id }, "job lease renewal failed"));
    },
    Math.max(50, Math.floor(leaseMs / 3)),
  );
  let limit: NodeJS.Timeout | undefined;
  const overTime = new Promise<never>((_, reject) => {
    limit = setTimeout(() => {
      const timedOut = new JobTimedOut(limitMs);
      if (!controller.signal.aborted) controller.abort(timedOut);
      reject(timedOut);
    }, limitMs);
  });
  overTime.catch(() => {});
  let outcome: JobOutcome;
  try {
    if (!registered) throw new Error(`no handler for job kind ${job.kind}`);
    await Promise.race([registered.handler({ job, signal: controller.signal, stillOwned, keepLease }), overTime]);
    outcome = (await finishJob(job.id, owner, { status: "succeeded" })) ? "succeeded" : "lost";
  } catch (thrown) {
    // A handler stopped by its time limit often throws the abort of its own call: the limit is the failure.
    const error = JobTimedOut.is(controller.signal.reason) ? controller.signal.reason : thrown;
    if (JobLeaseLost.is(controller.signal.reason) || JobLeaseLost.is(error)) {
      outcome = "lost";
    } else if (JobDeferred.is(error)) {
      outcome = (await finishJob(job.id, owner, { status: "defer", delayMs: error.delayMs })) ? "deferred" : "lost";
    } else {
      const transient = (registered?.options.transient ?? isTransient)(error, job);
      const recorded = jobError(error);
      if (transient && job.attempts < job.maxAttempts) {
        const delayMs = retryDelayMs(job.attempts, env().JOBS_RETRY_BASE_MS);
        outcome = (await finishJob(job.id, owner, { status: "retry", error: recorded, delayMs })) ? "retry" : "lost";
        logger.warn(
          { jobId: job.id, kind: job.kind, attempts: job.attempts, delayMs, code: recorded.code },
          "job will retry",
        );
      } else {
        outcome = (await finishJob(job.id, owner, { status: "failed", error: recorded })) ? "failed" : "lost";
        logger.warn({ jobId: job.id, kind: job.kind, attempts: job.attempts, code: recorded.code }, "job failed");
      }
    }
  } finally {
    clearInterval(renewal);
    clearTimeout(limit);
    jobEvents().off("cancelled", onCancelled);
    runs().delete(job.id);
  }
  if (outcome === "lost") logger.warn({ jobId: job.id, kind: job.kind }, "job lease lost; the attempt is dropped");
  jobEvents().emit("finished", job.id, outcome);
  return outcome;
}

/** Claims due jobs of the registered kinds (the engine's claim, abandoned jobs failed first). */
export async function claimDueJobs(limit: number, kinds: string[], owner: string = processOwner): Promise<Job[]> {
  // Each kind has its own lease; one claim per distinct lease keeps the common case to one query.
  const byLease = new Map<number, string[]>();
  for (const kind of kinds) byLease.set(leaseMsFor(kind), [...(byLease.get(leaseMsFor(kind)) ?? []), kind]);
  const claimed: Job[] = [];
  for (const [leaseMs, group] of byLease) {
    if (claimed.length >= limit) break;
    claimed.push(...(await claim({ owner, limit: limit - claimed.length, leaseMs, kinds: group })));
  }
  return claimed;
}

/**
 * A server on its way down: it claims nothing more, and every job running in this process goes
 * back to the queue at once (due now, its attempt given back), then its handler is stopped. Any
 * other instance, or this one restarted, takes them over without waiting for a lease to run
 * out. Answers how many were handed back.
 */
export async function handBackRunningJobs(): Promise<number> {
  holder.__aulaJobsStopping = true;
  const byOwner = new Map<string, string[]>();
  for (const [id, run] of runs()) byOwner.set(run.owner, [...(byOwner.get(run.owner) ?? []), id]);
  let handedBack = 0;
  try {
    for (const [owner, ids] of byOwner) handedBack += (await releaseJobs(owner, ids)).length;
  } finally {
    // Stopped even when the database could not be told: their leases run out as after a crash.
    for (const run of runs().values()) {
      if (!run.controller.signal.aborted) run.controller.abort(new JobLeaseLost());
    }
  }
  if (handedBack) logger.info({ handedBack }, "running jobs handed back on shutdown");
  return handedBack;
}

/** For tests: this process claims again after a hand-back. */
export function resumeClaimingForTests(): void {
  holder.__aulaJobsStopping = false;
}
