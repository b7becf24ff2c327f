import { confirmEmailBodySchema } from "@/features/accounts/account-schemas";
import { confirmEmailChange } from "@/features/accounts/email-change";
import { apiRoute } from "@/server/http/api";
import { clientIp } from "@/server/http/client-ip";

/** The link mailed to a new address: the token alone proves the address, from any browser. */
export const POST = apiRoute.public({ body: confirmEmailBodySchema }, async ({ request, log, t, body }) => {
  const { email } = await confirmEmailChange({ token: body.token, ip: clientIp(request) }, t);
  log.info("e-mail changed");
  return Response.json({ success: true, message: t("account.confirmEmail.success"), email });
});
