import { signInBodySchema } from "@/features/accounts/schemas";
import { signIn, toUserData } from "@/features/accounts/service";
import { withSessionCookie } from "@/features/accounts/session-cookie";
import { apiRoute } from "@/server/http/api";
import { clientIp } from "@/server/http/client-ip";

export const POST = apiRoute.public({ body: signInBodySchema }, async ({ request, log, t, body }) => {
  const user = await signIn({ email: body.email, password: body.password, ip: clientIp(request) }, t);
  log.info({ userId: user.id }, "signed in");
  return withSessionCookie(
    Response.json({ success: true, message: t("signin.success"), userData: toUserData(user) }),
    user.id,
    request,
  );
});
