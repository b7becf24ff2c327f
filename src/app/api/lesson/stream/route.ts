import { openLessonBodySchema } from "@/features/learning/schemas";
import { openLessonStream } from "@/features/learning/service";
import { apiTranslator } from "@/i18n/api-translator";
import { ndjsonResponse } from "@/server/ai/event-stream";
import { requireRequestUser } from "@/server/auth/session";
import { apiRoute, readJson } from "@/server/http/api";

/** Opens a lesson: its stored text at once, or its text streamed as the model writes it (NDJSON). */
export const POST = apiRoute(async ({ request }) => {
  const t = apiTranslator(request);
  const user = await requireRequestUser(request);
  const body = await readJson(request, openLessonBodySchema);
  return ndjsonResponse(await openLessonStream(user.id, body, t, request.signal));
});
