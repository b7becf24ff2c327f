import "server-only";
import type { ApiTranslator } from "@/i18n/api-translator";
import { cookieValue } from "@/lib/http/cookies";
import type { SessionUser } from "@/server/auth/session";
import { secureCookiesEnabled } from "@/server/env";
import { logger } from "@/server/logger";
import { copySharedCourse, isShareId } from "./service";

/**
 * SPEC section 4 "pending shared course": a signed-out visitor's "Save a copy" leaves the share id
 * in this cookie (httpOnly, set by the server after checking the id), and sign-in or sign-up
 * saves the copy and clears it. Nothing goes into a redirect URL the client could choose.
 */
const PENDING_SHARE_COOKIE = "aula_pending_share";
const PENDING_MAX_AGE_SECONDS = 60 * 60;

function cookie(value: string, maxAge: number): string {
  const parts = [`${PENDING_SHARE_COOKIE}=${value}`, "Path=/", `Max-Age=${maxAge}`, "SameSite=Lax", "HttpOnly"];
  if (secureCookiesEnabled()) parts.push("Secure");
  return parts.join("; ");
}

export function pendingShareCookie(shareId: string): string {
  return cookie(shareId, PENDING_MAX_AGE_SECONDS);
}

function pendingShareOf(request: Request): string | undefined {
  const value = cookieValue(request, PENDING_SHARE_COOKIE);
  return value && isShareId(value) ? value : undefined;
}

/**
 * After a sign-in or sign-up: saves the pending copy, if any, and clears the marker whether or not
 * the copy could be saved (the SPEC goes on to the dashboard on failure too). Answers the copy's
 * id and the Set-Cookie that clears the marker.
 */
export async function claimPendingShare(
  request: Request,
  user: SessionUser,
  t: ApiTranslator,
): Promise<{ courseId?: string; setCookie?: string }> {
  const shareId = pendingShareOf(request);
  if (!shareId) return {};
  const setCookie = cookie("", 0);
  try {
    const course = await copySharedCourse(user, shareId, t);
    logger.info({ userId: user.id, courseId: course.id }, "pending shared course copied");
    return { courseId: course.id, setCookie };
  } catch (error) {
    logger.warn({ userId: user.id, err: error }, "pending shared course not copied");
    return { setCookie };
  }
}
