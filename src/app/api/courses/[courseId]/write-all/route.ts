import { cancelWriteAll, writeAllLessons } from "@/features/learning/write-all";
import { apiRoute } from "@/server/http/api";

/**
 * "Write all lessons": every unwritten lesson of the caller's course is queued as a paced job
 * and written in the background, tab closed or not (202 with how many are on their way).
 * Another user's course is 404.
 */
export const POST = apiRoute.user<{ courseId: string }>({ model: true }, async ({ user, t, log }, { courseId }) => {
  const { queued } = await writeAllLessons(user.id, courseId, t);
  log.info({ userId: user.id, courseId, queued }, "write all lessons queued");
  return Response.json({ success: true, queued }, { status: 202 });
});

/** Calls it off: lessons not written yet stay so (one being written stops, storing nothing). */
export const DELETE = apiRoute.user<{ courseId: string }>({}, async ({ user, t, log }, { courseId }) => {
  const { cancelled } = await cancelWriteAll(user.id, courseId, t);
  log.info({ userId: user.id, courseId, cancelled }, "write all lessons cancelled");
  return Response.json({ success: true, cancelled });
});
