import { z } from "zod";
import { catalogPage } from "@/features/courses/server";
import { COURSE_LANGUAGE_NAMES } from "@/lib/course-languages";
import { apiRoute } from "@/server/http/api";

// Strict where the page's address is lenient: a program calling the API hears what it got wrong.
const catalogQuerySchema = z
  .object({
    q: z.string().max(100).optional(),
    lang: z.enum(COURSE_LANGUAGE_NAMES).optional(),
    type: z.enum(["text_image", "video_text"]).optional(),
    page: z.coerce.number().int().min(1).max(1000).optional(),
  })
  .strict();

/** The public catalogue, as the /catalog page lists it: anyone may read it. */
export const GET = apiRoute.public({ query: catalogQuerySchema }, async ({ query }) => {
  const {
    entries,
    total,
    pages,
    query: asked,
  } = await catalogPage({
    q: query.q,
    lang: query.lang,
    type: query.type,
    page: query.page ? String(query.page) : undefined,
  });
  return Response.json({
    courses: entries.map((entry) => ({
      id: entry.id,
      title: entry.mainTopic,
      lang: entry.lang,
      type: entry.type,
      lessons: entry.lessonCount,
      learners: entry.learnerCount,
      author: entry.authorName,
    })),
    total,
    page: asked.page,
    pages,
  });
});
