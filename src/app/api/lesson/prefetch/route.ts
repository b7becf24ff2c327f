import { prefetchLessonBodySchema } from "@/features/learning/schemas";
import { prefetchLesson } from "@/features/learning/lesson-stream";
import { apiRoute } from "@/server/http/api";

/**
 * Starts writing a lesson in the background (the next one, while the learner reads). With
 * `wait`, answers when it is written, with the lesson, so the viewer shows it with no request;
 * a generation that fails answers with the model's failure (502 `ai:unavailable`…, 504 `ai:timeout`).
 */
export const POST = apiRoute.user({ body: prefetchLessonBodySchema }, async ({ user, body, t }) => {
  const result = await prefetchLesson(user.id, body, t);
  return Response.json({ success: true, ...result }, { status: result.state === "generating" ? 202 : 200 });
});
