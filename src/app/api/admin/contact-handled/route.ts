import { idBodySchema } from "@/features/admin/schemas";
import { contactHandled } from "@/features/admin/server";
import { apiRoute } from "@/server/http/api";

export const POST = apiRoute.admin({ body: idBodySchema }, async ({ user, body, t }) => {
  await contactHandled(user, body.id, t);
  return Response.json({ success: true });
});
