/**
 * A separate app process that runs the job worker against DATABASE_URL, for a test that kills it
 * with SIGKILL mid-lesson (tests/integration/lesson-jobs-kill.test.ts). Run with
 * `node --require ./server-only.cjs --import tsx`, the model given by CHILD_AI_BASE_URL/MODEL.
 */
import { registerLessonJobs } from "@/features/learning/service";
import { setAiConfigForTests } from "@/server/ai/model";
import { startJobWorker } from "@/server/jobs";

setAiConfigForTests({
  provider: "openai-compatible",
  model: process.env.CHILD_AI_MODEL!,
  baseURL: process.env.CHILD_AI_BASE_URL!,
  source: "AI_PROVIDER",
});
registerLessonJobs();
startJobWorker({ concurrency: 1, pollMs: 100, owner: "child-worker" });
process.send?.("ready");
