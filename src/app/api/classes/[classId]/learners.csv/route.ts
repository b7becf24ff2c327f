import { classLearnersCsv } from "@/features/classes/server";
import { contentDisposition } from "@/lib/download-name";
import { apiRoute } from "@/server/http/api";

export const dynamic = "force-dynamic";

/** The teacher's view as CSV: one line per learner and course. */
export const GET = apiRoute.user<{ classId: string }>({}, async ({ user, t }, { classId }) => {
  const { csv, name } = await classLearnersCsv(user.id, classId, t);
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": contentDisposition("attachment", `${name} learners`, "csv", "learners"),
      "cache-control": "private, no-store",
    },
  });
});
