import { chatBodySchema } from "@/features/learning/schemas";
import { chatStream } from "@/features/learning/service";
import { apiTranslator } from "@/i18n/api-translator";
import { requireRequestUser } from "@/server/auth/session";
import { apiRoute, readJson } from "@/server/http/api";

/** The viewer's chat: the answer as it is written (NDJSON), stored with its question when whole. */
export const POST = apiRoute(async ({ request }) => {
  const t = apiTranslator(request);
  const user = await requireRequestUser(request);
  const body = await readJson(request, chatBodySchema);
  const stream = await chatStream(user.id, body, t, request.signal);
  return new Response(stream, {
    headers: { "content-type": "application/x-ndjson; charset=utf-8", "cache-control": "no-store", "x-accel-buffering": "no" },
  });
});
