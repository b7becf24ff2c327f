import { z } from "zod";
import { addSource, listSources } from "@/features/sources/server";
import { apiRoute } from "@/server/http/api";

/**
 * Adds material: a file (`multipart/form-data`, field `file`; optional `courseId`), or JSON
 * `{ url }` or `{ text, title }`. Answers 202 `{ sourceId }` at once; reading it is a job whose
 * progress GET /api/sources/{id} tells. The one route that accepts multipart (same-origin still).
 */
export const POST = apiRoute.user({ upload: true }, async ({ request, user, t }) => {
  const { sourceId } = await addSource(user, request, t);
  return Response.json({ success: true, sourceId }, { status: 202 });
});

/** The caller's sources, newest first; `?courseId=` those of one of their courses (another user's: 404). */
export const GET = apiRoute.user({ query: z.object({ courseId: z.uuid().optional() }) }, async ({ user, query, t }) => {
  return Response.json({ success: true, sources: await listSources(user, t, query.courseId) });
});
