import { classLearners } from "@/features/classes/server";
import { apiRoute } from "@/server/http/api";

/** The teacher's view: each learner's standing in each of the class's courses, who needs help first. */
export const GET = apiRoute.user<{ classId: string }>({}, async ({ user, t }, { classId }) => {
  const report = await classLearners(user.id, classId, t);
  return Response.json({ learners: report.learners }, { headers: { "cache-control": "private, no-store" } });
});
