import { createCourseBodySchema } from "@/features/generation/schemas";
import { createCourseFromOutline } from "@/features/generation/server";
import { apiRoute } from "@/server/http/api";

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
      { success: true, courseId: course.id, completed: course.completed },
      { status: created ? 201 : 200, headers: created ? {} : { "idempotent-replayed": "true" } },
    );
  },
);
