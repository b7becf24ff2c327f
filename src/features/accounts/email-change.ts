import "server-only";
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { ApiTranslator } from "@/i18n/api-translator";
import { getDb } from "@/server/db/client";
import { emailChangeTokens, users } from "@/server/db/schema";
import { sendMailInBackground } from "@/server/email/mailer";
import { env } from "@/server/env";
import { appError } from "@/server/http/errors";
import { hitRateLimit, rateLimitError } from "@/server/http/rate-limit";
import { RESET_TOKEN_PATTERN } from "./account-schemas";
import { hashResetToken, newLinkToken } from "./password-reset";
import { assertSelf, isUniqueViolation, type SessionUser } from "./queries";
import { paths } from "@/lib/paths";

const EMAIL_CHANGE_TTL_MINUTES = 60;
/** Each change mails an address the user typed: a few an hour is plenty, and bounds the mail sent to strangers. */
const EMAIL_CHANGE_RULE = { limit: 5, windowMs: 60 * 60 * 1000 };
const CONFIRM_ATTEMPT_RULE = { limit: 30, windowMs: 15 * 60 * 1000 };

function confirmEmailLink(token: string): string {
  return new URL(paths.confirmEmail(token), env().APP_URL).toString();
}

/** Counted before anything is saved, so a refused change leaves the profile as it was. */
export async function countEmailChange(userId: string, t: ApiTranslator): Promise<void> {
  const state = await hitRateLimit(`email-change:${userId}`, EMAIL_CHANGE_RULE);
  if (state.limited)
    throw rateLimitError(state, "profile:email-change-rate-limited", t("account.profile.emailChange.tooMany"));
}

/**
 * A new e-mail waits for its owner: a one-hour, single-use link goes to the new address, and
 * the current address is told, so an account cannot take an address its owner does not read
 * and a hijacked session cannot move an account away silently.
 */
export async function startEmailChange(user: SessionUser, newEmail: string): Promise<void> {
  await mailNewLink(user, newEmail);
  sendMailInBackground({
    to: user.email,
    locale: user.locale,
    template: "email-change-notice",
    data: { name: user.name, email: user.email, newEmail, requestedAt: new Date() },
  });
}

/**
 * Writes a new link for the change (every older one stops working: only its hash is stored, so
 * a lost link cannot be sent again, only replaced) and mails it to the new address.
 */
async function mailNewLink(user: SessionUser, newEmail: string): Promise<void> {
  const token = newLinkToken();
  const db = await getDb();
  await db.transaction(async (tx) => {
    // A new request replaces every older one.
    await tx.delete(emailChangeTokens).where(eq(emailChangeTokens.userId, user.id));
    await tx.insert(emailChangeTokens).values({
      userId: user.id,
      newEmail,
      tokenHash: hashResetToken(token),
      expiresAt: sql`now() + make_interval(mins => ${EMAIL_CHANGE_TTL_MINUTES})`,
    });
  });
  sendMailInBackground({
    to: newEmail,
    locale: user.locale,
    template: "email-change-confirm",
    data: {
      name: user.name,
      newEmail,
      confirmUrl: confirmEmailLink(token),
      expiresInMinutes: EMAIL_CHANGE_TTL_MINUTES,
    },
  });
}

/** The change waiting for its link (unused and unexpired), for the profile's notice; else null. */
export async function waitingEmailChange(userId: string): Promise<{ newEmail: string; expiresAt: Date } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ newEmail: emailChangeTokens.newEmail, expiresAt: emailChangeTokens.expiresAt })
    .from(emailChangeTokens)
    .where(
      and(
        eq(emailChangeTokens.userId, userId),
        isNull(emailChangeTokens.usedAt),
        gt(emailChangeTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * "Resend": a fresh one-hour link to the address waiting, counted with the changes themselves
 * (the same mails to an address the user typed). The old address is not told again: it was
 * told when the change was asked, and the change is the same. Nothing waiting is a 404.
 */
export async function resendEmailChange(
  user: SessionUser,
  uid: string | undefined,
  t: ApiTranslator,
): Promise<{ newEmail: string }> {
  assertSelf(user, uid, () => appError("profile:forbidden", t));
  const waiting = await waitingEmailChange(user.id);
  if (!waiting) throw appError("profile:no-email-change", t);
  await countEmailChange(user.id, t);
  await mailNewLink(user, waiting.newEmail);
  return { newEmail: waiting.newEmail };
}

/** "Cancel": every link of the user's change stops working; nothing waiting is a 404. */
export async function cancelEmailChange(user: SessionUser, uid: string | undefined, t: ApiTranslator): Promise<void> {
  assertSelf(user, uid, () => appError("profile:forbidden", t));
  const userId = user.id;
  const db = await getDb();
  const removed = await db
    .delete(emailChangeTokens)
    .where(and(eq(emailChangeTokens.userId, userId), isNull(emailChangeTokens.usedAt)))
    .returning({ id: emailChangeTokens.id });
  if (removed.length === 0) throw appError("profile:no-email-change", t);
}

const usable = (tokenHash: string) =>
  and(
    eq(emailChangeTokens.tokenHash, tokenHash),
    isNull(emailChangeTokens.usedAt),
    gt(emailChangeTokens.expiresAt, sql`now()`),
  );

/** The address a link would confirm, or null when the link cannot be used (the page says so first). */
export async function pendingEmailChange(token: string): Promise<{ newEmail: string } | null> {
  if (!RESET_TOKEN_PATTERN.test(token)) return null;
  const db = await getDb();
  const [row] = await db
    .select({ newEmail: emailChangeTokens.newEmail })
    .from(emailChangeTokens)
    .where(usable(hashResetToken(token)))
    .limit(1);
  return row ?? null;
}

/**
 * Follows a confirmation link: the token is claimed and the e-mail changed in one transaction,
 * so a second use fails, and an address taken meanwhile (409) leaves the link unused.
 */
export async function confirmEmailChange(
  input: { token?: string; ip: string },
  t: ApiTranslator,
): Promise<{ email: string }> {
  const limit = await hitRateLimit(`confirm-email:ip:${input.ip}`, CONFIRM_ATTEMPT_RULE);
  if (limit.limited) throw rateLimitError(limit, "confirm-email:rate-limited", t("account.confirmEmail.tooMany"));
  const invalid = () => appError("confirm-email:invalid-token", t);
  const taken = () => appError("confirm-email:email-taken", t);
  const token = input.token ?? "";
  if (!RESET_TOKEN_PATTERN.test(token)) throw invalid();
  const db = await getDb();
  const changedAt = new Date();
  try {
    return await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(emailChangeTokens)
        .set({ usedAt: changedAt })
        .where(usable(hashResetToken(token)))
        .returning({ userId: emailChangeTokens.userId, newEmail: emailChangeTokens.newEmail });
      if (!claimed) throw invalid();
      const [other] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, claimed.newEmail), ne(users.id, claimed.userId)))
        .limit(1);
      if (other) throw taken();
      const [updated] = await tx
        .update(users)
        .set({ email: claimed.newEmail, updatedAt: changedAt })
        .where(eq(users.id, claimed.userId))
        .returning({ email: users.email });
      if (!updated) throw invalid();
      return updated;
    });
  } catch (error) {
    // Two accounts racing for one e-mail: the unique index lets one through.
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}
