import { lessonRevision } from "@/features/authoring/server";
import { apiRoute } from "@/server/http/api";

type Params = { lessonId: string; revision: string };

/** One revision's Markdown and its word diff against the revision before it. */
export const GET = apiRoute.user<Params>({}, async ({ user, t }, { lessonId, revision }) =>
  Response.json(await lessonRevision(user.id, lessonId, revision, t)),
);
