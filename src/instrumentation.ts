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
        await ensureSuperAdmin({ email: settings.ADMIN_EMAIL, password: settings.ADMIN_PASSWORD });
        await ensureSiteContent();
        logPaymentProviders(settings);
      },
    });
    // The durable jobs' worker loop, on a long-lived server (JOBS_MODE=worker, the default off
    // serverless hosts). Never while `next build` prerenders: that process ends when the build
    // does. The imports stay inside this branch: Next drops it from the Edge bundle only here.
    if (process.env.NEXT_PHASE !== "phase-production-build") {
      const [
        { env },
        { startJobWorker },
        { registerMailJobs },
        { registerLessonJobs },
        { registerQuizJobs },
        { registerSourceJobs },
      ] = await Promise.all([
        import("@/server/env"),
        import("@/server/jobs"),
        import("@/server/email/mailer"),
        import("@/features/learning/service"),
        import("@/features/quiz/service"),
        import("@/features/sources/service"),
      ]);
      if (env().JOBS_MODE === "worker") {
        registerMailJobs();
        registerLessonJobs();
        registerQuizJobs();
        registerSourceJobs();
        startJobWorker();
      }
    }
  }
}
