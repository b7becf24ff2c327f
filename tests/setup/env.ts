// Settings every test process starts with; a test that needs others sets them itself.
process.env.AUTH_SECRET ??= "test-secret-test-secret-test-secret-0123456789";
process.env.APP_URL ??= "http://localhost:3000";
process.env.LOG_LEVEL ??= "silent";
// The browser at the server's priority: beside two busy Jest workers a niced browser is starved
// by the test harness, not by requests. tests/integration/browser.test.ts checks the default.
process.env.BROWSER_NICENESS ??= "0";
// Route tests stand in for scripts/server.mjs: they stamp x-aula-peer (tests/setup/http.ts), as it
// does, and the app believes that header only in a process it marked (src/server/http/client-ip.ts).
(globalThis as Record<symbol, unknown>)[Symbol.for("aula.peer-stamping")] = true;
// The key-point cards' model call after each lesson is written (src/features/review) would add to
// the model calls other tests count; the review tests turn it on.
process.env.REVIEW_KEY_POINTS ??= "false";
// The app's one list of job handlers (src/app/job-handlers.ts), registered by the jobs engine
// before it first claims or runs a job, as src/instrumentation.ts installs it in the app. Set on
// the engine's globalThis slot (src/server/jobs/handlers.ts) so that this file imports nothing.
(globalThis as { __aulaJobHandlerLoader?: { load: () => Promise<void> } }).__aulaJobHandlerLoader = {
  load: async () => (await import("@/app/job-handlers")).registerJobHandlers(),
};
