import { z } from "zod";
import { classPage, deleteOwnClass, setClassMails } from "@/features/classes/server";
import { apiRoute } from "@/server/http/api";

type Params = { classId: string };
const mailsSchema = z.object({ notify: z.boolean() }).strict();

/** The class as its member sees it: teachers get its code and learners; a learner their assignments. */
export const GET = apiRoute.user<Params>({}, async ({ user, t }, { classId }) =>
  Response.json(await classPage(user.id, classId, t)),
);

/** A member turns their own mails from the class (new assignments, due-date reminders) off or on. */
export const PATCH = apiRoute.user<Params, typeof mailsSchema>(
  { body: mailsSchema },
  async ({ user, body, t, log }, { classId }) => {
    const { notify } = await setClassMails(user.id, classId, body.notify, t);
    log.info({ userId: user.id, classId, notify }, "class mails set");
    return Response.json({ success: true, notify });
  },
);

/** The class's owner deletes it; learners keep their enrolment and work in its courses. */
export const DELETE = apiRoute.user<Params>({}, async ({ user, t, log }, { classId }) => {
  await deleteOwnClass(user.id, classId, t);
  log.info({ userId: user.id, classId }, "class deleted");
  return Response.json({ success: true });
});
