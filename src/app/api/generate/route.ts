import { lessonRefBodySchema } from "@/features/generation/schemas";
import { writeLessonText } from "@/features/learning/service";
import { apiTranslator } from "@/i18n/api-translator";
import { requireLanguageModel } from "@/server/ai/model";
import { requireRequestUser } from "@/server/auth/session";
import { apiRoute, readJson } from "@/server/http/api";

/**
 * A lesson's theory HTML: written (with its media), stored and marked done when it has none yet,
 * through the same one-generation-per-lesson path as /api/lesson/stream.
 */
export const POST = apiRoute(async ({ request }) => {
  const t = apiTranslator(request);
  const user = await requireRequestUser(request);
  const { courseId, lessonId } = await readJson(request, lessonRefBodySchema);
  await requireLanguageModel(t("generation.notConfigured"));
  const text = await writeLessonText(user.id, { courseId, lessonId }, t);
  return Response.json({ success: true, text });
});
