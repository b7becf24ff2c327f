import "server-only";
import { and, eq, ne } from "drizzle-orm";
import type { ApiTranslator } from "@/i18n/api-translator";
import { hashPassword, verifyPassword } from "@/server/auth/password";
import { passwordProblem, PASSWORD_RULE_VALUES } from "@/lib/password-rule";
import { isAdmin } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import { users } from "@/server/db/schema";
import { sendMail, sendMailInBackground } from "@/server/email/mailer";
import { discardMailTo } from "@/server/email/outbox";
import { appError } from "@/server/http/errors";
import { clearRateLimit, hitRateLimit, isRateLimited, rateLimitError } from "@/server/http/rate-limit";
import { cancelChargeableSubscriptions, subscriptionsEndedByDeletion } from "@/features/plans/server";
import { countEmailChange, startEmailChange } from "./email-change";
import { assertSelf, normalizeEmail, sessionUserColumns, type SessionUser } from "./queries";
import { endAllSessions } from "./sessions";
import { emailSchema, NAME_MAX_LENGTH } from "./schemas";

/** Wrong current passwords per account: enough for typos, far too few to guess with a stolen session. */
const CURRENT_PASSWORD_RULE = { limit: 5, windowMs: 15 * 60 * 1000 };

/**
 * A session alone does not change the credentials or delete the account: a new e-mail or
 * password, and deletion, need the current password, so a borrowed or stolen cookie cannot take
 * the account over or end it. Wrong passwords count against one limit per account, whichever of
 * the two asked.
 */
async function checkCurrentPassword(
  userId: string,
  currentPassword: string,
  t: ApiTranslator,
  purpose: "credentials" | "deletion" = "credentials",
): Promise<void> {
  if (!currentPassword) {
    const key = purpose === "deletion" ? "account.delete.passwordRequired" : undefined;
    throw appError("profile:current-password-required", t, { key });
  }
  const key = `profile:current-password:${userId}`;
  const state = await isRateLimited(key, CURRENT_PASSWORD_RULE);
  if (state.limited)
    throw rateLimitError(state, "profile:current-password-rate-limited", t("account.profile.currentPassword.tooMany"));
  const db = await getDb();
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row || !(await verifyPassword(row.passwordHash, currentPassword))) {
    await hitRateLimit(key, CURRENT_PASSWORD_RULE);
    throw appError("profile:current-password-wrong", t);
  }
  await clearRateLimit(key);
}

/**
 * Profile save: name and e-mail required, a new e-mail must be free, an optional new password
 * of 9+ characters; a new e-mail or password needs the current password. The name and the
 * password change at once; a new password ends every session (the caller starts a fresh one
 * for this browser) and sends the password-updated notice. A new e-mail only becomes pending:
 * it takes effect when the link mailed to it is followed (email-change.ts).
 */
export async function updateProfile(
  user: SessionUser,
  input: { name?: string; email?: string; password?: string; currentPassword?: string; uid?: string },
  t: ApiTranslator,
): Promise<{ user: SessionUser; passwordChanged: boolean; pendingEmail: string | null }> {
  assertSelf(user, input.uid, () => appError("profile:forbidden", t));
  const name = input.name?.trim() ?? "";
  const email = input.email?.trim() ?? "";
  const password = input.password ?? "";
  if (!name || !email) throw appError("profile:missing-fields", t);
  if (!emailSchema.safeParse(email).success) throw appError("profile:invalid-email", t);
  if (name.length > NAME_MAX_LENGTH) throw appError("profile:name-long", t);
  // An empty password keeps the current one.
  const problem = password ? passwordProblem(password) : null;
  if (problem)
    throw appError(problem === "short" ? "profile:password-short" : "profile:password-long", t, {
      values: PASSWORD_RULE_VALUES,
    });

  const normalized = normalizeEmail(email);
  const emailChanging = normalized !== user.email;
  if (emailChanging || password) await checkCurrentPassword(user.id, input.currentPassword ?? "", t);

  const db = await getDb();
  if (emailChanging) {
    // Told at once, as before; the check runs again when the link is followed.
    const [other] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, normalized), ne(users.id, user.id)))
      .limit(1);
    if (other) throw appError("profile:email-taken", t);
    await countEmailChange(user.id, t);
  }
  const changedAt = new Date();
  const passwordFields = password ? { passwordHash: await hashPassword(password), passwordChangedAt: changedAt } : {};
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ name, updatedAt: changedAt, ...passwordFields })
      .where(eq(users.id, user.id))
      .returning(sessionUserColumns);
    if (row && password) await endAllSessions(user.id, tx);
    return row;
  });
  if (!updated) throw appError("auth:unauthenticated", t);
  if (password) {
    sendMailInBackground({
      to: updated.email,
      locale: updated.locale,
      template: "password-updated",
      data: { name: updated.name, email: updated.email, changedAt },
    });
  }
  if (emailChanging) await startEmailChange(updated, normalized);
  return { user: updated, passwordChanged: Boolean(password), pendingEmail: emailChanging ? normalized : null };
}

