import "server-only";
import { sql } from "drizzle-orm";
import { locales } from "@/i18n/config";
import { getDb } from "@/server/db/client";
import { blogPosts, policies } from "@/server/db/schema";
import { logger } from "@/server/logger";
import { POLICY_KINDS } from "./policies";
import { gradientPng } from "./seed/gradient-png";
import { DEFAULT_POLICIES } from "./seed/policies";
import { EXAMPLE_POSTS } from "./seed/posts";

/**
 * First start of the public site: default policies in pt and en, and example posts. Idempotent:
 * a policy is inserted only where none exists for its kind and language (an edited text is never
 * overwritten), and the example posts only on the start that first wrote policies, so posts the
 * admin deleted do not come back at the next start.
 */
export async function ensureSiteContent(): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    // One start at a time: two instances starting together must not both seed the posts.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('aula:site-seed'))`);
    const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(policies);
    const rows = POLICY_KINDS.flatMap((kind) =>
      locales.map((locale) => ({ kind, locale, html: DEFAULT_POLICIES[kind][locale] })),
    );
    const inserted = await tx.insert(policies).values(rows).onConflictDoNothing().returning({ kind: policies.kind });
    if (count > 0) return;
    await tx.insert(blogPosts).values(
      EXAMPLE_POSTS.map(({ colors, ...post }, index) => ({
        ...post,
        example: true,
        image: gradientPng(1200, 630, colors[0], colors[1]),
        imageContentType: "image/png",
        // Distinct times keep the seeded order (newest first = the list above).
        createdAt: new Date(Date.now() - index * 60_000),
      })),
    );
    logger.info({ policies: inserted.length, posts: EXAMPLE_POSTS.length }, "public site seeded");
  });
}
