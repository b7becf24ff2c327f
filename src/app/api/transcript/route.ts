import { lessonRefBodySchema } from "@/features/generation/schemas";
import { lessonTranscriptForOwner } from "@/features/generation/service";
import { apiTranslator } from "@/i18n/api-translator";
import { requireRequestUser } from "@/server/auth/session";
import { apiRoute, readJson } from "@/server/http/api";

/** The captions of a lesson's video as `url: [{ text }]` (the contract's name for the list). */
export const POST = apiRoute(async ({ request }) => {
  const t = apiTranslator(request);
  const user = await requireRequestUser(request);
  const { courseId, lessonId } = await readJson(request, lessonRefBodySchema);
  const items = await lessonTranscriptForOwner(user, courseId, lessonId, t);
  return Response.json({ success: true, url: items });
});
