import { lessonRefBodySchema } from "@/features/generation/schemas";
import { lessonTranscriptForOwner } from "@/features/generation/server";
import { apiRoute } from "@/server/http/api";

/** The captions of a lesson's video as `url: [{ text }]` (the contract's name for the list). */
export const POST = apiRoute.user({ body: lessonRefBodySchema }, async ({ user, body: { courseId, lessonId }, t }) => {
  const items = await lessonTranscriptForOwner(user, courseId, lessonId, t);
  return Response.json({ success: true, url: items });
});
