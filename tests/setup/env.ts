// Settings every test process starts with; a test that needs others sets them itself.
process.env.AUTH_SECRET ??= "test-secret-test-secret-test-secret-0123456789";
process.env.APP_URL ??= "http://localhost:3000";
process.env.LOG_LEVEL ??= "silent";
// Route tests stand in for scripts/server.mjs: they stamp x-aula-peer (tests/setup/http.ts), as it
// does, and the app believes that header only in a process it marked (src/server/http/client-ip.ts).
(globalThis as Record<symbol, unknown>)[Symbol.for("aula.peer-stamping")] = true;
// The key-point cards' model call after each lesson is written (src/features/review) would add to
// the model calls other tests count; the review tests turn it on.
process.env.REVIEW_KEY_POINTS ??= "false";
