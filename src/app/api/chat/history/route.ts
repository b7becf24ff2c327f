import { chatHistoryBodySchema } from "@/features/learning/schemas";
import { chatHistoryFor } from "@/features/learning/chat";
import { apiRoute } from "@/server/http/api";

/**
 * The course's chat history, oldest first, each message with the lesson it was about, and
 * `sourcesOnly`: whether answers come from the course's material alone.
 */
export const POST = apiRoute.user({ body: chatHistoryBodySchema }, async ({ user, body, t }) => {
  const { messages, sourcesOnly } = await chatHistoryFor(user.id, body.courseId, t);
  return Response.json({ success: true, messages, sourcesOnly });
});
