import { NOTES_BODY_LIMIT, saveNotesBodySchema } from "@/features/learning/schemas";
import { saveNotes } from "@/features/learning/notes";
import { apiRoute } from "@/server/http/api";

/** Saves the notes (sanitized); a save based on an older version than the stored one gets 409. */
export const POST = apiRoute.user(
  { body: saveNotesBodySchema, bodyLimit: NOTES_BODY_LIMIT },
  async ({ user, body, t }) => {
    const version = await saveNotes(user.id, body, t);
    return Response.json({ success: true, version });
  },
);
