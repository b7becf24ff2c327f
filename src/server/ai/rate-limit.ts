import "server-only";
import type { ApiTranslator } from "@/i18n/api-translator";
import { env } from "@/server/env";
import { enforceRateLimit, type RateLimitRule } from "@/server/http/rate-limit";

/*
 * The per-minute limit on AI calls lives here, in the infrastructure, rather than in the
 * generation feature: it guards the model (a cost and a shared resource), whichever feature
 * calls it — generation, the lesson writer and the Course Assistant (learning), the quiz — so
 * none of them has to import another feature to respect it.
 */

/** The counter every AI call of one user shares. */
export const aiRateLimitKey = (userId: string) => `ai:${userId}`;

export const aiRateLimitRule = (): RateLimitRule => ({ limit: env().AI_RATE_LIMIT_PER_MINUTE, windowMs: 60_000 });

/** Every AI call counts against the caller's per-minute limit (outlines, lessons, chat, quizzes). */
export async function enforceAiRateLimit(userId: string, t: ApiTranslator): Promise<void> {
  await enforceRateLimit(aiRateLimitKey(userId), aiRateLimitRule(), t("generation.rateLimited"));
}
