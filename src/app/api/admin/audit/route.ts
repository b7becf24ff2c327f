import { auditShape, listResponse } from "@/features/admin/api-shapes";
import { listQuerySchema } from "@/features/admin/schemas";
import { listAudit } from "@/features/admin/server";
import { apiRoute } from "@/server/http/api";

/** The admin audit log, newest first; searched by actor e-mail, action and target. */
export const GET = apiRoute.admin({ query: listQuerySchema }, async ({ query }) =>
  listResponse(await listAudit(query), auditShape),
);
