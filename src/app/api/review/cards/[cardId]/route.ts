import { updateCardBodySchema } from "@/features/review/schemas";
import { deleteCard, updateCard } from "@/features/review/server";
import { apiRoute } from "@/server/http/api";

/** Edits the caller's card (`{ front?, back?, suspended? }`): `{ card }`. */
export const PATCH = apiRoute.user<{ cardId: string }, typeof updateCardBodySchema>(
  { body: updateCardBodySchema },
  async ({ user, t, body }, { cardId }) => {
    return Response.json({ card: await updateCard(user.id, cardId, body, t) });
  },
);

/** Deletes the caller's card and its review log. */
export const DELETE = apiRoute.user<{ cardId: string }>({}, async ({ user, t }, { cardId }) => {
  await deleteCard(user.id, cardId, t);
  return Response.json({ success: true });
});
