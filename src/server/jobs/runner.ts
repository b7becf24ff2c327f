import "server-only";
import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import { env } from "@/server/env";
import { logger } from "@/server/logger";
import { isTransient, JobDeferred, jobError, jobHandler, retryDelayMs } from "./handlers";
import { claimJobs, failAbandonedJobs, finishJob, renewLease, type Job } from "./queries";

export type JobOutcome = "succeeded" | "failed" | "retry" | "deferred" | "lost";

/**
 * In-process signals: `enqueued` wakes this process's worker at once; `finished` (job id)
 * wakes whoever follows a job here. Other instances learn both by polling the table.
 */
const holder = globalThis as unknown as { __aulaJobEvents?: EventEmitter };
export function jobEvents(): EventEmitter {
  if (!holder.__aulaJobEvents) {
    holder.__aulaJobEvents = new EventEmitter();
    holder.__aulaJobEvents.setMaxListeners(0);
  }
  return holder.__aulaJobEvents;
}

/** This process's name in lease_owner. */
export const processOwner = `${process.pid}-${randomUUID().slice(0, 8)}`;

export function leaseMsFor(kind: string): number {
  return jobHandler(kind)?.options.leaseMs ?? env().JOBS_LEASE_MS;
}

/**
 * Runs one claimed job under its lease: renewed every third of it; when a renewal finds the
 * lease gone (this worker was too slow and another took over), the handler's signal aborts and
 * nothing of this attempt is recorded.
 */
export async function runClaimedJob(job: Job, owner: string = processOwner): Promise<JobOutcome> {
  const registered = jobHandler(job.kind);
  const leaseMs = leaseMsFor(job.kind);
  const controller = new AbortController();
  const stillOwned = async () => {
    const owned = await renewLease(job.id, owner, leaseMs);
    if (!owned && !controller.signal.aborted) controller.abort(new Error("job lease lost"));
    return owned;
  };
  const renewal = setInterval(
    () => {
      stillOwned().catch((error: unknown) => logger.warn({ err: error, jobId: job.id }, "job lease renewal failed"));
    },
    Math.max(50, Math.floor(leaseMs / 3)),
  );
  let outcome: JobOutcome;
  try {
    if (!registered) throw new Error(`no handler for job kind ${job.kind}`);
    await registered.handler({ job, signal: controller.signal, stillOwned });
    outcome = (await finishJob(job.id, owner, { status: "succeeded" })) ? "succeeded" : "lost";
  } catch (error) {
    const transient = (registered?.options.transient ?? isTransient)(error, job);
    const recorded = jobError(error);
    if (controller.signal.aborted) {
      outcome = "lost";
    } else if (error instanceof JobDeferred) {
      outcome = (await finishJob(job.id, owner, { status: "defer", delayMs: error.delayMs })) ? "deferred" : "lost";
    } else if (transient && job.attempts < job.maxAttempts) {
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
  } finally {
    clearInterval(renewal);
  }
  if (outcome === "lost") logger.warn({ jobId: job.id, kind: job.kind }, "job lease lost; the attempt is dropped");
  jobEvents().emit("finished", job.id, outcome);
  return outcome;
}

/** Claims due jobs of the registered kinds (and fails those abandoned on their last attempt). */
export async function claimDueJobs(limit: number, kinds: string[], owner: string = processOwner): Promise<Job[]> {
  await failAbandonedJobs();
  // Each kind has its own lease; one claim per distinct lease keeps the common case to one query.
  const byLease = new Map<number, string[]>();
  for (const kind of kinds) byLease.set(leaseMsFor(kind), [...(byLease.get(leaseMsFor(kind)) ?? []), kind]);
  const claimed: Job[] = [];
  for (const [leaseMs, group] of byLease) {
    if (claimed.length >= limit) break;
    claimed.push(...(await claimJobs({ owner, limit: limit - claimed.length, leaseMs, kinds: group })));
  }
  return claimed;
}
