import { createCourseBodySchema } from "@/features/generation/schemas";
import { createCourseFromOutline } from "@/features/generation/service";
import { apiTranslator } from "@/i18n/api-translator";
import { requireLanguageModel } from "@/server/ai/model";
import { requireRequestUser } from "@/server/auth/session";
import { apiRoute, readJson } from "@/server/http/api";

/**
 * Creates a course from the previewed outline (the one /api/prompt stored under `outlineId`, of
 * which the posted content may only be a subset) and writes its first lesson. With an
 * `Idempotency-Key` header a repeated request answers the same course (200) instead of a new one (201).
 */
export const POST = apiRoute(async ({ request, log }) => {
  const t = apiTranslator(request);
  const user = await requireRequestUser(request);
  const body = await readJson(request, createCourseBodySchema, 1024 * 1024);
  await requireLanguageModel(t("generation.notConfigured"));
  const key = request.headers.get("idempotency-key");
  const { course, created } = await createCourseFromOutline(user, body, key, t);
  if (created) log.info({ userId: user.id, courseId: course.id }, "course created");
  return Response.json(
    { success: true, courseId: course.id, completed: course.completed },
    { status: created ? 201 : 200, headers: created ? {} : { "idempotent-replayed": "true" } },
  );
});
