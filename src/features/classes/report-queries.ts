import "server-only";
import { and, count, eq, inArray, lte, max, sql } from "drizzle-orm";
import { lessonsCounted } from "@/features/learning/server";
import { getDb } from "@/server/db/client";
import { cards, certificates, courseLearners, lessonProgress, lessons, quizAttempts } from "@/server/db/schema";

/**
 * What a class's teacher view reads (issue 34 item 5). This feature writes none of these tables:
 * it reads, for the class's learners in the class's assigned courses only, what each learner's
 * own pages show them (progress, quiz, cards, certificate), in six reads side by side.
 */

/** One learner's facts in one assigned course. */
export type LearnerCourseFacts = {
  courseId: string;
  userId: string;
  lessonCount: number;
  doneCount: number;
  quizPassed: boolean;
  bestMark: number | null;
  attempts: number;
  failedAttempts: number;
  lastActive: Date | null;
  cardsDue: number;
  certificate: boolean;
};

const later = (a: Date | null | undefined, b: Date | null | undefined) => (a && b ? (a > b ? a : b) : (a ?? b ?? null));

export async function learnerCourseFacts(
  courseIds: string[],
  userIds: string[],
  now: Date,
): Promise<LearnerCourseFacts[]> {
  if (courseIds.length === 0 || userIds.length === 0) return [];
  const db = await getDb();
  const [lessonCounts, reading, standing, attempts, due, issued] = await Promise.all([
    db
      .select({ courseId: lessons.courseId, n: count() })
      .from(lessons)
      .where(and(inArray(lessons.courseId, courseIds), lessonsCounted))
      .groupBy(lessons.courseId),
    db
      .select({
        courseId: lessonProgress.courseId,
        userId: lessonProgress.userId,
        done: sql<number>`count(*) filter (where ${lessonProgress.done} and ${lessonsCounted})`.mapWith(Number),
        last: max(lessonProgress.updatedAt),
      })
      .from(lessonProgress)
      .innerJoin(lessons, eq(lessons.id, lessonProgress.lessonId))
      .where(and(inArray(lessonProgress.courseId, courseIds), inArray(lessonProgress.userId, userIds)))
      .groupBy(lessonProgress.courseId, lessonProgress.userId),
    db
      .select({
        courseId: courseLearners.courseId,
        userId: courseLearners.userId,
        quizPassed: courseLearners.quizPassed,
        bestMark: courseLearners.bestMark,
      })
      .from(courseLearners)
      .where(and(inArray(courseLearners.courseId, courseIds), inArray(courseLearners.userId, userIds))),
    db
      .select({
        courseId: quizAttempts.courseId,
        userId: quizAttempts.userId,
        n: count(),
        failed: sql<number>`count(*) filter (where not ${quizAttempts.passed})`.mapWith(Number),
        last: max(quizAttempts.createdAt),
      })
      .from(quizAttempts)
      .where(
        and(
          inArray(quizAttempts.courseId, courseIds),
          inArray(quizAttempts.userId, userIds),
          eq(quizAttempts.counted, true),
        ),
      )
      .groupBy(quizAttempts.courseId, quizAttempts.userId),
    db
      .select({ courseId: cards.courseId, userId: cards.userId, n: count() })
      .from(cards)
      .where(
        and(
          inArray(cards.courseId, courseIds),
          inArray(cards.userId, userIds),
          eq(cards.suspended, false),
          lte(cards.due, now),
        ),
      )
      .groupBy(cards.courseId, cards.userId),
    db
      .selectDistinct({ courseId: certificates.courseId, userId: certificates.userId })
      .from(certificates)
      .where(and(inArray(certificates.courseId, courseIds), inArray(certificates.userId, userIds))),
  ]);
  const key = (courseId: string | null, userId: string | null) => `${courseId}:${userId}`;
  const lessonsOf = new Map(lessonCounts.map((r) => [r.courseId, r.n]));
  const readingOf = new Map(reading.map((r) => [key(r.courseId, r.userId), r]));
  const standingOf = new Map(standing.map((r) => [key(r.courseId, r.userId), r]));
  const attemptsOf = new Map(attempts.map((r) => [key(r.courseId, r.userId), r]));
  const dueOf = new Map(due.map((r) => [key(r.courseId, r.userId), r.n]));
  const certified = new Set(issued.map((r) => key(r.courseId, r.userId)));
  return courseIds.flatMap((courseId) =>
    userIds.map((userId) => {
      const k = key(courseId, userId);
      const read = readingOf.get(k);
      const tried = attemptsOf.get(k);
      const stood = standingOf.get(k);
      return {
        courseId,
        userId,
        lessonCount: lessonsOf.get(courseId) ?? 0,
        doneCount: read?.done ?? 0,
        quizPassed: stood?.quizPassed ?? false,
        bestMark: stood?.bestMark ?? null,
        attempts: tried?.n ?? 0,
        failedAttempts: tried?.failed ?? 0,
        lastActive: later(read?.last, tried?.last),
        cardsDue: dueOf.get(k) ?? 0,
        certificate: certified.has(k),
      };
    }),
  );
}
