import { sessionsActionBodySchema } from "@/features/accounts/account-schemas";
import { endOtherSessions, listSessions } from "@/features/accounts/sessions";
import { apiTranslator } from "@/i18n/api-translator";
import { requireRequestSession } from "@/server/auth/session";
import { apiRoute, readJson } from "@/server/http/api";

/** The signed-in user's sessions, this browser's marked `current`. */
export const GET = apiRoute(async ({ request }) => {
  const { user, sessionId } = await requireRequestSession(request);
  return Response.json({ success: true, sessions: await listSessions(user.id, sessionId) });
});

/** `{ signOut: "others" }`: ends every session of the user but this one. */
export const POST = apiRoute(async ({ request, log }) => {
  const t = apiTranslator(request);
  const { user, sessionId } = await requireRequestSession(request);
  await readJson(request, sessionsActionBodySchema);
  const count = await endOtherSessions(user.id, sessionId);
  log.info({ userId: user.id, count }, "other sessions signed out");
  return Response.json({ success: true, message: t("account.sessions.signedOutOthers", { count }), count });
});
