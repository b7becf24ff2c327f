import { mailRequestBodySchema } from "@/features/accounts/account-schemas";
import { mailSelf } from "@/features/accounts/profile";
import { apiTranslator } from "@/i18n/api-translator";
import { requireRequestUser } from "@/server/auth/session";
import { apiRoute, readJson } from "@/server/http/api";
import { enforceRateLimit } from "@/server/http/rate-limit";

/** Mails the signed-in user one of the self-service templates; no HTML, subject or recipient is taken. */
export const POST = apiRoute(async ({ request }) => {
  const t = apiTranslator(request);
  const body = await readJson(request, mailRequestBodySchema);
  const user = await requireRequestUser(request);
  await enforceRateLimit(`mail:${user.id}`, { limit: 10, windowMs: 60 * 60 * 1000 }, t("account.mail.tooMany"));
  await mailSelf(user, { template: body.template, uid: body.uid, to: body.to }, t);
  return Response.json({ success: true, message: t("account.mail.sent") });
});
