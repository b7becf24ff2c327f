import { generateFormBodySchema } from "@/features/generation/schemas";
import { prepareOutline } from "@/features/generation/service";
import { apiTranslator } from "@/i18n/api-translator";
import { requireLanguageModel } from "@/server/ai/model";
import { requireRequestUser } from "@/server/auth/session";
import { readJson } from "@/server/http/api";

/**
 * Both outline routes (whole and streamed) start the same way: the caller from the session,
 * the form from the body, a configured model, then the plan, allowance and rate checks.
 */
export async function readOutlineRequest(request: Request) {
  const t = apiTranslator(request);
  const user = await requireRequestUser(request);
  const body = await readJson(request, generateFormBodySchema);
  await requireLanguageModel(t("generation.notConfigured"));
  return { user, prepared: await prepareOutline(user, body, t), t };
}
