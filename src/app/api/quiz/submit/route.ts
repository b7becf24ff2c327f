import { submitQuizBodySchema } from "@/features/quiz/schemas";
import { submitQuiz } from "@/features/quiz/server";
import { apiRoute } from "@/server/http/api";

/** Grades the answers on the server: one result per question, with the right letter and why. */
export const POST = apiRoute.user({ body: submitQuizBodySchema }, async ({ user, body, t }) => {
  const outcome = await submitQuiz(user, body, t);
  return Response.json({ success: true, ...outcome });
});
