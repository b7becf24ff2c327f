import { lessonRefBodySchema } from "@/features/generation/schemas";
import { lessonImageForOwner } from "@/features/generation/server";
import { apiRoute } from "@/server/http/api";

/** A lesson's picture URL and its credit (found with a model-proposed phrase, then stored). */
export const POST = apiRoute.user(
  { body: lessonRefBodySchema, model: true },
  async ({ user, body: { courseId, lessonId }, t }) => {
    const image = await lessonImageForOwner(user, courseId, lessonId, t);
    return Response.json({ success: true, url: image.url, attribution: image.attribution });
  },
);
