import "server-only";
import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { eq } from "drizzle-orm";
import type { ApiTranslator } from "@/i18n/api-translator";
import type { Locale } from "@/i18n/config";
import { decoyPasswordHash, hashPassword, verifyPassword } from "@/server/auth/password";
import { passwordProblem, PASSWORD_RULE_VALUES } from "@/lib/password-rule";
import { getDb } from "@/server/db/client";
import { users } from "@/server/db/schema";
import { appError } from "@/server/http/errors";
import { areRateLimited, clearRateLimit, hitRateLimit, rateLimitError } from "@/server/http/rate-limit";
import { logger } from "@/server/logger";
import { findUserByEmail, insertUser, normalizeEmail, type SessionUser } from "./queries";
import { emailSchema, NAME_MAX_LENGTH } from "./schemas";

/** Messages come from the caller's UI catalog (`api.*`). */
type Translate = ApiTranslator;

const FIFTEEN_MINUTES = 15 * 60 * 1000;
/** Failures for one e-mail from one client address: the next attempt from that pair is refused. */
const SIGNIN_PAIR_RULE = { limit: 10, windowMs: FIFTEEN_MINUTES };
/** Failures from one client address over all e-mails (trying one password on many accounts). */
const SIGNIN_ADDRESS_RULE = { limit: 100, windowMs: FIFTEEN_MINUTES };
/**
 * Failures for one e-mail from every address. They slow down every answer for that e-mail
 * (`signinDelayMs`) but lock nobody out, except that past `limit` only addresses that signed in
 * to the account before are heard: a guesser with many addresses stays bounded, the owner at home does not.
 */
export const SIGNIN_ACCOUNT_RULE = { limit: 1000, windowMs: FIFTEEN_MINUTES };
/** How long a successful sign-in makes its address known to the account. */
const SIGNIN_KNOWN_ADDRESS_RULE = { limit: 1, windowMs: 30 * 24 * 60 * 60 * 1000 };

/** The slow-down per e-mail: nothing for the first few failures, then 100 ms more per failure, at most 3 s. */
export const SIGNIN_DELAY = { freeFailures: 10, stepMs: 100, maxMs: 3000 };
export function signinDelayMs(accountFailures: number): number {
  const over = Math.max(0, accountFailures - SIGNIN_DELAY.freeFailures);
  return Math.min(SIGNIN_DELAY.maxMs, over * SIGNIN_DELAY.stepMs);
}

/** The counters of one sign-in; the address comes first (it has no spaces), so no two pairs share a key. */
export function signinKeys(email: string, ip: string) {
  return {
    pair: `signin:pair:${ip} ${email}`,
    address: `signin:address:${ip}`,
    account: `signin:account:${email}`,
    known: `signin:known:${ip} ${email}`,
  };
}

export async function signUp(
  input: { email?: string; name?: string; password?: string; locale: Locale },
  t: Translate,
): Promise<SessionUser> {
  const name = input.name?.trim() ?? "";
  const email = input.email?.trim() ?? "";
  const password = input.password ?? "";
  // The SPEC's order: all fields, then password length, then the e-mail's form.
  if (!name || !email || !password) throw appError("signup:missing-fields", t);
  const problem = passwordProblem(password);
  if (problem)
    throw appError(problem === "short" ? "signup:password-short" : "signup:password-long", t, {
      values: PASSWORD_RULE_VALUES,
    });
  if (!emailSchema.safeParse(email).success) throw appError("signup:invalid-email", t);
  if (name.length > NAME_MAX_LENGTH) throw appError("signup:name-long", t);

  if (await findUserByEmail(email)) throw appError("signup:email-taken", t);
  const user = await insertUser({ email, name, passwordHash: await hashPassword(password), locale: input.locale });
  // Two sign-ups racing for one e-mail: the unique index lets one through.
  if (!user) throw appError("signup:email-taken", t);
  return user;
}

export async function signIn(
  input: { email?: string; password?: string; ip: string },
  t: Translate,
): Promise<SessionUser> {
  const email = normalizeEmail(input.email ?? "");
  const password = input.password ?? "";
  if (!email || !password) throw appError("signin:missing-fields", t);

  const keys = signinKeys(email, input.ip);
  const seen = await areRateLimited({
    pair: { key: keys.pair, rule: SIGNIN_PAIR_RULE },
    address: { key: keys.address, rule: SIGNIN_ADDRESS_RULE },
    account: { key: keys.account, rule: SIGNIN_ACCOUNT_RULE },
    known: { key: keys.known, rule: SIGNIN_KNOWN_ADDRESS_RULE },
  });
  const knownAddress = seen.known.count > 0;
  for (const state of [seen.pair, seen.address, knownAddress ? undefined : seen.account]) {
    if (state?.limited) throw rateLimitError(state, "signin:rate-limited", t("signin.tooManyAttempts"));
  }
  // Before right and wrong passwords alike, so the wait says nothing; a timer, so nothing else waits.
  const delay = signinDelayMs(seen.account.count);
  if (delay > 0) await sleep(delay);

  const user = await findUserByEmail(email);
  // Verify against a decoy when the e-mail is unknown, so timing does not tell which e-mails exist.
  const ok = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), password);
  if (!user || !ok) {
    await Promise.all([
      hitRateLimit(keys.pair, SIGNIN_PAIR_RULE),
      hitRateLimit(keys.address, SIGNIN_ADDRESS_RULE),
      hitRateLimit(keys.account, SIGNIN_ACCOUNT_RULE),
    ]);
    throw appError("signin:invalid-credentials", t);
  }
  // The account's failures stay: they are someone else's, and the owner signing in says nothing about them.
  await Promise.all([clearRateLimit(keys.pair), hitRateLimit(keys.known, SIGNIN_KNOWN_ADDRESS_RULE)]);
  return { id: user.id, email: user.email, name: user.name, role: user.role, plan: user.plan, locale: user.locale };
}

/** Accounts are keyed by the e-mail in this form (the admin panel looks users up by it). */
export { normalizeEmail, setUserRole } from "./queries";

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
  logger.warn(
    `Local super admin created: ${email} / ${password} (set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own)`,
  );
}
