import { generateFormBodySchema } from "@/features/generation/schemas";
import { outlineAsText, prepareOutline } from "@/features/generation/server";
import { apiRoute } from "@/server/http/api";

/**
 * The Generate form's fields → the outline as Course content JSON text (`generatedText`), and the
 * id under which the server keeps it (`outlineId`), which /api/course requires.
 */
export const POST = apiRoute.user({ body: generateFormBodySchema, model: true }, async ({ request, user, body, t }) => {
  const prepared = await prepareOutline(user, body, t);
  const { generatedText, outlineId } = await outlineAsText(user, prepared, t, request.signal);
  return Response.json({ success: true, generatedText, outlineId });
});