/**
 * Deletes the account, asked with its current password. First every subscription a provider may
 * still charge is cancelled there, as Cancel Plan does, so nobody keeps paying for an account
 * that is gone; a provider that refuses or cannot be reached stops the deletion (502
 * `profile:subscription-not-canceled`, naming it) and the account stays.
 *
 * Then, in one transaction: courses with their topics, lessons, chats, notes, quizzes and
 * attempts, subscriptions and reset tokens go by the foreign keys' cascades, and the mails kept
 * for the address with them. Issued certificates keep their own copy of the name and stay
 * verifiable (their user_id becomes null); payments stay as accounting records. Admins cannot
 * delete themselves.
 */
export async function deleteAccount(
  user: SessionUser,
  input: { userId?: string; currentPassword?: string },
  t: ApiTranslator,
): Promise<{ subscriptionsCanceled: number }> {
  assertSelf(user, input.userId, () => appError("profile:forbidden", t, { key: "account.delete.forbidden" }));
  if (isAdmin(user)) throw appError("profile:admin-undeletable", t);
  await checkCurrentPassword(user.id, input.currentPassword ?? "", t, "deletion");
  const refusal = (provider: string) => appError("profile:subscription-not-canceled", t, { values: { provider } });
  const subscriptionsCanceled = await cancelChargeableSubscriptions(user.id, t, refusal);
  const db = await getDb();
  await db.transaction(async (tx) => {
    // The row locked first: a payment recorded for this account meanwhile (a checkout finished in
    // another tab) either committed before, and is seen below, or waits and then finds no account.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
    const [late] = await subscriptionsEndedByDeletion(user.id, tx);
    if (late) throw refusal(late.provider);
    await discardMailTo(tx, user.email);
    await tx.delete(users).where(eq(users.id, user.id));
  });
  return { subscriptionsCanceled };
}

/** Every password change and reset moves passwordChangedAt, so it dates the last one. */
async function lastPasswordChange(userId: string): Promise<Date> {
  const db = await getDb();
  const [row] = await db.select({ at: users.passwordChangedAt }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.at ?? new Date();
}

/**
 * POST /api/data: one of the self-service templates to the signed-in user's own address.
 * The data comes from the account, not the request.
 */
export async function mailSelf(
  user: SessionUser,
  input: { template: "welcome" | "password-updated"; uid?: string; to?: string },
  t: ApiTranslator,
): Promise<void> {
  const forbidden = () => appError("mail:forbidden", t);
  assertSelf(user, input.uid, forbidden);
  if (input.to !== undefined && input.to.trim() !== "" && normalizeEmail(input.to) !== user.email) throw forbidden();
  const base = { to: user.email, locale: user.locale };
  const result =
    input.template === "welcome"
      ? await sendMail({ ...base, template: "welcome", data: { name: user.name } })
      : await sendMail({
          ...base,
          template: "password-updated",
          data: { name: user.name, email: user.email, changedAt: await lastPasswordChange(user.id) },
        });
  if (result.status !== "sent") throw appError("mail:failed", t);
}
