import { chatBodySchema } from "@/features/learning/schemas";
import { chatStream } from "@/features/learning/chat";
import { ndjsonResponse } from "@/server/ai/event-stream";
import { apiRoute } from "@/server/http/api";

/** The viewer's chat: the answer as it is written (NDJSON), stored with its question when whole. */
export const POST = apiRoute.user({ body: chatBodySchema }, async ({ request, user, body, t }) => {
  return ndjsonResponse(await chatStream(user.id, body, t, request.signal));
});
