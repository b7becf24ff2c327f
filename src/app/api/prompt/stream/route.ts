import { outlineEventStream } from "@/features/generation/service";
import { ndjsonResponse } from "@/server/ai/event-stream";
import { apiRoute } from "@/server/http/api";
import { readOutlineRequest } from "../read-outline-request";

/**
 * The outline as it is written: newline-delimited JSON events (`start` at once, `waiting` while
 * the model is silent, `topic`, `retry`, then `done` with the same `generatedText` and
 * `outlineId` as /api/prompt, or `error`). Checks happen before the stream starts, so a refused
 * request is an ordinary JSON error.
 */
export const POST = apiRoute(async ({ request }) => {
  const { user, prepared, t } = await readOutlineRequest(request);
  return ndjsonResponse(outlineEventStream(user, prepared, t, request.signal));
});
