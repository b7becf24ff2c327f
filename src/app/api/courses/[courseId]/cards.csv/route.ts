import { contentDisposition } from "@/lib/download-name";
import { courseCardsCsv } from "@/features/review/server";
import { apiRoute } from "@/server/http/api";

export const dynamic = "force-dynamic";

/** The caller's course's cards as a CSV Anki imports (front, back, tags; UTF-8, RFC 4180). */
export const GET = apiRoute.user<{ courseId: string }>({}, async ({ user, t }, { courseId }) => {
  const { csv, title } = await courseCardsCsv(user.id, courseId, t);
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": contentDisposition("attachment", `${title} cards`, "csv", "cards"),
      "cache-control": "private, no-store",
    },
  });
});
