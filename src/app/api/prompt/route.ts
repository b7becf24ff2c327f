import { outlineAsText } from "@/features/generation/service";
import { apiRoute } from "@/server/http/api";
import { readOutlineRequest } from "./read-outline-request";

/**
 * The Generate form's fields → the outline as Course content JSON text (`generatedText`), and the
 * id under which the server keeps it (`outlineId`), which /api/course requires.
 */
export const POST = apiRoute(async ({ request }) => {
  const { user, prepared, t } = await readOutlineRequest(request);
  const { generatedText, outlineId } = await outlineAsText(user, prepared, t, request.signal);
  return Response.json({ success: true, generatedText, outlineId });
});
