import { profileBodySchema } from "@/features/accounts/account-schemas";
import { updateProfile } from "@/features/accounts/profile";
import { withSessionCookie } from "@/features/accounts/session-cookie";
import { apiRoute } from "@/server/http/api";
import { enforceRateLimit } from "@/server/http/rate-limit";

export const POST = apiRoute.user({ body: profileBodySchema }, async ({ request, log, t, user, body }) => {
  await enforceRateLimit(`profile:${user.id}`, { limit: 30, windowMs: 60 * 60 * 1000 }, t("account.profile.tooMany"));
  const result = await updateProfile(
    user,
    {
      name: body.mName,
      email: body.email,
      password: body.password,
      currentPassword: body.currentPassword,
      uid: body.uid,
    },
    t,
  );
  log.info(
    { userId: user.id, passwordChanged: result.passwordChanged, emailPending: Boolean(result.pendingEmail) },
    "profile updated",
  );
  const response = Response.json(
    result.pendingEmail
      ? {
          success: true,
          message: t("account.profile.emailChange.pending", { email: result.pendingEmail }),
          pendingEmail: result.pendingEmail,
        }
      : { success: true, message: t("account.profile.updated") },
  );
  // A new password ended every session; this browser gets a fresh one.
  return result.passwordChanged ? withSessionCookie(response, user.id, request) : response;
});
