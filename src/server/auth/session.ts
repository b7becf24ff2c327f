import "server-only";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { findSessionUser, type SessionUser } from "@/features/accounts/queries";
import { AppError } from "@/server/http/errors";
import { readSessionToken, sessionCookieName } from "./session-token";

export type { SessionUser };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Resolves a session cookie value to its user, or null. Refuses tokens issued before the
 * user's `sessionsValidAfter` (password change, reset) and tokens of deleted users.
 */
export async function resolveSession(token: string | undefined): Promise<SessionUser | null> {
  const claims = await readSessionToken(token);
  if (!claims || !UUID.test(claims.sub)) return null;
  const user = await findSessionUser(claims.sub);
  if (!user || claims.issuedAtMs < user.sessionsValidAfter.getTime()) return null;
  const { sessionsValidAfter: _ignored, ...publicUser } = user;
  return publicUser;
}

function cookieFromHeader(cookieHeader: string | null, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

/** Route handlers: the session decides who the user is, never the body. */
export function getRequestUser(request: Request): Promise<SessionUser | null> {
  return resolveSession(cookieFromHeader(request.headers.get("cookie"), sessionCookieName()));
}

export async function requireRequestUser(request: Request): Promise<SessionUser> {
  const user = await getRequestUser(request);
  if (!user) throw new AppError("auth:unauthenticated", 401, "Please sign in to continue.");
  return user;
}

export function isAdmin(user: Pick<SessionUser, "role"> | null | undefined): boolean {
  return user?.role === "admin" || user?.role === "super";
}

/** Server components: one read per request however many components ask. */
export const getCurrentUser = cache(async (): Promise<SessionUser | null> => {
  const store = await cookies();
  return resolveSession(store.get(sessionCookieName())?.value);
});

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
    redirect(asked ? `/login?callbackUrl=${encodeURIComponent(asked)}` : "/login");
  }
  return user;
}

export async function requireAdminPage(): Promise<SessionUser> {
  const user = await requireUserPage();
  if (!isAdmin(user)) redirect("/dashboard");
  return user;
}

/** /login and /signup: a signed-in visitor goes to the dashboard. */
export async function redirectSignedInUser(): Promise<void> {
  if (await getCurrentUser()) redirect("/dashboard");
}
