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
  type JobHandler,
  type HandlerOptions,
} from "./handlers";
export {
  activeJob,
  jobById,
  JOB_PRIORITY,
  newestJobs,
  promoteJob,
  type Job,
  type JobError,
  type JobStatus,
  type EnqueueInput,
} from "./queries";
export { jobEvents } from "./runner";
export { isDue, waitForJob, type WaitOptions } from "./follow";
export {
  cancelFlaggedJobs,
  cancelJob,
  enqueueJob,
  isWorkerRunning,
  runDueJobs,
  runInlineChain,
  runJobHere,
  runJobNow,
  runJobSoon,
  settleJobs,
  startJobWorker,
  stopJobsNow,
  type RunCounts,
} from "./worker";
export { stopJobsOnSignals } from "./shutdown";
