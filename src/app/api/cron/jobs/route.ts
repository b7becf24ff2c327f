import { timingSafeEqual } from "node:crypto";
import { registerLessonJobs } from "@/features/learning/service";
import { registerQuizJobs } from "@/features/quiz/service";
import { registerReviewJobs } from "@/features/review/service";
import { registerSourceJobs } from "@/features/sources/service";
import { registerMailJobs } from "@/server/email/mailer";
import { env } from "@/server/env";
import { appError } from "@/server/http/errors";
import { runDueJobs } from "@/server/jobs";
import { apiRoute } from "@/server/http/api";

/** How long one call runs jobs: under a serverless function's usual limit, with room to answer. */
const BUDGET_MS = 50_000;

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A scheduler's tick (Vercel Cron, a system cron): runs due jobs and takes over those whose
 * worker died, for a bounded time, then answers with the counts. `Authorization: Bearer
 * ${CRON_SECRET}`; 401 without it, and 404 when CRON_SECRET is unset (the route is off).
 */
export const GET = apiRoute.public({}, async ({ request, t }) => {
  const secret = env().CRON_SECRET;
  if (!secret) throw appError("request:cron-off", t);
  const given = request.headers.get("authorization")?.match(/^Bearer (.+)$/)?.[1] ?? "";
  if (!sameSecret(given, secret)) throw appError("auth:unauthenticated", t);
  registerMailJobs();
  registerLessonJobs();
  registerQuizJobs();
  registerReviewJobs();
  registerSourceJobs();
  const counts = await runDueJobs({ budgetMs: BUDGET_MS });
  return Response.json({ success: true, ...counts });
});

export const maxDuration = 60;
