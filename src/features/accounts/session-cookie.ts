import "server-only";
import { sessionCookieName, sessionCookieOptions } from "@/server/auth/session-token";
import { startSession } from "./sessions";

/**
 * Starts a session (its row, named after the request's browser) and sets its cookie on the
 * response: the contract's sign-in signs a browser in by itself.
 */
export async function withSessionCookie(response: Response, userId: string, request: Request): Promise<Response> {
  const token = await startSession(userId, request.headers.get("user-agent"));
  response.headers.append("set-cookie", serializeCookie(sessionCookieName(), token, sessionCookieOptions()));
  return response;
}

export function withoutSessionCookie(response: Response): Response {
  response.headers.append(
    "set-cookie",
    serializeCookie(sessionCookieName(), "", { ...sessionCookieOptions(), maxAge: 0 }),
  );
  return response;
}

function serializeCookie(
  name: string,
  value: string,
  o: { httpOnly: boolean; sameSite: "lax"; secure: boolean; path: string; maxAge: number },
): string {
  const parts = [`${name}=${value}`, `Path=${o.path}`, `Max-Age=${o.maxAge}`, "SameSite=Lax"];
  if (o.httpOnly) parts.push("HttpOnly");
  if (o.secure) parts.push("Secure");
  return parts.join("; ");
}
