import { z } from "zod";
import { assignCourse } from "@/features/classes/server";
import { apiRoute } from "@/server/http/api";

const assignSchema = z
  .object({ courseId: z.string().max(100), dueAt: z.iso.datetime({ offset: true }).nullable().optional() })
  .strict();

/** A teacher gives the class a course, with an optional due date (again: changes the date). */
export const POST = apiRoute.user<{ classId: string }, typeof assignSchema>(
  { body: assignSchema },
  async ({ user, body, t, log }, { classId }) => {
    const assigned = await assignCourse(
      user.id,
      classId,
      { courseId: body.courseId, dueAt: body.dueAt ? new Date(body.dueAt) : null },
      t,
    );
    log.info({ userId: user.id, classId, courseId: assigned.courseId }, "course assigned");
    return Response.json({ success: true, courseId: assigned.courseId, dueAt: assigned.dueAt?.toISOString() ?? null });
  },
);
