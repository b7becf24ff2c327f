import { updateResultBodySchema } from "@/features/quiz/schemas";
import { quizResult } from "@/features/quiz/server";
import { apiRoute } from "@/server/http/api";

/**
 * The contract's mark post. A mark from the browser cannot be trusted, and `/api/quiz/submit`
 * already stored the graded one: this answers with the stored result and changes nothing.
 */
export const POST = apiRoute.user({ body: updateResultBodySchema }, async ({ user, body, t }) => {
  const result = await quizResult(user.id, body.courseId, t);
  return Response.json({ success: true, message: result.passed, bestMark: result.bestMark });
});
