import { z } from "zod";
import { deleteCourse } from "@/features/courses/service";
import { apiTranslator } from "@/i18n/api-translator";
import { requireRequestUser } from "@/server/auth/session";
import { apiRoute, readJson } from "@/server/http/api";

const bodySchema = z.object({ courseId: z.string().max(100) });

/** Deletes one of the caller's courses with its lessons, notes, chat and quiz. */
export const POST = apiRoute(async ({ request, log }) => {
  const t = apiTranslator(request);
  const user = await requireRequestUser(request);
  const { courseId } = await readJson(request, bodySchema);
  await deleteCourse(user.id, courseId, t);
  log.info({ userId: user.id, courseId }, "course deleted");
  return Response.json({ success: true });
});
