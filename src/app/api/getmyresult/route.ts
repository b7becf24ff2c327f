import { courseRefBodySchema } from "@/features/quiz/schemas";
import { quizResult } from "@/features/quiz/server";
import { apiRoute } from "@/server/http/api";

/** SPEC "Result lookup": `message` is whether the quiz is passed. */
export const POST = apiRoute.user({ body: courseRefBodySchema }, async ({ user, body, t }) => {
  const result = await quizResult(user.id, body.courseId, t);
  return Response.json({ success: true, message: result.passed, lang: result.lang, bestMark: result.bestMark });
});
