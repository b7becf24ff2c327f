import "server-only";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { ApiTranslator } from "@/i18n/api-translator";
import type { Locale } from "@/i18n/config";
import { decoyPasswordHash, hashPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, verifyPassword } from "@/server/auth/password";
import { getDb } from "@/server/db/client";
import { users } from "@/server/db/schema";
import { AppError } from "@/server/http/errors";
import { clearRateLimit, hitRateLimit, isRateLimited, rateLimitError } from "@/server/http/rate-limit";
import { logger } from "@/server/logger";
import { findUserByEmail, insertUser, normalizeEmail, type SessionUser } from "./queries";
import { emailSchema, NAME_MAX_LENGTH } from "./schemas";

/** Messages come from the caller's UI catalog (`api.*`). */
type Translate = ApiTranslator;

export const SIGNIN_FAILURE_RULE = { limit: 10, windowMs: 15 * 60 * 1000 };
/**
 * A ceiling per e-mail across all addresses. Without a reverse proxy a client can send its own
 * X-Forwarded-For and so pose as many addresses; this caps guessing at one account anyway.
 */
export const SIGNIN_ACCOUNT_FAILURE_RULE = { limit: 50, windowMs: 15 * 60 * 1000 };

export async function signUp(
  input: { email?: string; name?: string; password?: string; locale: Locale },
  t: Translate,
): Promise<SessionUser> {
  const name = input.name?.trim() ?? "";
  const email = input.email?.trim() ?? "";
  const password = input.password ?? "";
  // The SPEC's order: all fields, then password length, then the e-mail's form.
  if (!name || !email || !password) throw new AppError("signup:missing-fields", 400, t("signup.fillAll"));
  if (password.length < PASSWORD_MIN_LENGTH) throw new AppError("signup:password-short", 400, t("signup.passwordMin"));
  if (password.length > PASSWORD_MAX_LENGTH) throw new AppError("signup:password-long", 400, t("signup.passwordMax"));
  if (!emailSchema.safeParse(email).success) throw new AppError("signup:invalid-email", 400, t("signup.invalidEmail"));
  if (name.length > NAME_MAX_LENGTH) throw new AppError("signup:name-long", 400, t("signup.nameTooLong"));

  if (await findUserByEmail(email)) throw new AppError("signup:email-taken", 409, t("signup.emailTaken"));
  const user = await insertUser({ email, name, passwordHash: await hashPassword(password), locale: input.locale });
  // Two sign-ups racing for one e-mail: the unique index lets one through.
  if (!user) throw new AppError("signup:email-taken", 409, t("signup.emailTaken"));
  return user;
}

export async function signIn(
  input: { email?: string; password?: string; ip: string },
  t: Translate,
): Promise<SessionUser> {
  const email = normalizeEmail(input.email ?? "");
  const password = input.password ?? "";
  if (!email || !password) throw new AppError("signin:missing-fields", 400, t("signin.bothRequired"));

  // Failed attempts are counted per e-mail and address; the 11th attempt in the window is refused.
  const key = `signin:${email}:${input.ip}`;
  const accountKey = `signin:${email}`;
  const [limit, accountLimit] = await Promise.all([
    isRateLimited(key, SIGNIN_FAILURE_RULE),
    isRateLimited(accountKey, SIGNIN_ACCOUNT_FAILURE_RULE),
  ]);
  for (const state of [limit, accountLimit]) {
    if (state.limited) throw rateLimitError(state, "signin:rate-limited", t("signin.tooManyAttempts"));
  }

  const user = await findUserByEmail(email);
  // Verify against a decoy when the e-mail is unknown, so timing does not tell which e-mails exist.
  const ok = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), password);
  if (!user || !ok) {
    await Promise.all([hitRateLimit(key, SIGNIN_FAILURE_RULE), hitRateLimit(accountKey, SIGNIN_ACCOUNT_FAILURE_RULE)]);
    throw new AppError("signin:invalid-credentials", 401, t("signin.invalidCredentials"));
  }
  await clearRateLimit(key);
  return { id: user.id, email: user.email, name: user.name, role: user.role, plan: user.plan, locale: user.locale };
}

/** The contract's user shape (SPEC "User"); never the hash. */
export function toUserData(user: SessionUser) {
  return { email: user.email, mName: user.name, _id: user.id, type: user.plan };
}

const LOCAL_ADMIN_EMAIL = "admin@aula.local";

/**
 * At start: the super admin from ADMIN_EMAIL/ADMIN_PASSWORD, created if missing. With neither set
 * and no super admin yet, a local one is made and its random password printed once.
 */
export async function ensureSuperAdmin(settings: { email?: string; password?: string }): Promise<void> {
  const db = await getDb();
  if (settings.email) {
    const email = normalizeEmail(settings.email);
    const existing = await findUserByEmail(email);
    if (existing) {
      if (existing.role !== "super") await db.update(users).set({ role: "super" }).where(eq(users.id, existing.id));
      return;
    }
    const password = settings.password ?? randomBytes(12).toString("base64url");
    await insertUser({ email, name: "Admin", passwordHash: await hashPassword(password), role: "super" });
    logger.info({ email }, "super admin created from ADMIN_EMAIL");
    if (!settings.password) printPasswordOnce(email, password);
    return;
  }
  const [anySuper] = await db.select({ id: users.id }).from(users).where(eq(users.role, "super")).limit(1);
  if (anySuper) return;
  const password = randomBytes(12).toString("base64url");
  const created = await insertUser({
    email: LOCAL_ADMIN_EMAIL,
    name: "Admin",
    passwordHash: await hashPassword(password),
    role: "super",
  });
  // Never promote an existing account by its e-mail alone: someone else may have registered it.
  if (created) printPasswordOnce(LOCAL_ADMIN_EMAIL, password);
  else logger.warn(`${LOCAL_ADMIN_EMAIL} is taken by a regular account; set ADMIN_EMAIL to create a super admin`);
}

function printPasswordOnce(email: string, password: string): void {
  // Written to the log once, at creation; it is stored only as a hash.
  logger.warn(`Local super admin created: ${email} / ${password} (set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own)`);
}
