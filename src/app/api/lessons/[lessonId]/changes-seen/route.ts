import { markChangesSeen } from "@/features/learning/server";
import { isUuid } from "@/lib/ids";
import { apiRoute } from "@/server/http/api";
import { appError } from "@/server/http/errors";

type Params = { lessonId: string };

/**
 * The learner has seen what changed in a lesson they had finished (decision 043): "Updated since
 * you read it" goes. Only the caller's own reading moves; a lesson they never finished is 404.
 */
export const POST = apiRoute.user<Params>({}, async ({ user, t }, { lessonId }) => {
  if (!isUuid(lessonId) || !(await markChangesSeen(user.id, lessonId))) throw appError("course:not-found", t);
  return Response.json({ success: true });
});
