import { paidShape, listResponse } from "@/features/admin/api-shapes";
import { listQuerySchema } from "@/features/admin/schemas";
import { listPaidUsers } from "@/features/admin/server";
import { apiRoute } from "@/server/http/api";

/** Users on a paid plan now, with the subscription behind it ("admin" for an admin grant). Paginated by `q`, `page` and `limit`. */
export const GET = apiRoute.admin({ query: listQuerySchema }, async ({ query }) =>
  listResponse(await listPaidUsers(query), paidShape),
);
