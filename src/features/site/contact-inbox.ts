import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { contactMessages } from "@/server/db/schema";

/** Marks a message handled (once: a second call keeps the first date). Null when it does not exist. */
export async function markContactHandled(tx: Db, id: string): Promise<{ email: string; subject: string } | null> {
  const [row] = await tx
    .update(contactMessages)
    .set({ handledAt: sql`coalesce(${contactMessages.handledAt}, now())` })
    .where(eq(contactMessages.id, id))
    .returning({ email: contactMessages.email, subject: contactMessages.subject });
  return row ?? null;
}
