import { signInBodySchema } from "@/features/accounts/schemas";
import { signIn, toUserData } from "@/features/accounts/server";
import { withSessionCookie } from "@/features/accounts/session-cookie";
import { claimPendingShare } from "@/features/sharing/pending";
import { apiRoute } from "@/server/http/api";
import { clientIp } from "@/server/http/client-ip";

export const POST = apiRoute.public({ body: signInBodySchema }, async ({ request, log, t, body }) => {
  const user = await signIn({ email: body.email, password: body.password, ip: clientIp(request) }, t);
  log.info({ userId: user.id }, "signed in");
  const shared = await claimPendingShare(request, user, t);
  const response = Response.json({
    success: true,
    message: t("signin.success"),
    userData: toUserData(user),
    sharedCourseId: shared.courseId,
  });
  if (shared.setCookie) response.headers.append("set-cookie", shared.setCookie);
  return withSessionCookie(response, user.id, request);
});
