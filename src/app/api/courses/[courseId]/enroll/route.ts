import { enrol } from "@/features/courses/server";
import { leaveCourse } from "@/features/enrolment/server";
import { apiRoute } from "@/server/http/api";

/** Enrols the caller in an unlisted or public course: `{ success, owner }` (`owner` when it is theirs). */
export const POST = apiRoute.user<{ courseId: string }>({}, async ({ user, t, log }, { courseId }) => {
  const course = await enrol(user.id, courseId, t);
  log.info({ userId: user.id, courseId: course.id }, "enrolled");
  return Response.json({ success: true, owner: course.isOwner });
});

/** The caller leaves a course they enrolled in; everything of theirs in it goes. */
export const DELETE = apiRoute.user<{ courseId: string }>({}, async ({ user, t, log }, { courseId }) => {
  await leaveCourse(user.id, courseId, t);
  log.info({ userId: user.id, courseId }, "left course");
  return Response.json({ success: true });
});
