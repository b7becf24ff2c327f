import { acceptEditorInvitation, acceptSchema } from "@/features/courses/server";
import { apiRoute } from "@/server/http/api";

/**
 * The signed-in user accepts an invitation to co-author a course: by the mailed link's secret, or
 * by the invitation's id when it was sent to their account. Answers the course's id.
 */
export const POST = apiRoute.user({ body: acceptSchema }, async ({ user, body, t, log }) => {
  const courseId = await acceptEditorInvitation(user.id, body, t);
  log.info({ userId: user.id, courseId }, "course editor invitation accepted");
  return Response.json({ success: true, courseId });
});
