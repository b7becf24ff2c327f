import { emailBodySchema } from "@/features/admin/schemas";
import { promoteAdmin } from "@/features/admin/server";
import { apiRoute } from "@/server/http/api";

/** Makes a user an admin, and with it a paid user (an admin grant, no payment). */
export const POST = apiRoute.admin({ body: emailBodySchema }, async ({ user, body, t }) => {
  await promoteAdmin(user, body.email, t);
  return Response.json({ success: true });
});
