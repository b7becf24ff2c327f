import "server-only";
import type { Db } from "./client";
import { adminAudit } from "./schema";

/** Who acted: the admin, or the signed-in user who tried an admin route. */
export type AuditActor = { id: string; email: string };

/** What was done, or tried: a refused attempt carries `details.refused`, the error code it got. */
export type AuditEntry = { action: string; target: string; details?: Record<string, unknown> };

/**
 * One row of the admin audit log (Activity). A change writes it in its own transaction (both
 * land, or neither); a refusal, whose transaction rolled back, writes it on its own.
 */
export async function insertAudit(db: Db, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db.insert(adminAudit).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    target: entry.target,
    details: entry.details ?? null,
  });
}
