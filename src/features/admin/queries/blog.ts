import "server-only";
import { asc, count, desc, eq, sql } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { blogPosts } from "@/server/db/schema";
import type { BlogCategory, ListQuery, UiLocale } from "../schemas";
import { offsetOf, paged, searchAcross, type Page } from "./list-page";

export type AdminBlogRow = {
  id: string;
  title: string;
  excerpt: string;
  category: BlogCategory;
  tags: string;
  locale: UiLocale;
  featured: boolean;
  popular: boolean;
  hasImage: boolean;
  createdAt: Date;
};

const blogColumns = {
  id: blogPosts.id,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  category: blogPosts.category,
  tags: blogPosts.tags,
  locale: blogPosts.locale,
  featured: blogPosts.featured,
  popular: blogPosts.popular,
  hasImage: sql<boolean>`(${blogPosts.image} is not null)`,
  createdAt: blogPosts.createdAt,
};

export async function listBlogPosts(query: ListQuery): Promise<Page<AdminBlogRow>> {
  const db = await getDb();
  const where = searchAcross(query.q, [
    sql`${blogPosts.title}`,
    sql`${blogPosts.excerpt}`,
    sql`${blogPosts.category}::text`,
  ]);
  const rows = db
    .select(blogColumns)
    .from(blogPosts)
    .where(where)
    .orderBy(desc(blogPosts.createdAt), asc(blogPosts.id))
    .limit(query.limit)
    .offset(offsetOf(query));
  return paged(query, rows, db.select({ n: count() }).from(blogPosts).where(where));
}

/** A post with its content, for the edit form. */
export async function findBlogPostForEdit(id: string) {
  const db = await getDb();
  const [row] = await db
    .select({ ...blogColumns, content: blogPosts.content })
    .from(blogPosts)
    .where(eq(blogPosts.id, id));
  return row ?? null;
}
