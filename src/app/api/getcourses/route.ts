import { courseShape, listResponse } from "@/features/admin/api-shapes";
import { listQuerySchema } from "@/features/admin/schemas";
import { listCourses } from "@/features/admin/server";
import { apiRoute } from "@/server/http/api";

/** Every course with its owner, newest first; searched by topic and owner. Paginated by `q`, `page` and `limit`. */
export const GET = apiRoute.admin({ query: listQuerySchema }, async ({ query }) =>
  listResponse(await listCourses(query), courseShape),
);
