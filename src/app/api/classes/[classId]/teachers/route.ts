import { z } from "zod";
import { addCoTeacher } from "@/features/classes/server";
import { apiRoute } from "@/server/http/api";

const teacherSchema = z.object({ email: z.email().max(254) }).strict();

/** The class's owner adds a co-teacher by the e-mail of their Aula account. */
export const POST = apiRoute.user<{ classId: string }, typeof teacherSchema>(
  { body: teacherSchema },
  async ({ user, body, t }, { classId }) =>
    Response.json({ success: true, ...(await addCoTeacher(user.id, classId, body.email, t)) }),
);
