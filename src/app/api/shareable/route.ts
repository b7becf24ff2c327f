import { z } from "zod";
import { sharedCourseForApi } from "@/features/sharing/server";
import { apiRoute } from "@/server/http/api";

const querySchema = z.object({ id: z.string().max(100) });

/** A shared course by its share id (public); unknown, no longer shared, or a course id: 404. */
export const GET = apiRoute.public({ query: querySchema }, async ({ query, t }) => {
  return Response.json(await sharedCourseForApi(query.id, t), { headers: { "cache-control": "no-store" } });
});
