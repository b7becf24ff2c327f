import { deleteUserBodySchema } from "@/features/accounts/account-schemas";
import { deleteAccount } from "@/features/accounts/profile";
import { withoutSessionCookie } from "@/features/accounts/session-cookie";
import { apiTranslator } from "@/i18n/api-translator";
import { requireRequestUser } from "@/server/auth/session";
import { apiRoute, readJson } from "@/server/http/api";

export const POST = apiRoute(async ({ request, log }) => {
  const t = apiTranslator(request);
  const body = await readJson(request, deleteUserBodySchema);
  const user = await requireRequestUser(request);
  await deleteAccount(user, { userId: body.userId }, t);
  log.info({ userId: user.id }, "account deleted");
  return withoutSessionCookie(Response.json({ success: true, message: t("account.delete.deleted") }));
});
