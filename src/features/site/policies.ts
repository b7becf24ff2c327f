import "server-only";
import { inArray } from "drizzle-orm";
import { unstable_cache } from "next/cache";
import { locales, type Locale } from "@/i18n/config";
import { getDb } from "@/server/db/client";
import { policies } from "@/server/db/schema";
import { PUBLIC_CONTENT_TAGS } from "@/server/cache/public-content";
import { sanitizeHtml } from "@/server/html/sanitize";
import { CACHE_SCOPE, PUBLIC_CACHE_SECONDS } from "./cache-scope";

export const POLICY_KINDS = ["privacy", "terms", "cancel", "refund", "billing"] as const;
export type PolicyKind = (typeof POLICY_KINDS)[number];
export type PolicyTexts = Record<PolicyKind, string>;

/** The public path of each policy (the SPEC's routes) and its kind in the `policies` table. */
export const POLICY_PAGES = {
  "privacy-policy": "privacy",
  terms: "terms",
  "cancellation-policy": "cancel",
  "refund-policy": "refund",
  "subscription-billing-policy": "billing",
} as const satisfies Record<string, PolicyKind>;
export type PolicyPath = keyof typeof POLICY_PAGES;

/**
 * Every policy text in `locale`; a text missing (or left empty) in that language falls back to
 * the other one, so a visitor never gets a blank legal page because the admin wrote only one.
 */
export async function loadPolicies(locale: Locale): Promise<PolicyTexts> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(policies)
    .where(inArray(policies.kind, [...POLICY_KINDS]));
  const order = [locale, ...locales.filter((l) => l !== locale)];
  const texts = {} as PolicyTexts;
  for (const kind of POLICY_KINDS) {
    const found = order
      .map((l) => rows.find((r) => r.kind === kind && r.locale === l)?.html ?? "")
      .find((html) => html.trim() !== "");
    // Sanitized again on the way out: what the page renders as HTML never depends on how it was saved.
    texts[kind] = found ? sanitizeHtml(found) : "";
  }
  return texts;
}

/** `loadPolicies` through Next's data cache; the admin's `publicContentChanged("policies")` expires it. */
export const cachedPolicies = unstable_cache(loadPolicies, ["site:policies", CACHE_SCOPE], {
  tags: [PUBLIC_CONTENT_TAGS.policies],
  revalidate: PUBLIC_CACHE_SECONDS,
});
