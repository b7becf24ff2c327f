import { unassignCourse } from "@/features/classes/server";
import { apiRoute } from "@/server/http/api";

/** A teacher takes a course back from the class; learners keep what they did in it. */
export const DELETE = apiRoute.user<{ classId: string; courseId: string }>(
  {},
  async ({ user, t }, { classId, courseId }) => {
    await unassignCourse(user.id, classId, courseId, t);
    return Response.json({ success: true });
  },
);
