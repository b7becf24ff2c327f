import {
  lessonPreviewSchema,
  MAX_LESSON_MARKDOWN,
  renderLesson,
  requireAuthoredLesson,
} from "@/features/authoring/server";
import { apiRoute } from "@/server/http/api";

type Params = { lessonId: string };

/**
 * The HTML the author's Markdown would be stored as, formulas and code included, for the
 * editor's preview; nothing is stored. A POST because the text is the body.
 */
export const POST = apiRoute.user<Params, typeof lessonPreviewSchema>(
  { body: lessonPreviewSchema, bodyLimit: MAX_LESSON_MARKDOWN * 2 + 4096 },
  async ({ user, body, t }, { lessonId }) => {
    await requireAuthoredLesson(user.id, lessonId, t);
    return Response.json({ html: renderLesson(body.markdown, t) });
  },
);
