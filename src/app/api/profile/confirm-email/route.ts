import { confirmEmailBodySchema } from "@/features/accounts/account-schemas";
import { confirmEmailChange } from "@/features/accounts/email-change";
import { apiTranslator } from "@/i18n/api-translator";
import { apiRoute, readJson } from "@/server/http/api";
import { clientIp } from "@/server/http/client-ip";

/** The link mailed to a new address: the token alone proves the address, from any browser. */
export const POST = apiRoute(async ({ request, log }) => {
  const t = apiTranslator(request);
  const body = await readJson(request, confirmEmailBodySchema);
  const { email } = await confirmEmailChange({ token: body.token, ip: clientIp(request) }, t);
  log.info("e-mail changed");
  return Response.json({ success: true, message: t("account.confirmEmail.success"), email });
});
