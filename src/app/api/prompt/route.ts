import { generateFormBodySchema } from "@/features/generation/schemas";
import { outlineAsText, prepareOutline } from "@/features/generation/service";
import { apiTranslator } from "@/i18n/api-translator";
import { requireLanguageModel } from "@/server/ai/model";
import { requireRequestUser } from "@/server/auth/session";
import { apiRoute, readJson } from "@/server/http/api";

/** The Generate form's fields → the outline as Course content JSON text (`generatedText`). */
export const POST = apiRoute(async ({ request }) => {
  const t = apiTranslator(request);
  const user = await requireRequestUser(request);
  const body = await readJson(request, generateFormBodySchema);
  await requireLanguageModel(t("generation.notConfigured"));
  const prepared = await prepareOutline(user, body, t);
  const generatedText = await outlineAsText(prepared, t, request.signal);
  return Response.json({ success: true, generatedText });
});
