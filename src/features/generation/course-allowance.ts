import "server-only";
import { countCoursesThisMonth, countCoursesThisMonthSql } from "@/features/courses/server";
import { isPaidPlan } from "@/features/plans/client";
import type { ApiTranslator } from "@/i18n/api-translator";
import { aiRateLimitKey, aiRateLimitRule } from "@/server/ai/rate-limit";
import type { SessionUser } from "@/server/auth/session";
import { env } from "@/server/env";
import { appError } from "@/server/http/errors";
import { hitRateLimitReading, rateLimitError } from "@/server/http/rate-limit";

type Caller = Pick<SessionUser, "id" | "plan">;

/** Courses a Free user may still create this month; null when the plan has no limit. */
export async function coursesLeftThisMonth(user: Caller): Promise<number | null> {
  if (isPaidPlan(user.plan)) return null;
  return Math.max(0, env().FREE_COURSES_PER_MONTH - (await countCoursesThisMonth(user.id)));
}

/**
 * Before a call that starts a course (outline or creation): the per-minute AI limit is counted
 * and this month's courses are read in one statement, since both stand between the learner
 * and the first streamed byte. Over the monthly allowance is a 403, over the rate a 429.
 */
export async function admitCourseGeneration(user: Caller, t: ApiTranslator): Promise<void> {
  const hit = await hitRateLimitReading(aiRateLimitKey(user.id), aiRateLimitRule(), countCoursesThisMonthSql(user.id));
  if (!isPaidPlan(user.plan) && hit.alsoRead >= env().FREE_COURSES_PER_MONTH) {
    throw appError("plan:course-limit", t, { values: { limit: env().FREE_COURSES_PER_MONTH } });
  }
  if (hit.limited) throw rateLimitError(hit, "rate:limited", t("generation.rateLimited"));
}
