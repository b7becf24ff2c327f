/**
 * Durable jobs on the database (decision 020). Features register a handler per kind and
 * enqueue; a worker loop (long-lived server), the request itself (inline, serverless) or the
 * cron route (GET /api/cron/jobs) runs them, each under a lease that a dead worker loses.
 */
import "server-only";

export {
  registerJobHandler,
  setJobHandlerLoader,
  isTransient,
  JobDeferred,
  JobLeaseLost,
  JobTimedOut,
  type JobContext,
} from "./handlers";
export { activeJob, jobById, JOB_PRIORITY, newestJobs, promoteJob, type Job, type JobError } from "./queries";
export { jobEvents } from "./runner";
export { isDue, waitForJob } from "./follow";
export {
  cancelFlaggedJobs,
  cancelJob,
  enqueueJob,
  isWorkerRunning,
  runDueJobs,
  runInlineChain,
  runJobNow,
  runJobSoon,
  settleJobs,
  startJobWorker,
} from "./worker";
export { stopJobsOnSignals } from "./shutdown";
