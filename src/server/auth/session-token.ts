import "server-only";
import { secureCookiesEnabled } from "@/server/env";
import { hashSecretToken, newSecretToken, SECRET_TOKEN_PATTERN } from "./secret-token";

/**
 * The session cookie holds an opaque random token (decision 018): it means nothing by itself,
 * and the server finds the session by the token's hash in `sessions`.
 */

/** 30 days: the cookie's lifetime and the session row's. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** `__Secure-` makes browsers refuse the cookie unless it is set Secure from a secure origin. */
export function sessionCookieName(): string {
  return secureCookiesEnabled() ? "__Secure-aula.session" : "aula.session";
}

/** A new session's token (for the cookie) and its hash (for the row). */
export function newSessionToken(): { token: string; tokenHash: string } {
  const token = newSecretToken();
  return { token, tokenHash: hashSecretToken(token) };
}

/** The hash to look a cookie's token up by; null for anything that is not a token we could have issued. */
export function sessionTokenHash(token: string | undefined): string | null {
  return token && SECRET_TOKEN_PATTERN.test(token) ? hashSecretToken(token) : null;
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
