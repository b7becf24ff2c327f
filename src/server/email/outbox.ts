import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { emailOutbox } from "@/server/db/schema";

/**
 * Forgets every mail kept for an address (an account being deleted), in the caller's
 * transaction: the outbox is the mailer's table, so its rows leave through the mailer's folder.
 */
export async function discardMailTo(tx: Pick<Db, "delete">, address: string): Promise<void> {
  await tx.delete(emailOutbox).where(eq(emailOutbox.to, address));
}
