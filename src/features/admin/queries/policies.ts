import "server-only";
import { getDb } from "@/server/db/client";
import { policies } from "@/server/db/schema";
import type { PolicyKind, UiLocale } from "../schemas";

/** Every policy text in every locale, for the dashboard (the site writes them: `upsertPolicy`). */
export async function readPolicies(): Promise<{ kind: PolicyKind; locale: UiLocale; html: string; updatedAt: Date }[]> {
  const db = await getDb();
  return db
    .select({ kind: policies.kind, locale: policies.locale, html: policies.html, updatedAt: policies.updatedAt })
    .from(policies);
}
