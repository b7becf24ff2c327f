import { timingSafeEqual } from "node:crypto";
import { after } from "next/server";
import { z } from "zod";
import { registerJobHandlers } from "@/app/job-handlers";
import { env } from "@/server/env";
import { appError } from "@/server/http/errors";
import { runDueJobs, runInlineChain } from "@/server/jobs";
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
 *
 * With `?chain=1` it is a serverless request whose job chain ran out of time handing the queue
 * on (src/server/jobs/worker.ts, runInlineChain): it answers 202 at once and goes on with the
 * chain in its own `after()`.
 */
export const GET = apiRoute.public(
  { query: z.object({ chain: z.literal("1").optional() }) },
  async ({ request, t, query, log }) => {
    const secret = env().CRON_SECRET;
    if (!secret) throw appError("request:cron-off", t);
    const given = request.headers.get("authorization")?.match(/^Bearer (.+)$/)?.[1] ?? "";
    if (!sameSecret(given, secret)) throw appError("auth:unauthenticated", t);
    registerJobHandlers();
    if (query.chain) {
      after(
        runInlineChain(Date.now() + env().JOBS_INLINE_CHAIN_MS).catch((error: unknown) =>
          log.error({ err: error }, "the handed-on job chain failed"),
        ),
      );
      return Response.json({ success: true, chained: true }, { status: 202 });
    }
    const counts = await runDueJobs({ budgetMs: BUDGET_MS });
    return Response.json({ success: true, ...counts });
  },
);

// A handed-on chain starts jobs for JOBS_INLINE_CHAIN_MS, and the last may run a few minutes more.
export const maxDuration = 300;
