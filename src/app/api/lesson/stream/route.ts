import { openLessonBodySchema } from "@/features/learning/schemas";
import { openLessonStream } from "@/features/learning/lesson-stream";
import { ndjsonResponse } from "@/server/ai/event-stream";
import { apiRoute } from "@/server/http/api";

/** Opens a lesson: its stored text at once, or its text streamed as the model writes it (NDJSON). */
export const POST = apiRoute.user({ body: openLessonBodySchema }, async ({ request, user, body, t }) => {
  return ndjsonResponse(await openLessonStream(user.id, body, t, request.signal));
});
