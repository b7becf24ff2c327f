import { createCourseBodySchema } from "@/features/generation/schemas";
import { createCourseFromOutline } from "@/features/generation/server";
import { findOwnCourse } from "@/features/courses/server";
import { apiRoute } from "@/server/http/api";

const ownCourseCompleted = async (userId: string, courseId: string) =>
  (await findOwnCourse(userId, courseId))?.completed ?? false;

/**
 * Creates a course from the previewed outline (the one /api/prompt stored under `outlineId`, of
 * which the posted content may only be a subset) and writes its first lesson. With an
 * `Idempotency-Key` header a repeated request answers the same course (200) instead of a new one (201).
 */
export const POST = apiRoute.user(
  { body: createCourseBodySchema, bodyLimit: 1024 * 1024, model: true },
  async ({ request, user, body, t, log }) => {
    const key = request.headers.get("idempotency-key");
    const { course, created } = await createCourseFromOutline(user, body, key, t);
    if (created) log.info({ userId: user.id, courseId: course.id }, "course created");
    return Response.json(
      // A new course is not completed; a replayed one is the caller's own, with their standing.
      { success: true, courseId: course.id, completed: created ? false : await ownCourseCompleted(user.id, course.id) },
      { status: created ? 201 : 200, headers: created ? {} : { "idempotent-replayed": "true" } },
    );
  },
);
