import { outlineForAuthor, outlineSaveSchema, saveOutlineForAuthor } from "@/features/courses/server";
import { apiRoute } from "@/server/http/api";

type Params = { courseId: string };

/** The course's outline as its author edits it: topics and lessons with their ids, the version, what was removed. */
export const GET = apiRoute.user<Params>({}, async ({ user, t }, { courseId }) =>
  Response.json(await outlineForAuthor(user.id, courseId, t)),
);

/**
 * Stores the author's outline, version-checked: a stale version is 409 `course:outline-conflict`
 * with the stored outline, and nothing is stored.
 */
export const PUT = apiRoute.user<Params, typeof outlineSaveSchema>(
  { body: outlineSaveSchema },
  async ({ user, body, t, log }, { courseId }) => {
    const outcome = await saveOutlineForAuthor(user.id, courseId, body, t);
    if (!outcome.saved) {
      const { message, ...current } = outcome.conflict;
      return Response.json({ success: false, code: "course:outline-conflict", message, current }, { status: 409 });
    }
    log.info({ userId: user.id, courseId, version: outcome.outline.version }, "outline saved by its author");
    return Response.json({ success: true, ...outcome.outline });
  },
);
