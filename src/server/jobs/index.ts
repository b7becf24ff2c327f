/**
 * Durable jobs on the database (decision 020). Features register a handler per kind and
 * enqueue; a worker loop (long-lived server), the request itself (inline, serverless) or the
 * cron route (GET /api/cron/jobs) runs them, each under a lease that a dead worker loses.
 */
import "server-only";

export {
  registerJobHandler,
  isTransient,
  JobDeferred,
  type JobContext,
  type JobHandler,
  type HandlerOptions,
} from "./handlers";
export {
  activeJob,
  cancelJob,
  cancelFlaggedJobs,
  jobById,
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
  enqueueJob,
  isWorkerRunning,
  runDueJobs,
  runJobHere,
  runJobNow,
  runJobSoon,
  settleJobs,
  startJobWorker,
  type RunCounts,
} from "./worker";
