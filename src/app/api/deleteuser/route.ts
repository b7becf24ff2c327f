import { deleteUserBodySchema } from "@/features/accounts/account-schemas";
import { deleteAccount } from "@/features/accounts/profile";
import { withoutSessionCookie } from "@/features/accounts/session-cookie";
import { apiRoute } from "@/server/http/api";

export const POST = apiRoute.user({ body: deleteUserBodySchema }, async ({ log, t, user, body }) => {
  const { subscriptionsCanceled } = await deleteAccount(
    user,
    { userId: body.userId, currentPassword: body.currentPassword },
    t,
  );
  log.info({ userId: user.id, subscriptionsCanceled }, "account deleted");
  return withoutSessionCookie(Response.json({ success: true, message: t("account.delete.deleted") }));
});
