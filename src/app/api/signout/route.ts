import { endSessionByTokenHash } from "@/features/accounts/sessions";
import { withoutSessionCookie } from "@/features/accounts/session-cookie";
import { requestSessionTokenHash } from "@/server/auth/session";
import { apiRoute } from "@/server/http/api";

/** Ends the session itself (its row), so a copy of the cookie taken before stops working too. */
export const POST = apiRoute.public({}, async ({ request, log, t }) => {
  const tokenHash = requestSessionTokenHash(request);
  const userId = tokenHash && (await endSessionByTokenHash(tokenHash));
  if (userId) log.info({ userId }, "signed out");
  return withoutSessionCookie(Response.json({ success: true, message: t("signout.success") }));
});
