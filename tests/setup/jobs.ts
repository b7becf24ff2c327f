/**
 * Jobs held by "another instance" in tests: a lesson.write job claimed under a lease nobody in
 * this process renews, as a worker elsewhere (alive, or dead once the lease runs out) holds it.
 */
import { eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { lessons } from "@/server/db/schema";
import { claimJobs, finishJob, insertJob } from "@/server/jobs/queries";

export async function lessonJobHeldElsewhere(
  input: { lessonId: string; courseId: string; userId: string },
  leaseMs: number,
  owner = "another-instance",
) {
  const { id } = await insertJob({
    kind: "lesson.write",
    subject: input.lessonId,
    payload: { courseId: input.courseId, userId: input.userId, regenerate: false },
    userId: input.userId,
  });
  const [claimed] = await claimJobs({ owner, limit: 1, leaseMs, only: [id] });
  if (!claimed) throw new Error("the job could not be claimed");
  const db = await getDb();
  return {
    id,
    /** The other instance's growing text, as its handler flushes it. */
    draft: (text: string) => db.update(lessons).set({ draft: text }).where(eq(lessons.id, input.lessonId)),
    /** The other instance's job fails for good with this error. */
    fail: (error: { code: string; message: string }) => finishJob(id, owner, { status: "failed", error }),
    /** The other instance stores the lesson and ends its job. */
    finish: async (theory: string) => {
      await db
        .update(lessons)
        .set({ theory, draft: null, generatedAt: new Date() })
        .where(eq(lessons.id, input.lessonId));
      await finishJob(id, owner, { status: "succeeded" });
    },
  };
}
