import { lessonRefBodySchema } from "@/features/generation/schemas";
import { lessonVideoForOwner } from "@/features/generation/service";
import { apiTranslator } from "@/i18n/api-translator";
import { requireLanguageModel } from "@/server/ai/model";
import { requireRequestUser } from "@/server/auth/session";
import { apiRoute, readJson } from "@/server/http/api";

/** A lesson's YouTube video id (`url`, as the contract names it), found and stored. */
export const POST = apiRoute(async ({ request }) => {
  const t = apiTranslator(request);
  const user = await requireRequestUser(request);
  const { courseId, lessonId } = await readJson(request, lessonRefBodySchema);
  await requireLanguageModel(t("generation.notConfigured"));
  const videoId = await lessonVideoForOwner(user, courseId, lessonId, t);
  return Response.json({ success: true, url: videoId });
});
