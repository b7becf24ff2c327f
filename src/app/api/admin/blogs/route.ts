import { blogShape, listResponse } from "@/features/admin/api-shapes";
import { listQuerySchema } from "@/features/admin/schemas";
import { listBlogPosts } from "@/features/admin/server";
import { apiRoute } from "@/server/http/api";

/** Manage Blogs: every post in every language, newest first; searched by title, excerpt and category. */
export const GET = apiRoute.admin({ query: listQuerySchema }, async ({ query }) =>
  listResponse(await listBlogPosts(query), blogShape),
);
