import { editorsForOwner, inviteEditor, inviteSchema } from "@/features/courses/server";
import { apiRoute } from "@/server/http/api";

type Params = { courseId: string };

/** The course's editors and open invitations, for its owner. */
export const GET = apiRoute.user<Params>({}, async ({ user, t }, { courseId }) =>
  Response.json({ editors: await editorsForOwner(user.id, courseId, t) }),
);

/** The owner invites an address to co-author the course; a mail carries the link that accepts. */
export const POST = apiRoute.user<Params, typeof inviteSchema>(
  { body: inviteSchema },
  async ({ user, body, t, log }, { courseId }) => {
    const editors = await inviteEditor(user, courseId, body.email, t);
    log.info({ userId: user.id, courseId }, "course editor invited");
    return Response.json({ success: true, editors });
  },
);
