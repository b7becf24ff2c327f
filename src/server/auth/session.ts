import "server-only";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { apiTranslator } from "@/i18n/api-translator";
import { appError } from "@/server/http/errors";
import { findSessionUser, LAST_SEEN_RESOLUTION_MS, touchSession, type SessionUser } from "./session-store";
import { sessionCookieName, sessionTokenHash } from "./session-token";
import { decodedCookieValue } from "@/lib/http/cookies";
import { paths } from "@/lib/paths";

export type { SessionUser };

/**
 * A signed-in request: who it is, which of their sessions (for sign-out and the sessions list),
 * and when that session expires (offline copies end with it).
 */
export type RequestSession = { user: SessionUser; sessionId: string; expiresAtMs: number };

/**
 * Resolves a session cookie's token to its user and session, or null. The session's row must
 * exist and be unexpired (decisions 008, 018): sign-out, "sign out of other sessions", a
 * password change or reset and account deletion delete it.
 */
export async function resolveSessionRecord(token: string | undefined): Promise<RequestSession | null> {
  const tokenHash = sessionTokenHash(token);
  if (!tokenHash) return null;
  const row = await findSessionUser(tokenHash);
  if (!row) return null;
  const { sessionId, expiresAt, lastSeenAt, ...user } = row;
  if (Date.now() - lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) await touchSession(sessionId);
  return { user, sessionId, expiresAtMs: expiresAt.getTime() };
}

export async function resolveSession(token: string | undefined): Promise<SessionUser | null> {
  return (await resolveSessionRecord(token))?.user ?? null;
}

function requestToken(request: Request): string | undefined {
  return decodedCookieValue(request, sessionCookieName());
}

/** Route handlers: the session decides who the user is, never the body. */
export async function getRequestUser(request: Request): Promise<SessionUser | null> {
  return (await resolveSessionRecord(requestToken(request)))?.user ?? null;
}

export async function requireRequestUser(request: Request): Promise<SessionUser> {
  return (await requireRequestSession(request)).user;
}

export async function requireRequestSession(request: Request): Promise<RequestSession> {
  const session = await resolveSessionRecord(requestToken(request));
  if (!session) throw appError("auth:unauthenticated", apiTranslator(request));
  return session;
}

/**
 * Sign-out: the hash of the request's token, so ending its session is one delete, whatever the
 * state of its row or user. Null when there is no well-formed token.
 */
export function requestSessionTokenHash(request: Request): string | null {
  return sessionTokenHash(requestToken(request));
}

export function isAdmin(user: Pick<SessionUser, "role"> | null | undefined): boolean {
  return user?.role === "admin" || user?.role === "super";
}

/** Server components: one read per request however many components ask. */
export const getCurrentSession = cache(async (): Promise<RequestSession | null> => {
  const store = await cookies();
  return resolveSessionRecord(store.get(sessionCookieName())?.value);
});

const getCurrentUser = cache(async (): Promise<SessionUser | null> => (await getCurrentSession())?.user ?? null);

/** Only relative paths inside the app: never an open redirect. */
export function safeCallbackPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  if (value.length > 2048 || /[\u0000-\u001f]/.test(value)) return null;
  return value;
}

/** Pages behind a login: redirects to /login, coming back to the page asked for. */
export async function requireUserPage(): Promise<SessionUser> {
  const user = await getCurrentUser();
  if (!user) {
    const asked = safeCallbackPath((await headers()).get("x-pathname"));
    redirect(paths.login({ callbackUrl: asked ?? undefined }));
  }
  return user;
}

export async function requireAdminPage(): Promise<SessionUser> {
  const user = await requireUserPage();
  if (!isAdmin(user)) redirect(paths.dashboard());
  return user;
}

/** /login and /signup: a signed-in visitor goes where they were going (`to`, a checked path), else the dashboard. */
export async function redirectSignedInUser(to?: string): Promise<void> {
  if (await getCurrentUser()) redirect(to ?? paths.dashboard());
}
