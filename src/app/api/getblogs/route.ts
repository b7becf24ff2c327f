import { loadPost, loadPostList } from "@/features/site/server";
import { requestLocale } from "@/i18n/api-translator";
import { apiRoute } from "@/server/http/api";

/**
 * The SPEC's post list with its field names. `image` is the cover's URL (its own cacheable
 * route), never the bytes inline; `content` is included as the contract says.
 */
export const GET = apiRoute.public({}, async ({ request }) => {
  const summaries = await loadPostList(requestLocale(request));
  const posts = await Promise.all(summaries.map((s) => loadPost(s.id)));
  const list = posts.flatMap((post) =>
    post
      ? [
          {
            _id: post.id,
            title: post.title,
            excerpt: post.excerpt,
            content: post.content,
            image: post.image,
            category: post.category,
            tags: post.tags,
            date: post.createdAt,
            featured: post.featured,
            popular: post.popular,
            locale: post.locale,
            example: post.example,
          },
        ]
      : [],
  );
  return Response.json(list, { headers: { "cache-control": "no-store", vary: "cookie" } });
});
