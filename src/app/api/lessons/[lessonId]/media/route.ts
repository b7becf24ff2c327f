import { lessonMediaSchema, saveLessonMedia } from "@/features/authoring/server";
import { apiRoute } from "@/server/http/api";

type Params = { lessonId: string };

/**
 * The lesson's picture (an upload, another search, or none), its caption and its video, saved as
 * the lesson's next revision; a stale version is 409 `lesson:conflict`.
 */
export const PUT = apiRoute.user<Params, typeof lessonMediaSchema>(
  // An inline picture of 2 MB is 2.7 MB of base64.
  { body: lessonMediaSchema, bodyLimit: 3 * 1024 * 1024 },
  async ({ user, body, t, log }, { lessonId }) => {
    const outcome = await saveLessonMedia(user.id, lessonId, body, t);
    if (!outcome.saved)
      return Response.json(
        { success: false, code: "lesson:conflict", message: outcome.message, current: { version: outcome.version } },
        { status: 409 },
      );
    log.info({ userId: user.id, lessonId, version: outcome.version }, "lesson media saved");
    return Response.json({ success: true, version: outcome.version, media: outcome.media });
  },
);
