import { generateFormBodySchema } from "@/features/generation/schemas";
import { outlineEventStream, prepareOutline } from "@/features/generation/server";
import { ndjsonResponse } from "@/server/ai/event-stream";
import { apiRoute } from "@/server/http/api";

/**
 * The outline as it is written: newline-delimited JSON events (`start` at once, `waiting` while
 * the model is silent, `topic`, `retry`, then `done` with the same `generatedText` and
 * `outlineId` as /api/prompt, or `error`). Checks happen before the stream starts, so a refused
 * request is an ordinary JSON error.
 */
export const POST = apiRoute.user({ body: generateFormBodySchema, model: true }, async ({ request, user, body, t }) => {
  // Plan, allowance and rate checks come before the stream starts: a refusal is an ordinary JSON error.
  const prepared = await prepareOutline(user, body, t);
  return ndjsonResponse(outlineEventStream(user, prepared, t, request.signal));
});
