import "server-only";
import { revalidateTag } from "next/cache";

/**
 * Cache tags of the public site's database-backed content. The public pages tag what they read
 * (`cacheTag` / `unstable_cache` tags); the admin panel calls `publicContentChanged` after each
 * write, so a saved policy or a published post shows at once, without a rebuild.
 */
export const PUBLIC_CONTENT_TAGS = {
  blog: "public:blog",
  policies: "public:policies",
} as const;

export type PublicContent = keyof typeof PUBLIC_CONTENT_TAGS;

/** The tag of one post, for pages that read a single post. */
export function blogPostTag(id: string): string {
  return `${PUBLIC_CONTENT_TAGS.blog}:${id}`;
}

/**
 * Expires the tagged entries now (`expire: 0`): the next visitor reads the new text, not a
 * stale copy refreshed in the background ("max" would do that, and the one-argument form is
 * deprecated in Next 16).
 */
export function publicContentChanged(kind: PublicContent, postId?: string): void {
  revalidateTag(PUBLIC_CONTENT_TAGS[kind], { expire: 0 });
  if (kind === "blog" && postId) revalidateTag(blogPostTag(postId), { expire: 0 });
}
