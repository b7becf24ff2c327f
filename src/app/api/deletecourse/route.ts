import { z } from "zod";
import { deleteCourse } from "@/features/courses/server";
import { apiRoute } from "@/server/http/api";

const bodySchema = z.object({ courseId: z.string().max(100) });

/** Deletes one of the caller's courses with its lessons, notes, chat and quiz. */
export const POST = apiRoute.user({ body: bodySchema }, async ({ user, body: { courseId }, t, log }) => {
  await deleteCourse(user.id, courseId, t);
  log.info({ userId: user.id, courseId }, "course deleted");
  return Response.json({ success: true });
});
