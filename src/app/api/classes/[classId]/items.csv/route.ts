import { z } from "zod";
import { classItemsCsv } from "@/features/classes/server";
import { contentDisposition } from "@/lib/download-name";
import { apiRoute } from "@/server/http/api";

export const dynamic = "force-dynamic";

const itemsQuerySchema = z.object({ courseId: z.string().max(100) }).strict();

/** The item analysis as CSV: one line per question. */
export const GET = apiRoute.user<{ classId: string }, undefined, typeof itemsQuerySchema>(
  { query: itemsQuerySchema },
  async ({ user, query, t }, { classId }) => {
    const { csv, name } = await classItemsCsv(user.id, classId, query.courseId, t);
    return new Response(csv, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": contentDisposition("attachment", name, "csv", "items"),
        "cache-control": "private, no-store",
      },
    });
  },
);
