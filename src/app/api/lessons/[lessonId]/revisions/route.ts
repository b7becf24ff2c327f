import { lessonRevisions } from "@/features/authoring/server";
import { apiRoute } from "@/server/http/api";

type Params = { lessonId: string };

/** Every stored text of the lesson, newest first: its number, when, who (null: the model) and how. */
export const GET = apiRoute.user<Params>({}, async ({ user, t }, { lessonId }) =>
  Response.json(await lessonRevisions(user.id, lessonId, t)),
);
