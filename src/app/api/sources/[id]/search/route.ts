import { searchOwnSource, sourceNotFound } from "@/features/sources/server";
import { sourceIdSchema, sourceSearchQuerySchema } from "@/features/sources/schemas";
import { apiRoute } from "@/server/http/api";

/** `?q=` (and `k`, default 8): `{ results: [{ page, pageTo, headingPath, text }] }`, best first; owner only. */
export const GET = apiRoute.user<{ id: string }, undefined, typeof sourceSearchQuerySchema>(
  { query: sourceSearchQuerySchema },
  async ({ user, query, t }, { id }) => {
    if (!sourceIdSchema.safeParse(id).success) throw sourceNotFound(t);
    const results = await searchOwnSource(user.id, id, query.q, query.k, t);
    return Response.json({ success: true, results }, { headers: { "cache-control": "no-store" } });
  },
);
