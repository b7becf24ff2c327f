import { CONTENT_BODY_LIMIT, createBlogSchema } from "@/features/admin/schemas";
import { createBlogPost } from "@/features/admin/server";
import { requestLocale } from "@/i18n/api-translator";
import { apiRoute } from "@/server/http/api";

/** Publishes a post; the cover comes as a base64 data URL, checked by its bytes (≤ 5 MB). */
export const POST = apiRoute.admin(
  { body: createBlogSchema, bodyLimit: CONTENT_BODY_LIMIT },
  async ({ user, body, t, request }) => {
    const id = await createBlogPost(user, { ...body, locale: body.locale ?? requestLocale(request) }, t);
    return Response.json({ success: true, id }, { status: 201 });
  },
);
