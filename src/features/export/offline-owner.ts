import "server-only";
import { createHash } from "node:crypto";
import type { OfflineOwner } from "@/lib/offline-storage";
import { getCurrentSession } from "@/server/auth/session";

/**
 * Names a session to the browser's offline storage without giving away its ids: a digest of the
 * user and session ids. Another user, or the same user's next session (after a sign-out, an
 * expiry, a password change), gets another name, so the copies of the last one are deleted.
 */
export function offlineOwnerKey(userId: string, sessionId: string): string {
  return createHash("sha256")
    .update(`aula-offline-owner\u0000${userId}\u0000${sessionId}`)
    .digest("base64url")
    .slice(0, 32);
}

/** The current request's session as the owner of offline copies, or null without one. */
export async function currentOfflineOwner(): Promise<OfflineOwner | null> {
  const session = await getCurrentSession();
  return session
    ? { owner: offlineOwnerKey(session.user.id, session.sessionId), expiresAt: session.expiresAtMs }
    : null;
}
