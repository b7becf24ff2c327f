import { removeEditor } from "@/features/courses/server";
import { apiRoute } from "@/server/http/api";

type Params = { courseId: string; userId: string };

/** The owner removes an editor (by their account's id) or withdraws an invitation (by its id). */
export const DELETE = apiRoute.user<Params>({}, async ({ user, t, log }, { courseId, userId }) => {
  const editors = await removeEditor(user.id, courseId, userId, t);
  log.info({ userId: user.id, courseId }, "course editor removed");
  return Response.json({ success: true, editors });
});
