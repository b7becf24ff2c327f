import { chatBodySchema } from "@/features/learning/schemas";
import { answerChat } from "@/features/learning/service";
import { apiTranslator } from "@/i18n/api-translator";
import { requireRequestUser } from "@/server/auth/session";
import { apiRoute, readJson } from "@/server/http/api";

/** The contract's chat call: the Course Assistant's whole answer. */
export const POST = apiRoute(async ({ request }) => {
  const t = apiTranslator(request);
  const user = await requireRequestUser(request);
  const body = await readJson(request, chatBodySchema);
  const text = await answerChat(user.id, body, t);
  return Response.json({ success: true, text });
});
