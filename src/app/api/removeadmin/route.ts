import { emailBodySchema } from "@/features/admin/schemas";
import { removeAdmin } from "@/features/admin/server";
import { apiRoute } from "@/server/http/api";

/** Makes an admin a user again, ending the admin grant; never the Super admin (403). */
export const POST = apiRoute.admin({ body: emailBodySchema }, async ({ user, body, t }) => {
  await removeAdmin(user, body.email, t);
  return Response.json({ success: true });
});
