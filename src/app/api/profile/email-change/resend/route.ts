import { emailChangeActionBodySchema } from "@/features/accounts/account-schemas";
import { resendEmailChange } from "@/features/accounts/email-change";
import { apiRoute } from "@/server/http/api";

/** The profile's "Resend link": a fresh link for the session user's waiting e-mail change. */
export const POST = apiRoute.user({ body: emailChangeActionBodySchema }, async ({ log, t, user, body }) => {
  const { newEmail } = await resendEmailChange(user, body.uid, t);
  log.info({ userId: user.id }, "e-mail change link sent again");
  return Response.json({ success: true, message: t("account.profile.emailChange.resent", { email: newEmail }) });
});
