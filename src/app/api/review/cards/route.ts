import { cardsQuerySchema, createCardBodySchema } from "@/features/review/schemas";
import { createOwnCard, listCourseCards } from "@/features/review/server";
import { apiRoute } from "@/server/http/api";

export const dynamic = "force-dynamic";

/** The cards of the caller's course `courseId`: `{ cards }`. */
export const GET = apiRoute.user<Record<string, never>, undefined, typeof cardsQuerySchema>(
  { query: cardsQuerySchema },
  async ({ user, t, query }) => {
    const cards = await listCourseCards(user.id, query.courseId, t);
    return Response.json({ cards }, { headers: { "cache-control": "private, no-store" } });
  },
);

/** An own card from a passage of the caller's lesson (`{ lessonId, front, back, sentence }`): `{ card }`, 201. */
export const POST = apiRoute.user({ body: createCardBodySchema }, async ({ user, t, body }) => {
  const card = await createOwnCard(user.id, body, t);
  return Response.json({ card }, { status: 201 });
});
