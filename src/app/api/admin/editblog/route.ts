import { CONTENT_BODY_LIMIT, editBlogSchema } from "@/features/admin/schemas";
import { editBlogPost } from "@/features/admin/server";
import { requestLocale } from "@/i18n/api-translator";
import { apiRoute } from "@/server/http/api";

/** Edits a post; without `image` the cover stays, `removeImage: true` drops it. */
export const POST = apiRoute.admin(
  { body: editBlogSchema, bodyLimit: CONTENT_BODY_LIMIT },
  async ({ user, body, t, request }) => {
    const { id, ...fields } = body;
    await editBlogPost(user, id, { ...fields, locale: fields.locale ?? requestLocale(request) }, t);
    return Response.json({ success: true });
  },
);
