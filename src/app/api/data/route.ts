import { mailRequestBodySchema } from "@/features/accounts/account-schemas";
import { mailSelf } from "@/features/accounts/profile";
import { apiRoute } from "@/server/http/api";
import { enforceRateLimit } from "@/server/http/rate-limit";

/** Mails the signed-in user one of the self-service templates; no HTML, subject or recipient is taken. */
export const POST = apiRoute.user({ body: mailRequestBodySchema }, async ({ t, user, body }) => {
  await enforceRateLimit(`mail:${user.id}`, { limit: 10, windowMs: 60 * 60 * 1000 }, t("account.mail.tooMany"));
  await mailSelf(user, { template: body.template, uid: body.uid, to: body.to }, t);
  return Response.json({ success: true, message: t("account.mail.sent") });
});
