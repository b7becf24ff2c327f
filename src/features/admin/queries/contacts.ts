import "server-only";
import { asc, count, desc, sql } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { contactMessages } from "@/server/db/schema";
import type { ListQuery } from "../schemas";
import { offsetOf, paged, searchAcross, type Page } from "./list-page";

export type AdminContactRow = {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: Date;
  handledAt: Date | null;
};

export async function listContacts(query: ListQuery): Promise<Page<AdminContactRow>> {
  const db = await getDb();
  const where = searchAcross(query.q, [
    sql`${contactMessages.name}`,
    sql`${contactMessages.email}`,
    sql`${contactMessages.subject}`,
    sql`${contactMessages.message}`,
  ]);
  const rows = db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      subject: contactMessages.subject,
      message: contactMessages.message,
      createdAt: contactMessages.createdAt,
      handledAt: contactMessages.handledAt,
    })
    .from(contactMessages)
    .where(where)
    .orderBy(desc(contactMessages.createdAt), asc(contactMessages.id))
    .limit(query.limit)
    .offset(offsetOf(query));
  return paged(query, rows, db.select({ n: count() }).from(contactMessages).where(where));
}
