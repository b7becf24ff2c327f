import { NOTES_BODY_LIMIT, saveNotesBodySchema } from "@/features/learning/schemas";
import { saveNotes } from "@/features/learning/service";
import { apiTranslator } from "@/i18n/api-translator";
import { requireRequestUser } from "@/server/auth/session";
import { apiRoute, readJson } from "@/server/http/api";

/** Saves the notes (sanitized); a save based on an older version than the stored one gets 409. */
export const POST = apiRoute(async ({ request }) => {
  const t = apiTranslator(request);
  const user = await requireRequestUser(request);
  const body = await readJson(request, saveNotesBodySchema, NOTES_BODY_LIMIT);
  const version = await saveNotes(user.id, body, t);
  return Response.json({ success: true, version });
});
