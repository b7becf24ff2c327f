import { queueQuerySchema } from "@/features/review/schemas";
import { reviewQueue } from "@/features/review/server";
import { apiRoute } from "@/server/http/api";

export const dynamic = "force-dynamic";

/**
 * The caller's cards for today, across courses or of `courseId` (another user's course is 404):
 * `{ cards: [{ id, courseId, front, back, intervals, isNew }], nextDue, doneToday }`; `intervals`
 * are the seconds until each button ("1" Again … "4" Easy) would bring the card back.
 */
export const GET = apiRoute.user<Record<string, never>, undefined, typeof queueQuerySchema>(
  { query: queueQuerySchema },
  async ({ user, t, query }) => {
    const queue = await reviewQueue(user.id, query.courseId, t);
    return Response.json(queue, { headers: { "cache-control": "private, no-store" } });
  },
);
