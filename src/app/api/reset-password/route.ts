import { resetPasswordBodySchema } from "@/features/accounts/account-schemas";
import { resetPassword } from "@/features/accounts/password-reset";
import { apiTranslator } from "@/i18n/api-translator";
import { apiRoute, readJson } from "@/server/http/api";
import { clientIp } from "@/server/http/client-ip";

export const POST = apiRoute(async ({ request, log }) => {
  const t = apiTranslator(request);
  const body = await readJson(request, resetPasswordBodySchema);
  const { email } = await resetPassword({ token: body.token, password: body.password, ip: clientIp(request) }, t);
  log.info("password reset");
  return Response.json({ success: true, message: t("account.reset.success"), email });
});
