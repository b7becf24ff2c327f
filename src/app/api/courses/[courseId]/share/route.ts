import { shareCourse, unshareCourse } from "@/features/sharing/server";
import { apiRoute } from "@/server/http/api";

/** Makes the caller's course shareable: the same share id each time while it stays shared. */
export const POST = apiRoute.user<{ courseId: string }>({}, async ({ user, t, log }, { courseId }) => {
  const { shareId, url } = await shareCourse(user.id, courseId, t);
  log.info({ userId: user.id, courseId }, "course shared");
  return Response.json({ success: true, shareId, url });
});

/** Stops sharing: old links then answer that the course is no longer shared. */
export const DELETE = apiRoute.user<{ courseId: string }>({}, async ({ user, t, log }, { courseId }) => {
  await unshareCourse(user.id, courseId, t);
  log.info({ userId: user.id, courseId }, "course no longer shared");
  return Response.json({ success: true });
});
