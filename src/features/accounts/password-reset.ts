import "server-only";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { ApiTranslator } from "@/i18n/api-translator";
import { hashSecretToken as hashResetToken, newSecretToken as newLinkToken } from "@/server/auth/secret-token";
import { hashPassword } from "@/server/auth/password";
import { passwordProblem, PASSWORD_RULE_VALUES } from "@/lib/password-rule";
import { getDb } from "@/server/db/client";
import { passwordResetTokens, users } from "@/server/db/schema";
import { sendMailInBackground } from "@/server/email/mailer";
import { env } from "@/server/env";
import { appError } from "@/server/http/errors";
import { hitRateLimit, rateLimitError } from "@/server/http/rate-limit";
import { RESET_TOKEN_PATTERN } from "./account-schemas";
import { findUserByEmail, normalizeEmail } from "./queries";
import { endAllSessions } from "./sessions";
import { emailSchema } from "./schemas";
import { paths } from "@/lib/paths";

const RESET_TOKEN_TTL_MINUTES = 60;

/** Per address: a household or office may share one; per e-mail: nobody needs more than a few links an hour. */
const FORGOT_RULES = {
  perAddress: { limit: 20, windowMs: 60 * 60 * 1000 },
  perEmail: { limit: 5, windowMs: 60 * 60 * 1000 },
};
const RESET_ATTEMPT_RULE = { limit: 30, windowMs: 15 * 60 * 1000 };

/** Mailed links (reset, e-mail change) carry a secret token; only its hash is stored. */
export { hashResetToken, newLinkToken };

function resetLink(token: string): string {
  return new URL(paths.resetPassword(token), env().APP_URL).toString();
}

/**
 * Forgot password: mails a one-hour, single-use link when the e-mail has an account. The
 * caller answers the same way whether or not it does; the mail goes out after the response.
 */
export async function requestPasswordReset(input: { email?: string; ip: string }, t: ApiTranslator): Promise<void> {
  const email = input.email?.trim() ?? "";
  if (!email) throw appError("forgot:missing-email", t);
  if (!emailSchema.safeParse(email).success) throw appError("forgot:invalid-email", t);
  const normalized = normalizeEmail(email);

  // Counted the same way for known and unknown e-mails, so a 429 says nothing about an account.
  for (const [key, rule] of [
    [`forgot:ip:${input.ip}`, FORGOT_RULES.perAddress],
    [`forgot:email:${normalized}`, FORGOT_RULES.perEmail],
  ] as const) {
    const state = await hitRateLimit(key, rule);
    if (state.limited) throw rateLimitError(state, "forgot:rate-limited", t("account.forgot.tooMany"));
  }

  const user = await findUserByEmail(normalized);
  if (!user) return;
  const token = newLinkToken();
  const db = await getDb();
  await db.transaction(async (tx) => {
    // A new link replaces every older one.
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    await tx.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: hashResetToken(token),
      expiresAt: sql`now() + make_interval(mins => ${RESET_TOKEN_TTL_MINUTES})`,
    });
  });
  sendMailInBackground({
    to: user.email,
    locale: user.locale,
    template: "password-reset",
    data: { name: user.name, resetUrl: resetLink(token), expiresInMinutes: RESET_TOKEN_TTL_MINUTES },
  });
}

const usable = (tokenHash: string) =>
  and(
    eq(passwordResetTokens.tokenHash, tokenHash),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, sql`now()`),
  );

/** Whether a link can still be used (the reset page says so before the user types anything). */
export async function isResetTokenUsable(token: string): Promise<boolean> {
  if (!RESET_TOKEN_PATTERN.test(token)) return false;
  const db = await getDb();
  const [row] = await db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(usable(hashResetToken(token)))
    .limit(1);
  return Boolean(row);
}

/**
 * Sets a new password with a reset token. The token is claimed atomically (a second use, even
 * at the same instant, fails); every session of the user ends (their rows go); a notice mail
 * follows, and its failure does not matter to the caller.
 */
export async function resetPassword(
  input: { token?: string; password?: string; ip: string },
  t: ApiTranslator,
): Promise<{ email: string }> {
  const limit = await hitRateLimit(`reset:ip:${input.ip}`, RESET_ATTEMPT_RULE);
  if (limit.limited) throw rateLimitError(limit, "reset:rate-limited", t("account.reset.tooMany"));
  const password = input.password ?? "";
  if (!password) throw appError("reset:missing-password", t);
  const problem = passwordProblem(password);
  if (problem)
    throw appError(problem === "short" ? "reset:password-short" : "reset:password-long", t, {
      values: PASSWORD_RULE_VALUES,
    });
  const invalid = () => appError("reset:invalid-token", t);
  const token = input.token ?? "";
  // Checked before hashing, so bad links cost the server nothing.
  if (!(await isResetTokenUsable(token))) throw invalid();

  const passwordHash = await hashPassword(password);
  const changedAt = new Date();
  const db = await getDb();
  const user = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: changedAt })
      .where(usable(hashResetToken(token)))
      .returning({ userId: passwordResetTokens.userId });
    if (!claimed) return undefined;
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: changedAt, updatedAt: changedAt })
      .where(eq(users.id, claimed.userId))
      .returning({ email: users.email, name: users.name, locale: users.locale });
    await endAllSessions(claimed.userId, tx);
    return updated;
  });
  if (!user) throw invalid();
  sendMailInBackground({
    to: user.email,
    locale: user.locale,
    template: "password-updated",
    data: { name: user.name, email: user.email, changedAt },
  });
  return { email: user.email };
}
