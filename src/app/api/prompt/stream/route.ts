import { generateFormBodySchema } from "@/features/generation/schemas";
import { outlineEventStream, prepareOutline } from "@/features/generation/service";
import { apiTranslator } from "@/i18n/api-translator";
import { requireLanguageModel } from "@/server/ai/model";
import { requireRequestUser } from "@/server/auth/session";
import { apiRoute, readJson } from "@/server/http/api";

/**
 * The outline as it is written: newline-delimited JSON events (`start`, `topic`, `retry`, then
 * `done` with the same `generatedText` as /api/prompt, or `error`). Checks happen before the
 * stream starts, so a refused request is an ordinary JSON error.
 */
export const POST = apiRoute(async ({ request }) => {
  const t = apiTranslator(request);
  const user = await requireRequestUser(request);
  const body = await readJson(request, generateFormBodySchema);
  await requireLanguageModel(t("generation.notConfigured"));
  const prepared = await prepareOutline(user, body, t);
  return new Response(outlineEventStream(prepared, t, request.signal), {
    headers: {
      "content-type": "application/x-ndjson; charset=utf-8",
      "cache-control": "no-store, no-transform",
      "x-accel-buffering": "no",
    },
  });
});
