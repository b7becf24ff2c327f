import { z } from "zod";
import { postCard, siteCard } from "@/features/site/post-card-image";
import { defaultLocale, locales } from "@/i18n/config";
import { apiRoute } from "@/server/http/api";

/**
 * Share cards (Open Graph and Twitter) at one stable address: the site's card, or a post's with
 * `?post={id}`. A route rather than opengraph-image files: those are not inherited by pages that
 * set their own Open Graph fields, and the post page sits below an optional catch-all.
 */
const query = z.object({
  post: z.string().max(64).optional(),
  /** The page's language (pageMetadata sets it): a crawler sends no language cookie. */
  lang: z.enum(locales).optional(),
});

export const GET = apiRoute.public({ query }, async ({ query }) => {
  const image = query.post ? await postCard(query.post, query.lang) : siteCard(query.lang ?? defaultLocale);
  image.headers.set("cache-control", "public, max-age=3600, stale-while-revalidate=86400");
  return image;
});
