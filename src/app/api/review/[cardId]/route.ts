import { gradeBodySchema } from "@/features/review/schemas";
import { gradeCard } from "@/features/review/service";
import { apiRoute } from "@/server/http/api";

/** Grades the caller's card (`{ rating: 1|2|3|4 }`, else 400): `{ due }`, when it comes back. */
export const POST = apiRoute.user<{ cardId: string }, typeof gradeBodySchema>(
  { body: gradeBodySchema },
  async ({ user, t, body }, { cardId }) => {
    return Response.json(await gradeCard(user.id, cardId, body.rating, t));
  },
);
