import { signUpBodySchema } from "@/features/accounts/schemas";
import { signUp } from "@/features/accounts/server";
import { withSessionCookie } from "@/features/accounts/session-cookie";
import { requestLocale } from "@/i18n/api-translator";
import { sendMailInBackground } from "@/server/email/mailer";
import { env } from "@/server/env";
import { claimPendingShare } from "@/features/sharing/pending";
import { apiRoute } from "@/server/http/api";
import { clientIp } from "@/server/http/client-ip";
import { enforceRateLimit } from "@/server/http/rate-limit";

export const POST = apiRoute.public({ body: signUpBodySchema }, async ({ request, log, t, body }) => {
  await enforceRateLimit(
    `signup:${clientIp(request)}`,
    { limit: env().SIGNUPS_PER_ADDRESS_PER_HOUR, windowMs: 60 * 60 * 1000 },
    t("signup.tooMany"),
  );
  const user = await signUp(
    { email: body.email, name: body.mName, password: body.password, locale: requestLocale(request) },
    t,
  );
  log.info({ userId: user.id }, "signed up");
  // After the response: a slow or failing mail provider never blocks or fails the sign-up.
  sendMailInBackground({ to: user.email, locale: user.locale, template: "welcome", data: { name: user.name } });
  const shared = await claimPendingShare(request, user, t);
  const response = Response.json(
    { success: true, message: t("signup.success"), userId: user.id, sharedCourseId: shared.courseId },
    { status: 201 },
  );
  if (shared.setCookie) response.headers.append("set-cookie", shared.setCookie);
  return withSessionCookie(response, user.id, request);
});
