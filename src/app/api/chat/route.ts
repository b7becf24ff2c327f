import { chatBodySchema } from "@/features/learning/schemas";
import { answerChat } from "@/features/learning/chat";
import { apiRoute } from "@/server/http/api";

/** The contract's chat call: the Course Assistant's whole answer. */
export const POST = apiRoute.user({ body: chatBodySchema }, async ({ user, body, t }) => {
  const text = await answerChat(user.id, body, t);
  return Response.json({ success: true, text });
});
