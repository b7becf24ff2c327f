import "server-only";
import { count, desc, sql } from "drizzle-orm";
import { insertAudit, type AuditActor, type AuditEntry } from "@/server/db/admin-audit";
import { getDb } from "@/server/db/client";
import { adminAudit } from "@/server/db/schema";
import type { ListQuery } from "../schemas";
import { offsetOf, paged, searchAcross, type Page } from "./list-page";

export { insertAudit, type AuditActor, type AuditEntry };

/** An audit row of its own, outside any transaction (a refused action's, whose own rolled back). */
export async function recordAudit(actor: AuditActor, entry: AuditEntry): Promise<void> {
  await insertAudit(await getDb(), actor, entry);
}

export type AdminAuditRow = {
  id: string;
  actorEmail: string;
  action: string;
  target: string;
  details: unknown;
  createdAt: Date;
};

export async function listAudit(query: ListQuery): Promise<Page<AdminAuditRow>> {
  const db = await getDb();
  const where = searchAcross(query.q, [
    sql`${adminAudit.actorEmail}`,
    sql`${adminAudit.action}`,
    sql`${adminAudit.target}`,
  ]);
  const rows = db
    .select({
      id: adminAudit.id,
      actorEmail: adminAudit.actorEmail,
      action: adminAudit.action,
      target: adminAudit.target,
      details: adminAudit.details,
      createdAt: adminAudit.createdAt,
    })
    .from(adminAudit)
    .where(where)
    .orderBy(desc(adminAudit.createdAt), desc(adminAudit.id))
    .limit(query.limit)
    .offset(offsetOf(query));
  return paged(query, rows, db.select({ n: count() }).from(adminAudit).where(where));
}
