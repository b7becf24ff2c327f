import { gradeBodySchema } from "@/features/review/schemas";
import { gradeCard } from "@/features/review/server";
import { apiRoute } from "@/server/http/api";

/**
 * Grades the caller's card (`{ rating: 1|2|3|4, gradeId?, reviewedAt? }`, else 400): `{ due }`,
 * when it comes back. A repeated `gradeId` is answered as the first time and changes nothing.
 */
export const POST = apiRoute.user<{ cardId: string }, typeof gradeBodySchema>(
  { body: gradeBodySchema },
  async ({ user, t, body }, { cardId }) => {
    const given = { gradeId: body.gradeId, reviewedAt: body.reviewedAt };
    return Response.json(await gradeCard(user.id, cardId, body.rating, t, new Date(), given));
  },
);
