import { z } from "zod";
import { setSourcesOnly } from "@/features/courses/server";
import { apiRoute } from "@/server/http/api";

const sourcesOnlyBodySchema = z.object({ sourcesOnly: z.boolean() }).strict();

/**
 * The course's "only from my sources" (decision 028): when on, the tutor answers from the
 * course's material alone and says when it does not cover a question. Owner only.
 */
export const PUT = apiRoute.user<{ courseId: string }, typeof sourcesOnlyBodySchema>(
  { body: sourcesOnlyBodySchema },
  async ({ user, body, t, log }, { courseId }) => {
    await setSourcesOnly(user.id, courseId, body.sourcesOnly, t);
    log.info({ userId: user.id, courseId, sourcesOnly: body.sourcesOnly }, "course sources-only set");
    return Response.json({ success: true, sourcesOnly: body.sourcesOnly });
  },
);
