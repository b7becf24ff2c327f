import "server-only";
import { decode, encode } from "next-auth/jwt";
import { env, secureCookiesEnabled } from "@/server/env";

/** 30 days, Auth.js's default session length. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** Auth.js's own cookie names, so its JWT helpers and tools recognise the cookie. */
export function sessionCookieName(): string {
  return secureCookiesEnabled() ? "__Secure-authjs.session-token" : "authjs.session-token";
}

/**
 * `sid` is the id of the session's row in `sessions`: the token is refused once the row is gone.
 * `expiresAtMs` is when the token (and the cookie carrying it) expires.
 */
export type SessionClaims = { sub: string; sid: string; issuedAtMs: number; expiresAtMs: number };

/**
 * Tokens this process has issued or already decrypted, with their expiry. Decrypting an
 * Auth.js JWE takes about seven WebCrypto calls, each a round trip through the thread pool;
 * with twenty requests arriving together they queue behind one another and cost the last one
 * over 100 ms (`npm run bench:generation`). A token is the same claims every time, so it is
 * decrypted once per process. What can change (the user, the session's row) is still read
 * from the database on every request; the key and expiry are checked again on every hit.
 */
type VerifiedToken = SessionClaims & { keyId: string };
const verifiedTokens = new Map<string, VerifiedToken>();
const VERIFIED_TOKENS_MAX = 10_000;

/** The secret and salt a token was checked against: a hit under another secret is a miss. */
function currentKeyId(): string {
  return `${sessionCookieName()}\u0000${env().AUTH_SECRET}`;
}

function rememberToken(token: string, entry: VerifiedToken) {
  // Oldest first out: a Map iterates in insertion order.
  if (verifiedTokens.size >= VERIFIED_TOKENS_MAX) verifiedTokens.delete(verifiedTokens.keys().next().value!);
  verifiedTokens.set(token, entry);
}

/** How many tokens are remembered (tests check the bound). */
export function rememberedTokenCount(): number {
  return verifiedTokens.size;
}

/** The session is an Auth.js JWT (encrypted, JWE) holding only the user id, the session id and when it was issued. */
export async function createSessionToken(userId: string, sessionId: string, now = Date.now()): Promise<string> {
  // Auth.js sets `exp` to its own clock's whole second plus maxAge; read ours first, so the
  // expiry remembered below is never later than the token's.
  const issuedSecond = Math.floor(Date.now() / 1000);
  const token = await encode({
    token: { sub: userId, sid: sessionId, issuedAtMs: now },
    secret: env().AUTH_SECRET,
    salt: sessionCookieName(),
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
  const expiresAtMs = (issuedSecond + SESSION_MAX_AGE_SECONDS) * 1000;
  rememberToken(token, { sub: userId, sid: sessionId, issuedAtMs: now, expiresAtMs, keyId: currentKeyId() });
  return token;
}

export async function readSessionToken(token: string | undefined): Promise<SessionClaims | null> {
  if (!token || token.length > 4096) return null;
  const keyId = currentKeyId();
  const known = verifiedTokens.get(token);
  if (known && known.keyId === keyId) {
    if (Date.now() < known.expiresAtMs)
      return { sub: known.sub, sid: known.sid, issuedAtMs: known.issuedAtMs, expiresAtMs: known.expiresAtMs };
    verifiedTokens.delete(token);
    return null;
  }
  try {
    const claims = await decode({ token, secret: env().AUTH_SECRET, salt: sessionCookieName() });
    if (
      !claims ||
      typeof claims.sub !== "string" ||
      typeof claims.issuedAtMs !== "number" ||
      typeof claims.exp !== "number"
    )
      return null;
    // Tokens from before session rows have no sid: they name no session, so they are no session.
    if (typeof claims.sid !== "string") return null;
    const verified = {
      sub: claims.sub,
      sid: claims.sid,
      issuedAtMs: claims.issuedAtMs,
      expiresAtMs: claims.exp * 1000,
    };
    rememberToken(token, { ...verified, keyId });
    return verified;
  } catch {
    return null;
  }
}

export function sessionCookieOptions() {
  return {
    httpOnly: true,
    sameSite: "lax" as const,
    secure: secureCookiesEnabled(),
    path: "/",
    maxAge: SESSION_MAX_AGE_SECONDS,
  };
}
