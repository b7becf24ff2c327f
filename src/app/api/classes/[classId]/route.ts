import { classPage, deleteOwnClass } from "@/features/classes/server";
import { apiRoute } from "@/server/http/api";

type Params = { classId: string };

/** The class as its member sees it: teachers get its code and learners; a learner their assignments. */
export const GET = apiRoute.user<Params>({}, async ({ user, t }, { classId }) =>
  Response.json(await classPage(user.id, classId, t)),
);

/** The class's owner deletes it; learners keep their enrolment and work in its courses. */
export const DELETE = apiRoute.user<Params>({}, async ({ user, t, log }, { classId }) => {
  await deleteOwnClass(user.id, classId, t);
  log.info({ userId: user.id, classId }, "class deleted");
  return Response.json({ success: true });
});
