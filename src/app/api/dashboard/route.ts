import { dashboardForApi } from "@/features/admin/server";
import { requestLocale } from "@/i18n/api-translator";
import { apiRoute } from "@/server/http/api";

/** SPEC "Admin dashboard response": admins only (a user gets 403 and never the admin's e-mail). */
export const POST = apiRoute.admin({}, async ({ user, request }) => {
  return Response.json(await dashboardForApi(user, requestLocale(request)), {
    headers: { "cache-control": "private, no-store" },
  });
});
