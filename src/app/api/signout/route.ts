import { endSession } from "@/features/accounts/sessions";
import { withoutSessionCookie } from "@/features/accounts/session-cookie";
import { requestSessionClaims } from "@/server/auth/session";
import { apiRoute } from "@/server/http/api";

/** Ends the session itself (its row), so a copy of the cookie taken before stops working too. */
export const POST = apiRoute.public({}, async ({ request, log, t }) => {
  const session = await requestSessionClaims(request);
  if (session && (await endSession(session.sessionId, session.userId)))
    log.info({ userId: session.userId }, "signed out");
  return withoutSessionCookie(Response.json({ success: true, message: t("signout.success") }));
});
