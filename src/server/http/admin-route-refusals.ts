import "server-only";
import type { SessionUser } from "@/server/auth/session";
import { insertAudit } from "@/server/db/admin-audit";
import { getDb } from "@/server/db/client";
import { logger } from "@/server/logger";
import { hitRateLimit } from "./rate-limit";

/** Refused admin-route calls one user may add to the audit log an hour: nobody can flood it. */
const AUDITED_PER_HOUR = 20;

/**
 * A signed-in user who is no admin called an admin route: the audit log (Activity) says who
 * tried which route, refused with `auth:forbidden`. The answer (403) never depends on it.
 */
export async function auditRefusedAdminRoute(user: Pick<SessionUser, "id" | "email">, request: Request): Promise<void> {
  try {
    const counted = await hitRateLimit(`audit:admin-route:${user.id}`, {
      limit: AUDITED_PER_HOUR,
      windowMs: 60 * 60 * 1000,
    });
    if (counted.limited) return;
    const target = `${request.method} ${new URL(request.url).pathname}`.slice(0, 200);
    await insertAudit(await getDb(), user, { action: "admin.route", target, details: { refused: "auth:forbidden" } });
  } catch (error) {
    logger.warn({ err: error }, "refused admin route not audited");
  }
}
