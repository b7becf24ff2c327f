import "server-only";
import { decode, encode } from "next-auth/jwt";
import { env, secureCookiesEnabled } from "@/server/env";

/** 30 days, Auth.js's default session length. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** Auth.js's own cookie names, so its JWT helpers and tools recognise the cookie. */
export function sessionCookieName(): string {
  return secureCookiesEnabled() ? "__Secure-authjs.session-token" : "authjs.session-token";
}

export type SessionClaims = { sub: string; issuedAtMs: number };

/** The session is an Auth.js JWT (encrypted, JWE) holding only the user id and when it was issued. */
export async function createSessionToken(userId: string, now = Date.now()): Promise<string> {
  return encode({
    token: { sub: userId, issuedAtMs: now },
    secret: env().AUTH_SECRET,
    salt: sessionCookieName(),
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
}

export async function readSessionToken(token: string | undefined): Promise<SessionClaims | null> {
  if (!token || token.length > 4096) return null;
  try {
    const claims = await decode({ token, secret: env().AUTH_SECRET, salt: sessionCookieName() });
    if (!claims || typeof claims.sub !== "string" || typeof claims.issuedAtMs !== "number") return null;
    return { sub: claims.sub, issuedAtMs: claims.issuedAtMs };
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
