import { getNotesBodySchema } from "@/features/learning/schemas";
import { notesFor } from "@/features/learning/notes";
import { apiRoute } from "@/server/http/api";

/** The caller's notes of a course: `message` is the HTML (the contract's field), `version` for saves. */
export const POST = apiRoute.user({ body: getNotesBodySchema }, async ({ user, body, t }) => {
  const notes = await notesFor(user.id, body.course, t);
  return Response.json({ success: true, message: notes.html, version: notes.version });
});
