import { z } from "zod";
import { joinClass } from "@/features/classes/server";
import { apiRoute } from "@/server/http/api";

const joinSchema = z.object({ code: z.string().max(40) }).strict();

/** The caller joins a class by its code (dash and case do not matter): `{ classId }`. */
export const POST = apiRoute.user<unknown, typeof joinSchema>({ body: joinSchema }, async ({ user, body, t, log }) => {
  const joined = await joinClass(user.id, body.code, t);
  log.info({ userId: user.id, classId: joined.classId }, "joined class");
  return Response.json(joined);
});
