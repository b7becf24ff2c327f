import { updateBlogFlagSchema } from "@/features/admin/schemas";
import { flagBlogPost } from "@/features/admin/server";
import { apiRoute } from "@/server/http/api";

/** SPEC `updateblogs {id, type, value}`: sets a post's popular or featured flag. */
export const POST = apiRoute.admin({ body: updateBlogFlagSchema }, async ({ user, body, t }) => {
  await flagBlogPost(user, body.id, body.type, body.value, t);
  return Response.json({ success: true });
});
