import { lessonForAuthor, lessonSaveSchema, MAX_LESSON_MARKDOWN, saveLessonText } from "@/features/authoring/server";
import { apiRoute } from "@/server/http/api";

type Params = { lessonId: string };

/** The lesson's text as its author edits it (Markdown), its picture and video, and the version a save must name. */
export const GET = apiRoute.user<Params>({}, async ({ user, t }, { lessonId }) => {
  const { id, title, markdown, version, media } = await lessonForAuthor(user.id, lessonId, t);
  return Response.json({ id, title, markdown, version, media });
});

/**
 * Saves the author's text as the lesson's next revision. A stale version is 409 `lesson:conflict`
 * with the stored text and its version, so the editor keeps both and nothing is overwritten.
 */
export const PUT = apiRoute.user<Params, typeof lessonSaveSchema>(
  // A lesson's Markdown, escaped in JSON, with room for the rest of the body.
  { body: lessonSaveSchema, bodyLimit: MAX_LESSON_MARKDOWN * 2 + 4096 },
  async ({ user, body, t, log }, { lessonId }) => {
    const outcome = await saveLessonText(user.id, lessonId, body, t);
    if (!outcome.saved) {
      const { message, ...current } = outcome.conflict;
      log.info({ userId: user.id, lessonId, version: current.version }, "lesson save refused: stale version");
      return Response.json({ success: false, code: "lesson:conflict", message, current }, { status: 409 });
    }
    log.info({ userId: user.id, lessonId, version: outcome.version }, "lesson saved");
    return Response.json({ success: true, version: outcome.version });
  },
);
