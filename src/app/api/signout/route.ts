import { withoutSessionCookie } from "@/features/accounts/session-cookie";
import { apiTranslator } from "@/i18n/api-translator";
import { apiRoute } from "@/server/http/api";

export const POST = apiRoute(async ({ request }) => {
  const t = apiTranslator(request);
  return withoutSessionCookie(Response.json({ success: true, message: t("signout.success") }));
});
