import { quizForAuthor, quizSaveSchema, saveQuizForAuthor } from "@/features/quiz/server";
import { apiRoute } from "@/server/http/api";

type Params = { courseId: string };

/** The course's questions as its author edits them: each with its id, options, right letter and explanation. */
export const GET = apiRoute.user<Params>({}, async ({ user, t }, { courseId }) =>
  Response.json(await quizForAuthor(user.id, courseId, t)),
);

/**
 * Stores the author's questions, version-checked: a stale version is 409 `quiz:conflict` with the
 * stored questions, and nothing is stored.
 */
export const PUT = apiRoute.user<Params, typeof quizSaveSchema>(
  { body: quizSaveSchema },
  async ({ user, body, t, log }, { courseId }) => {
    const outcome = await saveQuizForAuthor(user.id, courseId, body, t);
    if (!outcome.saved) {
      const { message, ...current } = outcome.conflict;
      return Response.json({ success: false, code: "quiz:conflict", message, current }, { status: 409 });
    }
    log.info({ userId: user.id, courseId, version: outcome.version }, "quiz saved by its author");
    return Response.json({ success: true, version: outcome.version });
  },
);
