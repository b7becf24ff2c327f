import { lessonRefBodySchema } from "@/features/generation/schemas";
import { lessonImageForOwner } from "@/features/generation/service";
import { apiTranslator } from "@/i18n/api-translator";
import { requireLanguageModel } from "@/server/ai/model";
import { requireRequestUser } from "@/server/auth/session";
import { apiRoute, readJson } from "@/server/http/api";

/** A lesson's picture URL and its credit (found with a model-proposed phrase, then stored). */
export const POST = apiRoute(async ({ request }) => {
  const t = apiTranslator(request);
  const user = await requireRequestUser(request);
  const { courseId, lessonId } = await readJson(request, lessonRefBodySchema);
  await requireLanguageModel(t("generation.notConfigured"));
  const image = await lessonImageForOwner(user, courseId, lessonId, t);
  return Response.json({ success: true, url: image.url, attribution: image.attribution });
});
