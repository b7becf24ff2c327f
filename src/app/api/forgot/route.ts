import { forgotBodySchema } from "@/features/accounts/account-schemas";
import { requestPasswordReset } from "@/features/accounts/password-reset";
import { apiRoute } from "@/server/http/api";
import { clientIp } from "@/server/http/client-ip";

/** Every answer takes at least this long, so timing does not tell a known e-mail from an unknown one. */
const MIN_ANSWER_MS = 400;

export const POST = apiRoute.public({ body: forgotBodySchema }, async ({ request, t, body }) => {
  const started = performance.now();
  await requestPasswordReset({ email: body.email, ip: clientIp(request) }, t);
  const wait = MIN_ANSWER_MS - (performance.now() - started);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return Response.json({ success: true, message: t("account.forgot.sent") });
});
