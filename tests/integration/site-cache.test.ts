import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { workAsyncStorage } from "next/dist/server/app-render/work-async-storage.external";
import { IncrementalCache } from "next/dist/server/lib/incremental-cache";
import { nodeFs } from "next/dist/server/lib/node-fs-methods";
import { executeRevalidates } from "next/dist/server/revalidation-utils";
import { cachedPolicies, cachedPost, cachedPostList } from "@/features/site/server";
import { publicContentChanged } from "@/server/cache/public-content";
import { getDb } from "@/server/db/client";
import { blogPosts, policies } from "@/server/db/schema";
import { useTestDatabase } from "../setup/test-db";

useTestDatabase();

/**
 * Next's own data cache, as `next start` sets it up (file-system handler with its memory layer),
 * so the public pages' cached readers run here as they do in the app.
 */
let distDir = "";
beforeAll(() => {
  distDir = mkdtempSync(path.join(tmpdir(), "aula-cache-"));
  (globalThis as { __incrementalCache?: unknown }).__incrementalCache = new IncrementalCache({
    fs: nodeFs,
    dev: false,
    flushToDisk: false,
    minimalMode: false,
    serverDistDir: distDir,
    requestHeaders: {},
    maxMemoryCacheSize: 50 * 1024 * 1024,
    fetchCacheKeyPrefix: "",
    previewProps: { previewModeId: "test", previewModeSigningKey: "test", previewModeEncryptionKey: "test" },
    prerenderManifest: { version: 4, routes: {}, dynamicRoutes: {}, notFoundRoutes: [], preview: {} },
  } as never);
});
afterAll(() => {
  delete (globalThis as { __incrementalCache?: unknown }).__incrementalCache;
  rmSync(distDir, { recursive: true, force: true });
});

/** What the admin's route does after a write: `publicContentChanged` in a request, its revalidations run at the end. */
async function inAdminRequest(change: () => void) {
  const store = {
    route: "/api/admin",
    incrementalCache: (globalThis as { __incrementalCache?: unknown }).__incrementalCache,
    pendingRevalidatedTags: [],
  };
  workAsyncStorage.run(store as never, change);
  await executeRevalidates(store as never);
}

describe("public content cache", () => {
  it("serves cached policies until the admin's publicContentChanged, then the new text", async () => {
    const db = await getDb();
    await db.insert(policies).values({ kind: "terms", locale: "en", html: "<p>First</p>" });
    expect((await cachedPolicies("en")).terms).toBe("<p>First</p>");

    await db.update(policies).set({ html: "<p>Second</p>" }).where(eq(policies.kind, "terms"));
    expect((await cachedPolicies("en")).terms).toBe("<p>First</p>"); // cached: the write alone does not show

    await inAdminRequest(() => publicContentChanged("policies"));
    expect((await cachedPolicies("en")).terms).toBe("<p>Second</p>");
  });

  it("shows a new post in the list, and an edited post on its page, after publicContentChanged", async () => {
    const db = await getDb();
    // The blog index lists the reader's language only: a Portuguese post never shows to an en reader.
    await db
      .insert(blogPosts)
      .values({ title: "Um", excerpt: "e", content: "<p>pt</p>", category: "ai", locale: "pt" });
    const [first] = await db
      .insert(blogPosts)
      .values({ title: "One", excerpt: "e", content: "<p>a</p>", category: "ai", locale: "en" })
      .returning();
    expect((await cachedPostList("en")).map((p) => p.title)).toEqual(["One"]);
    expect((await cachedPost(first.id))?.content).toBe("<p>a</p>");

    await db
      .insert(blogPosts)
      .values({ title: "Two", excerpt: "e", content: "<p>b</p>", category: "ai", locale: "en" });
    await db.update(blogPosts).set({ content: "<p>edited</p>" }).where(eq(blogPosts.id, first.id));
    expect((await cachedPostList("en")).map((p) => p.title)).toEqual(["One"]);
    expect((await cachedPost(first.id))?.content).toBe("<p>a</p>");

    await inAdminRequest(() => publicContentChanged("blog", first.id));
    expect((await cachedPostList("en")).map((p) => p.title).sort()).toEqual(["One", "Two"]);
    expect((await cachedPostList("pt")).map((p) => p.title)).toEqual(["Um"]);
    expect((await cachedPost(first.id))?.content).toBe("<p>edited</p>");
  });

  it("does not serve another server process's cached content (the disk cache outlives a process; a new one may have another database)", async () => {
    const db = await getDb();
    await db.delete(policies);
    await db.insert(policies).values({ kind: "refund", locale: "en", html: "<p>Old process</p>" });
    // "pt" (falling back to the English text): a key no earlier test cached.
    expect((await cachedPolicies("pt")).refund).toBe("<p>Old process</p>");
    expect((await cachedPolicies("pt")).refund).toBe("<p>Old process</p>");
    await db.update(policies).set({ html: "<p>New database</p>" }).where(eq(policies.kind, "refund"));
    expect((await cachedPolicies("pt")).refund).toBe("<p>Old process</p>"); // this process: cached

    let fresh: typeof cachedPolicies | undefined;
    await jest.isolateModulesAsync(async () => {
      fresh = (await import("@/features/site/server")).cachedPolicies;
    });
    expect((await fresh!("pt")).refund).toBe("<p>New database</p>");
  });
});
