import { resetPasswordBodySchema } from "@/features/accounts/account-schemas";
import { resetPassword } from "@/features/accounts/password-reset";
import { apiRoute } from "@/server/http/api";
import { clientIp } from "@/server/http/client-ip";

export const POST = apiRoute.public({ body: resetPasswordBodySchema }, async ({ request, log, t, body }) => {
  const { email } = await resetPassword({ token: body.token, password: body.password, ip: clientIp(request) }, t);
  log.info("password reset");
  return Response.json({ success: true, message: t("account.reset.success"), email });
});
