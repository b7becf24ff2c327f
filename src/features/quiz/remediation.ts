import "server-only";
import { requireLearnerCourse } from "@/features/courses/server";
import { addReviewLessons, type MissedGroup, type ReviewLessonRef } from "@/features/learning/server";
import type { ApiTranslator } from "@/i18n/api-translator";
import { appError } from "@/server/http/errors";
import type { AttemptQuestionResult } from "@/server/db/schema";
import { recentAttempts } from "./queries";

/**
 * "Review what I missed" (decision 025): offered after a failed quiz attempt, it adds one review
 * lesson per topic the attempt missed questions on. The lessons are written like any other (the
 * viewer streams them through the lesson.write job); the retest is then a renewed quiz, which
 * asks no question asked before (quiz-job.ts).
 */

/** The missed questions grouped by the topic they test, in topic order; untagged ones last, as one group. */
function missedByTopic(results: AttemptQuestionResult[]): MissedGroup[] {
  const groups = new Map<number | null, MissedGroup>();
  for (const r of results) {
    if (r.correct) continue;
    const key = typeof r.topic === "number" ? r.topic : null;
    const group = groups.get(key) ?? { topicIndex: key, missed: [] };
    group.missed.push({ question: r.question, right: r.right, chosen: r.chosen, explanation: r.explanation });
    groups.set(key, group);
  }
  const order = (i: number | null) => (i === null ? Number.MAX_SAFE_INTEGER : i);
  return [...groups.values()].sort((a, b) => order(a.topicIndex) - order(b.topicIndex));
}

/**
 * The learner's last graded attempt of the course, when it failed and names what it missed (attempts graded
 * before migration 0017 do not): else null, and no review is offered.
 */
async function failedAttempt(courseId: string, userId: string) {
  const [last] = await recentAttempts(courseId, userId, 1);
  if (!last || last.passed || !last.attemptId || !last.results) return null;
  const groups = missedByTopic(last.results);
  return groups.length > 0 ? { attemptId: last.attemptId, groups } : null;
}

/**
 * `POST /api/quiz/remediation`: the learner's review lessons for the last failed attempt, added
 * once (asked again, the same ones). Another user's course is 404; no failed attempt is 409
 * `remediation:not-offered` and adds nothing.
 */
export async function startRemediation(
  userId: string,
  courseId: string,
  t: ApiTranslator,
): Promise<{ lessons: ReviewLessonRef[] }> {
  const course = await requireLearnerCourse(userId, courseId, t);
  const failed = await failedAttempt(course.id, userId);
  if (!failed) throw appError("remediation:not-offered", t);
  const lessons = await addReviewLessons({
    courseId: course.id,
    learnerId: userId,
    courseTitle: course.mainTopic,
    attemptId: failed.attemptId,
    groups: failed.groups,
  });
  return { lessons };
}
