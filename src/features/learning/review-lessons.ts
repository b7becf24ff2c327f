import "server-only";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { lessons, topics, type LessonRemediation, type RemediationQuestion } from "@/server/db/schema";

/**
 * Review lessons ("Review what I missed", decision 025): after a failed quiz, one extra lesson
 * per missed topic, at the end of that topic. Learning owns `lessons`, so the quiz feature asks
 * here. Each is an ordinary lesson row (written by the lesson.write job and its stream, shown in
 * the outline) whose `remediation` carries the attempt and the missed questions for the prompt.
 */

export type ReviewLessonRef = { id: string; topicId: string; title: string; topicPosition: number | null };

/**
 * Missed questions of one topic (`topicIndex`: the topic's number, `topics.number`, which was its
 * position until the outline could be edited; null: the course as a whole).
 */
export type MissedGroup = { topicIndex: number | null; missed: RemediationQuestion[] };

/** The review lessons already added after this attempt. */
async function reviewLessonsOf(courseId: string, attemptId: string): Promise<ReviewLessonRef[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: lessons.id, topicId: lessons.topicId, title: lessons.title, remediation: lessons.remediation })
    .from(lessons)
    .where(and(eq(lessons.courseId, courseId), sql`${lessons.remediation} ->> 'attemptId' = ${attemptId}`))
    .orderBy(asc(lessons.createdAt));
  const order = (p: number | null) => (p === null ? Number.MAX_SAFE_INTEGER : p);
  return rows
    .map((r) => ({ id: r.id, topicId: r.topicId, title: r.title, topicPosition: r.remediation?.topicPosition ?? null }))
    .sort((a, b) => order(a.topicPosition) - order(b.topicPosition));
}

/**
 * Adds the attempt's review lessons, once: asked again (a second click, another tab), it answers
 * the ones already added. A group without a topic (a quiz written before questions named their
 * topic) goes to the last topic, titled with the course's own topic. Answers them in topic order.
 * They are the learner's who failed the attempt: nobody else sees them (decision 037).
 */
export async function addReviewLessons(input: {
  courseId: string;
  learnerId: string;
  courseTitle: string;
  attemptId: string;
  groups: MissedGroup[];
}): Promise<ReviewLessonRef[]> {
  const db = await getDb();
  const topicRows = await db
    .select({ id: topics.id, title: topics.title, number: topics.number })
    .from(topics)
    .where(and(eq(topics.courseId, input.courseId), isNull(topics.archivedAt)))
    .orderBy(asc(topics.position));
  if (topicRows.length === 0) return [];
  // Two tries: a parallel request may take the same position; the second try reads what it added.
  for (let attempt = 0; attempt < 2; attempt++) {
    const existing = await reviewLessonsOf(input.courseId, input.attemptId);
    const missing = input.groups.filter(
      (g) => !existing.some((e) => e.topicPosition === (g.topicIndex ?? null) && g.missed.length > 0),
    );
    if (missing.length === 0) return existing;
    try {
      await db.transaction(async (tx) => {
        for (const group of missing) {
          // A topic an author has since removed from the outline: the last topic takes its review.
          const topic = topicRows.find((t) => t.number === group.topicIndex) ?? topicRows[topicRows.length - 1];
          const [{ next }] = await tx
            .select({ next: sql<number>`coalesce(max(${lessons.position}), -1) + 1`.mapWith(Number) })
            .from(lessons)
            .where(eq(lessons.topicId, topic.id));
          const remediation: LessonRemediation = {
            attemptId: input.attemptId,
            topicPosition: group.topicIndex,
            missed: group.missed.slice(0, 10),
          };
          await tx.insert(lessons).values({
            courseId: input.courseId,
            topicId: topic.id,
            position: next,
            title: group.topicIndex === null ? input.courseTitle : topic.title,
            remediation,
            learnerId: input.learnerId,
          });
        }
      });
    } catch (error) {
      // A lesson inserted at the same position by a parallel request: read what it added.
      if (attempt === 1) throw error;
    }
  }
  return reviewLessonsOf(input.courseId, input.attemptId);
}
