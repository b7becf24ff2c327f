import "server-only";
import { logger } from "@/server/logger";
import { stopJobsNow } from "./worker";

/**
 * What scripts/server.mjs awaits on SIGTERM before it exits (a plain function on globalThis: the
 * server script is no part of the bundle). Next's own server (`next start`, standalone
 * server.js) does not wait for it; there the hand-back races the exit, and a job it misses is
 * taken over once its lease runs out, as after a crash.
 */
const JOBS_STOP_HOOK = Symbol.for("aula.jobs.stop");

/**
 * On SIGTERM or SIGINT this process hands its running jobs back at once (stopJobsNow) instead of
 * leaving them to their leases: a deploy costs no lesson a minute's wait and no second model
 * call. Installed once per process by src/instrumentation.ts (and the tests' worker processes).
 * The process still exits as it would have: the server's own handler exits it, and where no
 * other handler listens, the signal is raised again once the jobs are handed back.
 */
export function stopJobsOnSignals(): void {
  const shared = globalThis as unknown as Record<symbol, unknown>;
  if (shared[JOBS_STOP_HOOK]) return;
  shared[JOBS_STOP_HOOK] = stopJobsNow;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      const othersListen = process.listenerCount(signal) > 0;
      void stopJobsNow()
        .catch((error: unknown) =>
          logger.warn({ err: error }, "running jobs not handed back; their leases will run out"),
        )
        .finally(() => {
          if (!othersListen) process.kill(process.pid, signal);
        });
    });
  }
}
