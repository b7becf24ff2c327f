import { requireOwnSource, removeSource, sourceNotFound, sourceView } from "@/features/sources/server";
import { sourceIdSchema } from "@/features/sources/schemas";
import { apiRoute } from "@/server/http/api";

type Params = { id: string };

/** `{ status: "processing" | "ready" | "failed", pages, pagesRead, title, error? }`; another user's source is a 404. */
export const GET = apiRoute.user<Params>({}, async ({ user, t }, { id }) => {
  if (!sourceIdSchema.safeParse(id).success) throw sourceNotFound(t);
  const row = await requireOwnSource(user.id, id, t);
  return Response.json(
    { success: true, ...sourceView(row, t, user.plan) },
    { headers: { "cache-control": "no-store" } },
  );
});

/** Removes the source with its chunks (and its links to courses); citations already quoted stay quoted. */
export const DELETE = apiRoute.user<Params>({}, async ({ user, t }, { id }) => {
  if (!sourceIdSchema.safeParse(id).success) throw sourceNotFound(t);
  await removeSource(user.id, id, t);
  return Response.json({ success: true });
});
