import { writingStatus } from "@/features/learning/writing-status";
import { apiRoute } from "@/server/http/api";

export const dynamic = "force-dynamic";

/**
 * How far the caller's course is written: `{ written, total, failed, running, queued, batch,
 * topics, failedLessons }`.
 */
export const GET = apiRoute.user<{ courseId: string }>({}, async ({ user, t }, { courseId }) => {
  const progress = await writingStatus(user.id, courseId, t);
  return Response.json(progress, { headers: { "cache-control": "private, no-store" } });
});
