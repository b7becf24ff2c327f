import { idBodySchema } from "@/features/admin/schemas";
import { removeBlogPost } from "@/features/admin/server";
import { apiRoute } from "@/server/http/api";

export const POST = apiRoute.admin({ body: idBodySchema }, async ({ user, body, t }) => {
  await removeBlogPost(user, body.id, t);
  return Response.json({ success: true });
});
