import "server-only";
import { createHash } from "node:crypto";
import { desc, eq, sql } from "drizzle-orm";
import { unstable_cache } from "next/cache";
import type { Locale } from "@/i18n/config";
import { getDb } from "@/server/db/client";
import { blogPosts } from "@/server/db/schema";
import { blogPostTag, PUBLIC_CONTENT_TAGS } from "@/server/cache/public-content";
import { sanitizeHtml } from "@/server/html/sanitize";
import { blogImagePath } from "./blog-paths";
import { CACHE_SCOPE, PUBLIC_CACHE_SECONDS } from "./cache-scope";

/** A post as the public pages and `/api/getblogs` show it: dates as ISO text (the data cache keeps JSON). */
export type PostSummary = {
  id: string;
  title: string;
  excerpt: string;
  category: string;
  tags: string;
  locale: Locale;
  featured: boolean;
  popular: boolean;
  example: boolean;
  createdAt: string;
  updatedAt: string;
  /** The cover's route, versioned by its content, or null when the post has none. */
  image: string | null;
};
export type Post = PostSummary & { content: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isPostId = (id: string) => UUID.test(id);

const summaryColumns = {
  id: blogPosts.id,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  category: blogPosts.category,
  tags: blogPosts.tags,
  locale: blogPosts.locale,
  featured: blogPosts.featured,
  popular: blogPosts.popular,
  example: blogPosts.example,
  createdAt: blogPosts.createdAt,
  updatedAt: blogPosts.updatedAt,
  // A short digest of the bytes, computed in the database so the list never loads the images.
  imageVersion: sql<string | null>`substr(md5(${blogPosts.image}), 1, 12)`,
};

type SummaryRow = Omit<PostSummary, "image" | "createdAt" | "updatedAt"> & {
  imageVersion: string | null;
  createdAt: Date;
  updatedAt: Date;
};

function toSummary({ imageVersion, createdAt, updatedAt, ...rest }: SummaryRow): PostSummary {
  return {
    ...rest,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
    image: imageVersion ? blogImagePath(rest.id, imageVersion) : null,
  };
}

/** Every post, the visitor's language first, newest first within each language (`/api/getblogs`, the sitemap). */
export async function loadPostList(locale: Locale): Promise<PostSummary[]> {
  const db = await getDb();
  const rows = await db
    .select(summaryColumns)
    .from(blogPosts)
    .orderBy(
      sql`case when ${blogPosts.locale} = ${locale} then 0 else 1 end`,
      desc(blogPosts.createdAt),
      desc(blogPosts.id),
    );
  return rows.map(toSummary);
}

/**
 * The posts written in the reader's language, newest first: what the public blog index lists (a
 * reader of one language is not shown posts in the other; each post keeps its own address).
 */
export async function loadPostsIn(locale: Locale): Promise<PostSummary[]> {
  const db = await getDb();
  const rows = await db
    .select(summaryColumns)
    .from(blogPosts)
    .where(eq(blogPosts.locale, locale))
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id));
  return rows.map(toSummary);
}

export async function loadPost(id: string): Promise<Post | null> {
  if (!isPostId(id)) return null;
  const db = await getDb();
  const [row] = await db
    .select({ ...summaryColumns, content: blogPosts.content })
    .from(blogPosts)
    .where(eq(blogPosts.id, id))
    .limit(1);
  if (!row) return null;
  // Sanitized again on the way out: the page renders it as HTML whatever wrote the row.
  return { ...toSummary(row), content: sanitizeHtml(row.content) };
}

export type PostImage = { bytes: Buffer; contentType: string; etag: string; version: string };

export async function loadPostImage(id: string): Promise<PostImage | null> {
  if (!isPostId(id)) return null;
  const db = await getDb();
  const [row] = await db
    .select({ image: blogPosts.image, contentType: blogPosts.imageContentType })
    .from(blogPosts)
    .where(eq(blogPosts.id, id))
    .limit(1);
  if (!row?.image || !row.contentType) return null;
  const bytes = Buffer.from(row.image);
  const md5 = createHash("md5").update(bytes).digest("hex");
  return { bytes, contentType: row.contentType, etag: `"${md5}"`, version: md5.slice(0, 12) };
}

/**
 * The featured post (first marked featured, else the first) and the popular ones (marked, else
 * the first): the SPEC's blog list. The latest articles leave the featured post out, shown just
 * above them already.
 */
export function arrangeBlog(posts: PostSummary[]) {
  const featured = posts.find((p) => p.featured) ?? posts[0] ?? null;
  const marked = posts.filter((p) => p.popular);
  const popular = marked.length > 0 ? marked : posts.slice(0, 1);
  return { featured, latest: posts.filter((p) => p !== featured), popular };
}

/** The blog index's posts (`loadPostsIn`), cached through Next's data cache; the admin's `publicContentChanged("blog")` expires them. */
export const cachedPostList = unstable_cache(loadPostsIn, ["site:blog-list-in", CACHE_SCOPE], {
  tags: [PUBLIC_CONTENT_TAGS.blog],
  revalidate: PUBLIC_CACHE_SECONDS,
});

export function cachedPost(id: string): Promise<Post | null> {
  return unstable_cache(loadPost, ["site:blog-post", CACHE_SCOPE], {
    tags: [PUBLIC_CONTENT_TAGS.blog, blogPostTag(id)],
    revalidate: PUBLIC_CACHE_SECONDS,
  })(id);
}
