import "server-only";
import { jobById, type Job } from "./queries";
import { jobEvents } from "./runner";
import { runJobHere, runJobSoon } from "./worker";

const POLL_MS = 500;

/** Whether a job could run and nobody is on it: queued and due, or running with its lease run out. */
export function isDue(job: Job, now: number = Date.now()): boolean {
  if (job.status === "queued") return job.runAfter.getTime() <= now;
  return job.status === "running" && (job.leaseExpiresAt?.getTime() ?? 0) < now;
}

export type WaitOptions = {
  /** How often the row is read when the job runs elsewhere (default 500 ms). */
  pollMs?: number;
  /** Give up after this long and answer the job as it is then (still active). */
  timeoutMs?: number;
  /**
   * Run a due job in this process rather than waking the worker: for a job that waits on
   * another from inside a worker slot, where waking a full worker would leave both waiting.
   */
  here?: boolean;
};

/**
 * Follows a job until it ends, from any request or job: answers its row as it ended (undefined
 * when the row is gone). Woken at once when it ends in this process, else reads the row every
 * `pollMs`. A job that is due and held by nobody (its worker died, a retry came due, no worker
 * runs here) is started meanwhile, so a follower never waits on nobody.
 */
export async function waitForJob(id: string, options: WaitOptions = {}): Promise<Job | undefined> {
  const pollMs = options.pollMs ?? POLL_MS;
  const deadline = options.timeoutMs === undefined ? Infinity : Date.now() + options.timeoutMs;
  for (;;) {
    const job = await jobById(id);
    if (!job || (job.status !== "queued" && job.status !== "running")) return job;
    if (Date.now() >= deadline) return job;
    if (isDue(job)) {
      if (options.here) runJobHere(id);
      else runJobSoon(id);
    }
    const until = job.status === "queued" ? Math.max(job.runAfter.getTime(), Date.now() + 10) : Infinity;
    await finishedOrAfter(id, Math.min(pollMs, deadline - Date.now(), until - Date.now()));
  }
}

/** Sleeps until the job ends in this process or `ms` passes. */
function finishedOrAfter(id: string, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const onFinished = (finished: string) => {
      if (finished === id) done();
    };
    const done = () => {
      clearTimeout(timer);
      jobEvents().off("finished", onFinished);
      resolve();
    };
    const timer = setTimeout(done, Math.max(0, ms));
    jobEvents().on("finished", onFinished);
  });
}
