import { questionRewriteSchema, rewriteQuestionForAuthor } from "@/features/quiz/server";
import { apiRoute } from "@/server/http/api";

type Params = { courseId: string };

/** One quiz question, as the author has it, written again as they instruct; nothing is stored. */
export const POST = apiRoute.user<Params, typeof questionRewriteSchema>(
  { body: questionRewriteSchema, model: true },
  async ({ user, body, t }, { courseId }) =>
    Response.json({ question: await rewriteQuestionForAuthor(user.id, courseId, body, t) }),
);
