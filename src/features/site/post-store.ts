import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { blogPosts } from "@/server/db/schema";

/** The site owns `blog_posts`: the admin panel writes posts through these, in its own transaction. */

type PostRow = typeof blogPosts.$inferInsert;

export type BlogWrite = {
  title: string;
  excerpt: string;
  content: string;
  category: PostRow["category"];
  tags: string;
  locale: NonNullable<PostRow["locale"]>;
  /** undefined keeps the cover; null removes it. */
  image?: { bytes: Buffer; contentType: string } | null;
};

function imageColumns(image: BlogWrite["image"]) {
  if (image === undefined) return {};
  return { image: image?.bytes ?? null, imageContentType: image?.contentType ?? null };
}

export async function insertBlogPost(tx: Db, post: BlogWrite): Promise<string> {
  const { image, ...fields } = post;
  const [row] = await tx
    .insert(blogPosts)
    .values({ ...fields, ...imageColumns(image) })
    .returning({ id: blogPosts.id });
  return row.id;
}

export async function updateBlogPost(tx: Db, id: string, post: BlogWrite): Promise<boolean> {
  const { image, ...fields } = post;
  const rows = await tx
    .update(blogPosts)
    .set({ ...fields, ...imageColumns(image), updatedAt: new Date() })
    .where(eq(blogPosts.id, id))
    .returning({ id: blogPosts.id });
  return rows.length > 0;
}

/** Sets a post's Popular or Featured flag; answers its title, null when there is no such post. */
export async function setBlogFlag(
  tx: Db,
  id: string,
  flag: "popular" | "featured",
  value: boolean,
): Promise<string | null> {
  const [row] = await tx
    .update(blogPosts)
    .set({ [flag]: value, updatedAt: new Date() })
    .where(eq(blogPosts.id, id))
    .returning({ title: blogPosts.title });
  return row?.title ?? null;
}

/** Deletes a post; answers its title, null when there was no such post. */
export async function deleteBlogPost(tx: Db, id: string): Promise<string | null> {
  const [row] = await tx.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ title: blogPosts.title });
  return row?.title ?? null;
}
