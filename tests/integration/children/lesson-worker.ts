/**
 * A separate app process that runs the job worker against DATABASE_URL, for tests that kill it
 * with SIGKILL mid-work (tests/integration/lesson-jobs-kill.test.ts, write-all-kill.test.ts).
 * Run with `node --require ./server-only.cjs --import tsx`, the model given by
 * CHILD_AI_BASE_URL/MODEL; CHILD_OWNER and CHILD_CONCURRENCY name and size its worker. Asked
 * over IPC (`{ writeAll: { userId, courseId } }`), it queues "Write all lessons" itself, as the
 * server that answered the request would, and answers `{ queued }`. On SIGTERM it hands its
 * running jobs back and exits, as the app does (src/instrumentation.ts installs the same).
 */
import { writeAllLessons } from "@/features/learning/write-all";
import { registerLessonJobs } from "@/features/learning/lesson-job";
import { apiTranslator } from "@/i18n/api-translator";
import { setAiConfigForTests } from "@/server/ai/model";
import { startJobWorker, stopJobsOnSignals } from "@/server/jobs";

setAiConfigForTests({
  provider: "openai-compatible",
  model: process.env.CHILD_AI_MODEL!,
  baseURL: process.env.CHILD_AI_BASE_URL!,
  source: "AI_PROVIDER",
});
registerLessonJobs();
stopJobsOnSignals();
startJobWorker({
  concurrency: Number(process.env.CHILD_CONCURRENCY ?? 1),
  pollMs: 100,
  owner: process.env.CHILD_OWNER ?? "child-worker",
});

process.on("message", (message: { writeAll?: { userId: string; courseId: string } }) => {
  if (!message.writeAll) return;
  const { userId, courseId } = message.writeAll;
  const t = apiTranslator(new Request("http://localhost/", { headers: { "accept-language": "en" } }));
  writeAllLessons(userId, courseId, t).then(
    ({ queued }) => process.send?.({ queued }),
    (error: unknown) => process.send?.({ error: String(error) }),
  );
});
process.send?.("ready");
