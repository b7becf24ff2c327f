import { undoLastReview } from "@/features/review/server";
import { apiRoute } from "@/server/http/api";

/** Takes back the caller's newest grade exactly: `{ cardId, card }` (409 when there is none). */
export const POST = apiRoute.user({}, async ({ user, t }) => {
  return Response.json(await undoLastReview(user.id, t));
});
