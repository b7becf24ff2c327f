import { aiExamBodySchema } from "@/features/quiz/schemas";
import { serveQuiz } from "@/features/quiz/server";
import { apiRoute } from "@/server/http/api";

/**
 * SPEC "Quiz request": `message` is the questions as JSON text, each `{question, options}` with
 * lettered options and, unlike the SPEC, no answer (the server grades). The topics and language
 * come from the stored course, not the body; `renew: true` asks for new questions. Each call is
 * a new attempt (`attemptId`), its questions and options in a new order.
 */
export const POST = apiRoute.user({ body: aiExamBodySchema }, async ({ user, body, t }) => {
  const attempt = await serveQuiz(user, { courseId: body.courseId, renew: body.renew }, t);
  return Response.json({ success: true, message: JSON.stringify(attempt.questions), attemptId: attempt.attemptId });
});
