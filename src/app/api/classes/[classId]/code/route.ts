import { rotateJoinCode, shownJoinCode } from "@/features/classes/server";
import { apiRoute } from "@/server/http/api";

/** A new join code (the old code and link stop working): the class's owner only. */
export const POST = apiRoute.user<{ classId: string }>({}, async ({ user, t }, { classId }) =>
  Response.json({ joinCode: shownJoinCode(await rotateJoinCode(user.id, classId, t)) }),
);
