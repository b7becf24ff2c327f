import { z } from "zod";
import { pendingShareCookie } from "@/features/sharing/pending";
import { copySharedCourse, findSharedCourse } from "@/features/sharing/server";
import { getRequestUser } from "@/server/auth/session";
import { apiRoute } from "@/server/http/api";
import { appError } from "@/server/http/errors";

// The contract also sends user, content, type and mainTopic: they are ignored (the server copies
// from the shared course itself and the user is the session's), so they are allowed, not read.
const bodySchema = z.object({ id: z.string().max(100) }).passthrough();

/**
 * Saves a copy of a shared course for the signed-in user. Signed out, the share id is kept as the
 * pending shared course (an httpOnly cookie) and the answer is 401: sign-in or sign-up saves it.
 */
export const POST = apiRoute.public({ body: bodySchema, bodyLimit: 1024 * 1024 }, async ({ request, body, t, log }) => {
  const user = await getRequestUser(request);
  if (!user) {
    if (!(await findSharedCourse(body.id))) throw appError("share:not-found", t);
    throw appError("auth:unauthenticated", t, { headers: { "set-cookie": pendingShareCookie(body.id) } });
  }
  const course = await copySharedCourse(user, body.id, t);
  log.info({ userId: user.id, courseId: course.id }, "shared course copied");
  return Response.json({ success: true, courseId: course.id }, { status: 201 });
});
