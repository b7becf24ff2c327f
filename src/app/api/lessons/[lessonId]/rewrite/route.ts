import { lessonRewriteSchema, lessonRewriteStream } from "@/features/authoring/server";
import { ndjsonResponse } from "@/server/ai/event-stream";
import { apiRoute } from "@/server/http/api";

type Params = { lessonId: string };

/** The lesson written again as its author instructs, streamed as a draft (NDJSON); nothing is stored. */
export const POST = apiRoute.user<Params, typeof lessonRewriteSchema>(
  { body: lessonRewriteSchema, model: true },
  async ({ request, user, body, t }, { lessonId }) =>
    ndjsonResponse(await lessonRewriteStream(user.id, lessonId, body.instruction, t, request.signal)),
);
