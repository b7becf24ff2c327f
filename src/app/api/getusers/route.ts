import { userShape, listResponse } from "@/features/admin/api-shapes";
import { listQuerySchema } from "@/features/admin/schemas";
import { listUsers } from "@/features/admin/server";
import { apiRoute } from "@/server/http/api";

/** Every account, newest first; searched by name, e-mail, or the words Free and Paid. Paginated by `q`, `page` and `limit`. */
export const GET = apiRoute.admin({ query: listQuerySchema }, async ({ query }) =>
  listResponse(await listUsers(query), userShape),
);
