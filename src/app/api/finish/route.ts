import { courseRefBodySchema } from "@/features/quiz/schemas";
import { finishCourse } from "@/features/quiz/server";
import { apiRoute } from "@/server/http/api";

/** Issues the certificate once the server sees the course at 100 % (403 `course:not-complete` before); idempotent. */
export const POST = apiRoute.user({ body: courseRefBodySchema }, async ({ user, body, t }) => {
  const { certificate } = await finishCourse(user, body.courseId, t);
  return Response.json({ success: true, publicId: certificate.publicId, end: certificate.issuedAt.toISOString() });
});
