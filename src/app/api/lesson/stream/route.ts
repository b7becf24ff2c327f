import { openLessonBodySchema } from "@/features/learning/schemas";
import { openLessonStream } from "@/features/learning/service";
import { apiTranslator } from "@/i18n/api-translator";
import { requireRequestUser } from "@/server/auth/session";
import { apiRoute, readJson } from "@/server/http/api";

/** Opens a lesson: its stored text at once, or its text streamed as the model writes it (NDJSON). */
export const POST = apiRoute(async ({ request }) => {
  const t = apiTranslator(request);
  const user = await requireRequestUser(request);
  const body = await readJson(request, openLessonBodySchema);
  const stream = await openLessonStream(user.id, body, t);
  return new Response(stream, {
    headers: { "content-type": "application/x-ndjson; charset=utf-8", "cache-control": "no-store", "x-accel-buffering": "no" },
  });
});
