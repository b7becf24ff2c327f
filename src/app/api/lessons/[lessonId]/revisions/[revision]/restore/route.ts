import { restoreLessonRevision } from "@/features/authoring/server";
import { apiRoute } from "@/server/http/api";

type Params = { lessonId: string; revision: string };

/** Brings the revision's text back as the lesson's newest revision; the text it replaces stays in the list. */
export const POST = apiRoute.user<Params>({}, async ({ user, t, log }, { lessonId, revision }) => {
  const { version } = await restoreLessonRevision(user.id, lessonId, revision, t);
  log.info({ userId: user.id, lessonId, revision, version }, "lesson revision restored");
  return Response.json({ success: true, version });
});
