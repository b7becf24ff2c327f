import { sessionsActionBodySchema } from "@/features/accounts/account-schemas";
import { endOtherSessions, listSessions } from "@/features/accounts/sessions";
import { apiRoute } from "@/server/http/api";

/** The signed-in user's sessions, this browser's marked `current`. */
export const GET = apiRoute.user({}, async ({ user, sessionId }) => {
  return Response.json({ success: true, sessions: await listSessions(user.id, sessionId) });
});

/** `{ signOut: "others" }`: ends every session of the user but this one. */
export const POST = apiRoute.user({ body: sessionsActionBodySchema }, async ({ log, t, user, sessionId }) => {
  const count = await endOtherSessions(user.id, sessionId);
  log.info({ userId: user.id, count }, "other sessions signed out");
  return Response.json({ success: true, message: t("account.sessions.signedOutOthers", { count }), count });
});
