import { contactShape, listResponse } from "@/features/admin/api-shapes";
import { listQuerySchema } from "@/features/admin/schemas";
import { listContacts } from "@/features/admin/server";
import { apiRoute } from "@/server/http/api";

/** Contact messages, newest first. Paginated by `q`, `page` and `limit`. */
export const GET = apiRoute.admin({ query: listQuerySchema }, async ({ query }) =>
  listResponse(await listContacts(query), contactShape),
);
