import { CONTENT_BODY_LIMIT, savePolicySchema } from "@/features/admin/schemas";
import { savePolicy } from "@/features/admin/server";
import { requestLocale } from "@/i18n/api-translator";
import { apiRoute } from "@/server/http/api";

/** Saves one policy text (sanitized) in one UI language: `locale`, else the admin's own. */
export const POST = apiRoute.admin(
  { body: savePolicySchema, bodyLimit: CONTENT_BODY_LIMIT },
  async ({ user, body, t, request }) => {
    await savePolicy(user, body.type, body.locale ?? requestLocale(request), body.data, t);
    return Response.json({ success: true });
  },
);
