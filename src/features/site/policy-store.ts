import "server-only";
import type { Db } from "@/server/db/client";
import { policies } from "@/server/db/schema";

type PolicyRow = typeof policies.$inferInsert;

/** The site owns `policies`: the admin panel saves one text (a kind in one locale), in its own transaction. */
export async function upsertPolicy(
  tx: Db,
  kind: PolicyRow["kind"],
  locale: PolicyRow["locale"],
  html: string,
): Promise<void> {
  const now = new Date();
  await tx
    .insert(policies)
    .values({ kind, locale, html, updatedAt: now })
    .onConflictDoUpdate({ target: [policies.kind, policies.locale], set: { html, updatedAt: now } });
}
