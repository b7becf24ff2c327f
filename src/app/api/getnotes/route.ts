import { getNotesBodySchema } from "@/features/learning/schemas";
import { notesFor } from "@/features/learning/service";
import { apiTranslator } from "@/i18n/api-translator";
import { requireRequestUser } from "@/server/auth/session";
import { apiRoute, readJson } from "@/server/http/api";

/** The caller's notes of a course: `message` is the HTML (the contract's field), `version` for saves. */
export const POST = apiRoute(async ({ request }) => {
  const t = apiTranslator(request);
  const user = await requireRequestUser(request);
  const body = await readJson(request, getNotesBodySchema);
  const notes = await notesFor(user.id, body.course, t);
  return Response.json({ success: true, message: notes.html, version: notes.version });
});
