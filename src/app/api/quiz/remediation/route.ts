import { courseRefBodySchema } from "@/features/quiz/schemas";
import { startRemediation } from "@/features/quiz/server";
import { apiRoute } from "@/server/http/api";

/** "Review what I missed": the review lessons for the course's last failed quiz attempt (decision 025). */
export const POST = apiRoute.user({ body: courseRefBodySchema }, async ({ user, body, t }) => {
  const { lessons } = await startRemediation(user.id, body.courseId, t);
  return Response.json({ success: true, lessons });
});
