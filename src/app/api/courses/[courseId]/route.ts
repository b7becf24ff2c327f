import { z } from "zod";
import { changeVisibility } from "@/features/courses/server";
import { apiRoute } from "@/server/http/api";

const visibilityBodySchema = z.object({ visibility: z.enum(["private", "unlisted", "public"]) }).strict();

/**
 * PATCH: who may enrol in the course: `private` (its owner alone), `unlisted` (anyone with its link) or
 * `public` (listed in the catalogue). Offering it needs every lesson written (409). Owner only.
 */
export const PATCH = apiRoute.user<{ courseId: string }, typeof visibilityBodySchema>(
  { body: visibilityBodySchema },
  async ({ user, body, t, log }, { courseId }) => {
    await changeVisibility(user.id, courseId, body.visibility, t);
    log.info({ userId: user.id, courseId, visibility: body.visibility }, "course visibility set");
    return Response.json({ success: true, visibility: body.visibility });
  },
);
