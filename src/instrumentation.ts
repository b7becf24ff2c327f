/**
 * Next calls this once per server process before it serves anything. It is where the server
 * layer (settings, database, AI) meets the product (the super admin, the public site's first content): src/server never imports
 * src/features.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const [{ boot }, { ensureSuperAdmin }, { logPaymentProviders }, { ensureSiteContent }] = await Promise.all([
      import("@/server/boot"),
      import("@/features/accounts/service"),
      import("@/features/plans/service"),
      import("@/features/site/service"),
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
    // The durable jobs' worker loop, on a long-lived server (JOBS_MODE=worker, the default off
    // serverless hosts). Never while `next build` prerenders: that process ends when the build
    // does. The imports stay inside this branch: Next drops it from the Edge bundle only here.
    // Not awaited: Next holds every request until register() returns, and loading the handlers'
    // modules took about a second of that (issue 25 item 5). A job enqueued meanwhile is a row
    // the worker claims when it starts, as one enqueued by another instance is.
    if (process.env.NEXT_PHASE !== "phase-production-build") {
      void startJobs().catch((error: unknown) => console.error("the job worker did not start", error));
    }
  }
}

async function startJobs() {
  const [
    { env },
    { startJobWorker },
    { registerMailJobs },
    { registerLessonJobs },
    { registerQuizJobs },
    { registerReviewJobs },
    { registerSourceJobs },
  ] = await Promise.all([
    import("@/server/env"),
    import("@/server/jobs"),
    import("@/server/email/mailer"),
    import("@/features/learning/service"),
    import("@/features/quiz/service"),
    import("@/features/review/service"),
    import("@/features/sources/service"),
  ]);
  if (env().JOBS_MODE === "worker") {
    registerMailJobs();
    registerLessonJobs();
    registerQuizJobs();
    registerReviewJobs();
    registerSourceJobs();
    startJobWorker();
  }
}
