import "server-only";
import { findLearnerCourse } from "@/features/courses/server";
import { groupBy } from "@/lib/group-by";
import { dueSummary, retrievability, type HeldBack, type ReviewLimits } from "@/features/review/server";
import { dailySeries, retentionOf, streakOf, utcDayStart, WINDOW_DAYS } from "./knowledge";
import { topicMastery, type CardEvidence, type TopicMastery } from "./mastery";
import { courseEvidence, learnersEvidence, reviewsByDay, userEvidence, type StoredCard } from "./queries";

/**
 * Mastery on the course page and the "What I know" page (decision 025): read-only views over
 * the quiz's attempts and the review feature's cards. Another user's course answers null.
 */

/** Stored cards as mastery weighs them: retrievability from the review feature's scheduler. */
function weighed(cards: StoredCard[], now: Date): CardEvidence[] {
  return cards.map((card) => ({
    topicId: card.topicId,
    suspended: card.suspended,
    lastReview: card.lastReview,
    recall: retrievability(card, now),
  }));
}

/** The learner's per-topic mastery for one course, in topic order; null when the caller does not study it. */
export async function courseMastery(userId: string, courseId: string, now = new Date()) {
  const course = await findLearnerCourse(userId, courseId);
  if (!course) return null;
  const evidence = await courseEvidence(course.id, userId);
  return topicMastery(evidence.topics, evidence.attempts, weighed(evidence.cards, now), now);
}

/**
 * Each learner's per-topic mastery on each course (a class's teacher view), keyed
 * `${courseId}:${userId}`: the same figures each learner sees on their course page. The caller
 * has checked who may see them.
 */
export async function learnersMastery(
  courseIds: string[],
  userIds: string[],
  now = new Date(),
): Promise<Map<string, TopicMastery[]>> {
  const evidence = await learnersEvidence(courseIds, userIds);
  const key = (courseId: string, userId: string) => `${courseId}:${userId}`;
  const attempts = groupBy(evidence.attempts, (a) => key(a.courseId, a.userId));
  const cards = groupBy(evidence.cards, (c) => key(c.courseId, c.userId));
  const result = new Map<string, TopicMastery[]>();
  for (const courseId of courseIds) {
    for (const userId of userIds) {
      const k = key(courseId, userId);
      result.set(
        k,
        topicMastery(evidence.topics.get(courseId) ?? [], attempts.get(k) ?? [], weighed(cards.get(k) ?? [], now), now),
      );
    }
  }
  return result;
}

/** How long a streak is looked for: a longer one shows as this many days. */
const STREAK_LOOKBACK_DAYS = 366;
/** How many of the weakest topics the page lists. */
const WEAKEST = 5;
/**
 * Only a topic under this mastery is listed as weak: a learner who knows every topic well is not
 * shown five "weakest" topics at 95 (decision 031).
 */
export const WEAK_BELOW = 70;

type WeakTopic = TopicMastery & { courseId: string; courseTitle: string; value: number };

export type Knowledge = {
  /** Cards due now, as the review screen's queue has them (within the day's caps): one definition (decision 031). */
  dueNow: number;
  /** Due cards the day's caps hold back until tomorrow, and the caps. */
  heldBack: HeldBack;
  limits: ReviewLimits;
  streak: number;
  days: { day: string; reviews: number; retention: number | null }[];
  reviews30: number;
  retention30: number | null;
  /** The weakest topics under WEAK_BELOW, weakest first (at most five). */
  weakest: WeakTopic[];
  /** How many topics have a mastery figure at all (none: nothing to rank yet). */
  measured: number;
};

/** Everything "What I know" shows for the signed-in user. */
export async function knowledgeFor(userId: string, now = new Date()): Promise<Knowledge> {
  const [due, history, evidence] = await Promise.all([
    dueSummary(userId, now),
    reviewsByDay(userId, utcDayStart(now, -(STREAK_LOOKBACK_DAYS - 1))),
    userEvidence(userId),
  ]);
  const windowStart = utcDayStart(now, -(WINDOW_DAYS - 1))
    .toISOString()
    .slice(0, 10);
  const recent = history.filter((r) => r.day >= windowStart);
  const valued = evidence
    .flatMap((course) =>
      topicMastery(course.topics, course.attempts, weighed(course.cards, now), now).map((t) => ({
        ...t,
        courseId: course.id,
        courseTitle: course.title,
      })),
    )
    .filter((t): t is WeakTopic => t.value !== null);
  const weakest = valued
    .filter((t) => t.value < WEAK_BELOW)
    .sort((a, b) => a.value - b.value)
    .slice(0, WEAKEST);
  return {
    dueNow: due.due,
    heldBack: due.heldBack,
    limits: due.limits,
    streak: streakOf(
      history.filter((r) => r.reviews > 0).map((r) => r.day),
      now,
    ),
    days: dailySeries(recent, now),
    reviews30: recent.reduce((n, r) => n + r.reviews, 0),
    retention30: retentionOf(recent),
    weakest,
    measured: valued.length,
  };
}
