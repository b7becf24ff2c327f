import { outlineAsText } from "@/features/generation/service";
import { apiRoute } from "@/server/http/api";
import { readOutlineRequest } from "./read-outline-request";

/** The Generate form's fields → the outline as Course content JSON text (`generatedText`). */
export const POST = apiRoute(async ({ request }) => {
  const { prepared, t } = await readOutlineRequest(request);
  const generatedText = await outlineAsText(prepared, t, request.signal);
  return Response.json({ success: true, generatedText });
});
