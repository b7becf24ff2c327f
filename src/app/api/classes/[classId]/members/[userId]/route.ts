import { removeMember } from "@/features/classes/server";
import { apiRoute } from "@/server/http/api";

/** A member leaves, a teacher removes a learner, the owner removes a co-teacher. */
export const DELETE = apiRoute.user<{ classId: string; userId: string }>(
  {},
  async ({ user, t, log }, { classId, userId }) => {
    await removeMember(user.id, classId, userId, t);
    log.info({ userId: user.id, classId, memberId: userId }, "class member removed");
    return Response.json({ success: true });
  },
);
