/**
 * Every kind of durable job and who runs it: the one place handlers are registered (decision
 * 030). src/server cannot import features, so the composition root hands this list to the
 * engine: src/instrumentation.ts installs it in every process (setJobHandlerLoader), and the
 * engine runs it once before its first claim or run, whichever route or worker comes first.
 * A new kind is added here, and nowhere else.
 */
import { registerClassJobs } from "@/features/classes/server";
import { registerLessonJobs } from "@/features/learning/lesson-job";
import { registerQuizJobs } from "@/features/quiz/server";
import { registerReviewJobs } from "@/features/review/server";
import { registerSourceJobs } from "@/features/sources/server";
import { registerMailJobs } from "@/server/email/mailer";

export function registerJobHandlers(): void {
  registerMailJobs();
  registerLessonJobs();
  registerQuizJobs();
  registerReviewJobs();
  registerSourceJobs();
  registerClassJobs();
}
