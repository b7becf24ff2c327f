import { chatHistoryBodySchema } from "@/features/learning/schemas";
import { chatHistoryFor } from "@/features/learning/service";
import { apiTranslator } from "@/i18n/api-translator";
import { requireRequestUser } from "@/server/auth/session";
import { apiRoute, readJson } from "@/server/http/api";

/** The course's chat history, oldest first, each message with the lesson it was about. */
export const POST = apiRoute(async ({ request }) => {
  const t = apiTranslator(request);
  const user = await requireRequestUser(request);
  const body = await readJson(request, chatHistoryBodySchema);
  return Response.json({ success: true, messages: await chatHistoryFor(user.id, body.courseId, t) });
});
