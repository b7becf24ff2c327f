import { updateBodySchema } from "@/features/learning/schemas";
import { updateCourseContent } from "@/features/learning/service";
import { apiTranslator } from "@/i18n/api-translator";
import { requireRequestUser } from "@/server/auth/session";
import { apiRoute, readJson } from "@/server/http/api";

/** The contract's update: the course content JSON back, with done flags, theory and media. */
export const POST = apiRoute(async ({ request }) => {
  const t = apiTranslator(request);
  const user = await requireRequestUser(request);
  const body = await readJson(request, updateBodySchema, 6_000_000);
  await updateCourseContent(user.id, body, t);
  return Response.json({ success: true });
});
