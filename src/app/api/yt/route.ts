import { lessonRefBodySchema } from "@/features/generation/schemas";
import { lessonVideoForOwner } from "@/features/generation/server";
import { apiRoute } from "@/server/http/api";

/** A lesson's YouTube video id (`url`, as the contract names it), found and stored. */
export const POST = apiRoute.user(
  { body: lessonRefBodySchema, model: true },
  async ({ user, body: { courseId, lessonId }, t }) => {
    const videoId = await lessonVideoForOwner(user, courseId, lessonId, t);
    return Response.json({ success: true, url: videoId });
  },
);
