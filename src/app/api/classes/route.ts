import { z } from "zod";
import { createClass, listMemberClasses, shownJoinCode } from "@/features/classes/server";
import { apiRoute } from "@/server/http/api";

const createClassSchema = z.object({ name: z.string().trim().min(1).max(100) }).strict();

/** The caller's classes: those they teach and those they learn in. */
export const GET = apiRoute.user({}, async ({ user }) => Response.json({ classes: await listMemberClasses(user.id) }));

/** A user on a paid plan makes a class (403 `class:paid-plan` on the Free plan): `{ id, joinCode }`. */
export const POST = apiRoute.user<unknown, typeof createClassSchema>(
  { body: createClassSchema },
  async ({ user, body, t, log }) => {
    const made = await createClass(user, body.name, t);
    log.info({ userId: user.id, classId: made.id }, "class created");
    return Response.json({ id: made.id, joinCode: shownJoinCode(made.joinCode) }, { status: 201 });
  },
);
