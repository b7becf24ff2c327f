/**
 * Next calls this once per server process before it serves anything. It is where the server
 * layer (settings, database, AI) meets the product (the super admin, the public site's first content): src/server never imports
 * src/features.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const [{ boot }, { ensureSuperAdmin }, { logPaymentProviders }, { ensureSiteContent }] = await Promise.all([
      import("@/server/boot"),
      import("@/features/accounts/server"),
      import("@/features/plans/server"),
      import("@/features/site/server"),
    ]);
    await boot({
      afterMigrate: async (settings) => {
        // Together: a new super admin's password hash runs on libuv's threads while the site seeds.
        await Promise.all([
          ensureSuperAdmin({ email: settings.ADMIN_EMAIL, password: settings.ADMIN_PASSWORD }),
          ensureSiteContent(),
        ]);
        logPaymentProviders(settings);
      },
    });
    // Never while `next build` prerenders: that process ends when the build does. The imports
    // stay inside this branch: Next drops it from the Edge bundle only here.
    if (process.env.NEXT_PHASE !== "phase-production-build") {
      const { setJobHandlerLoader, stopJobsOnSignals } = await import("@/server/jobs");
      // Every process, whatever JOBS_MODE: the engine registers the app's one list of handlers
      // before it first claims or runs a job, so a request running one inline finds every kind.
      setJobHandlerLoader(async () => (await import("@/app/job-handlers")).registerJobHandlers());
      // On SIGTERM the jobs running here go back to the queue at once, not after their lease.
      stopJobsOnSignals();
      // The worker loop, on a long-lived server (JOBS_MODE=worker, the default off serverless
      // hosts). Not awaited: Next holds every request until register() returns, and loading the
      // handlers' modules took about a second of that (issue 25 item 5). A job enqueued
      // meanwhile is a row the worker claims when it starts, as one enqueued by another instance is.
      void startJobs().catch((error: unknown) => console.error("the job worker did not start", error));
    }
  }
}

async function startJobs() {
  const [{ env }, { startJobWorker }] = await Promise.all([import("@/server/env"), import("@/server/jobs")]);
  if (env().JOBS_MODE === "worker") startJobWorker();
}
