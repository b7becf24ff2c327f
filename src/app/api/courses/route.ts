import { z } from "zod";
import { COURSES_PAGE_SIZE, listCoursesForApi } from "@/features/courses/server";
import { apiRoute } from "@/server/http/api";

const querySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(COURSES_PAGE_SIZE),
  userId: z.string().max(100).optional(),
  // `false` leaves out each course's content JSON (the My Courses grid shows none of it).
  content: z
    .enum(["true", "false"])
    .default("true")
    .transform((value) => value === "true"),
});

/** The caller's courses, newest first, as a bare list (SPEC "Course"). */
export const GET = apiRoute.user({ query: querySchema }, async ({ user, query, t }) => {
  const list = await listCoursesForApi(user, query, t);
  return Response.json(list, { headers: { "cache-control": "private, no-store" } });
});
