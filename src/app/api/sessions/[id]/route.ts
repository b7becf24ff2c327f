import { endSession } from "@/features/accounts/sessions";
import { withoutSessionCookie } from "@/features/accounts/session-cookie";
import { isUuid } from "@/lib/ids";
import { apiRoute } from "@/server/http/api";
import { appError } from "@/server/http/errors";

/** Ends one of the user's own sessions; ending this browser's also clears its cookie. */
export const DELETE = apiRoute.user<{ id: string }>({}, async ({ log, t, user, sessionId }, { id }) => {
  const notFound = () => appError("sessions:not-found", t);
  if (!isUuid(id)) throw notFound();
  if (!(await endSession(id, user.id))) throw notFound();
  log.info({ userId: user.id, current: id === sessionId }, "session signed out");
  const response = Response.json({ success: true, message: t("account.sessions.signedOut") });
  return id === sessionId ? withoutSessionCookie(response) : response;
});
