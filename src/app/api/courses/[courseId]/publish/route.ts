import { publishCourse } from "@/features/authoring/server";
import { apiRoute } from "@/server/http/api";

type Params = { courseId: string };

/** Publishes the course's drafts: what its learners read from now on (decision 043). */
export const POST = apiRoute.user<Params>({}, async ({ user, t, log }, { courseId }) => {
  const published = await publishCourse(user.id, courseId, t);
  log.info({ userId: user.id, courseId, ...published }, "course published");
  return Response.json({ success: true, ...published });
});
