import { chatBodySchema } from "@/features/learning/schemas";
import { chatStream } from "@/features/learning/service";
import { apiTranslator } from "@/i18n/api-translator";
import { ndjsonResponse } from "@/server/ai/event-stream";
import { requireRequestUser } from "@/server/auth/session";
import { apiRoute, readJson } from "@/server/http/api";

/** The viewer's chat: the answer as it is written (NDJSON), stored with its question when whole. */
export const POST = apiRoute(async ({ request }) => {
  const t = apiTranslator(request);
  const user = await requireRequestUser(request);
  const body = await readJson(request, chatBodySchema);
  return ndjsonResponse(await chatStream(user.id, body, t, request.signal));
});
