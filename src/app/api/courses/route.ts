import { z } from "zod";
import { COURSES_PAGE_SIZE, listCoursesForApi } from "@/features/courses/service";
import { apiTranslator } from "@/i18n/api-translator";
import { requireRequestUser } from "@/server/auth/session";
import { apiRoute } from "@/server/http/api";
import { appError } from "@/server/http/errors";

const querySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(COURSES_PAGE_SIZE),
  userId: z.string().max(100).optional(),
});

/** The caller's courses, newest first, as a bare list (SPEC "Course"). */
export const GET = apiRoute(async ({ request }) => {
  const t = apiTranslator(request);
  const user = await requireRequestUser(request);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const query = querySchema.safeParse(params);
  if (!query.success) throw appError("request:invalid", t);
  const list = await listCoursesForApi(user, query.data, t);
  return Response.json(list, { headers: { "cache-control": "private, no-store" } });
});
