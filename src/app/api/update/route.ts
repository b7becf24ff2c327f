import { z } from "zod";
import { readContent } from "@/features/courses/client";
import { applyContentUpdate } from "@/features/courses/server";
import { apiRoute } from "@/server/http/api";
import { appError } from "@/server/http/errors";

const bodySchema = z.object({
  courseId: z.string().max(100),
  content: z.union([z.string().max(4 * 1024 * 1024), z.record(z.string(), z.unknown())]),
});

/** The contract's content write-back: lesson done flags, theory (sanitized), image and video. */
export const POST = apiRoute.user({ body: bodySchema, bodyLimit: 4 * 1024 * 1024 }, async ({ user, body, t }) => {
  const content = readContent(body.content);
  if (content === undefined) throw appError("course:content-mismatch", t);
  await applyContentUpdate(user.id, body.courseId, content, t);
  return Response.json({ success: true });
});
