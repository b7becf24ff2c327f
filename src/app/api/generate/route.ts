import { lessonRefBodySchema } from "@/features/generation/schemas";
import { writeLessonText } from "@/features/learning/lesson-stream";
import { apiRoute } from "@/server/http/api";

/**
 * A lesson's theory HTML: written (with its media), stored and marked done when it has none yet,
 * through the same one-generation-per-lesson path as /api/lesson/stream.
 */
export const POST = apiRoute.user(
  { body: lessonRefBodySchema, model: true },
  async ({ user, body: { courseId, lessonId }, t }) => {
    const text = await writeLessonText(user.id, { courseId, lessonId }, t);
    return Response.json({ success: true, text });
  },
);
