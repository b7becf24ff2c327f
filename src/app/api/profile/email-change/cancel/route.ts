import { emailChangeActionBodySchema } from "@/features/accounts/account-schemas";
import { cancelEmailChange } from "@/features/accounts/email-change";
import { apiRoute } from "@/server/http/api";

/** The profile's "Cancel change": the session user's waiting e-mail change and its links end. */
export const POST = apiRoute.user({ body: emailChangeActionBodySchema }, async ({ log, t, user, body }) => {
  await cancelEmailChange(user, body.uid, t);
  log.info({ userId: user.id }, "e-mail change cancelled");
  return Response.json({ success: true, message: t("account.profile.emailChange.cancelled") });
});
