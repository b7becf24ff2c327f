import "server-only";
import { findOwnCourse } from "@/features/courses/service";
import { retrievability } from "@/features/review/service";
import { dailySeries, retentionOf, streakOf, utcDayStart, WINDOW_DAYS } from "./knowledge";
import { topicMastery, type CardEvidence, type TopicMastery } from "./mastery";
import { courseEvidence, dueCount, reviewsByDay, userEvidence, type StoredCard } from "./queries";

/**
 * Mastery on the course page and the "What I know" page (decision 025): read-only views over
 * the quiz's attempts and the review feature's cards. Another user's course answers null.
 */

export type { TopicMastery, MasteryReason } from "./mastery";

/** Stored cards as mastery weighs them: retrievability from the review feature's scheduler. */
function weighed(cards: StoredCard[], now: Date): CardEvidence[] {
  return cards.map((card) => ({
    topicId: card.topicId,
    suspended: card.suspended,
    lastReview: card.lastReview,
    recall: retrievability(card, now),
  }));
}

/** The owner's per-topic mastery for one course, in topic order; null when not the owner's. */
export async function courseMastery(userId: string, courseId: string, now = new Date()) {
  const course = await findOwnCourse(userId, courseId);
  if (!course) return null;
  const evidence = await courseEvidence(course.id);
  return topicMastery(evidence.topics, evidence.attempts, weighed(evidence.cards, now), now);
}

/** How long a streak is looked for: a longer one shows as this many days. */
const STREAK_LOOKBACK_DAYS = 366;
/** How many of the weakest topics the page lists. */
const WEAKEST = 5;

export type WeakTopic = TopicMastery & { courseId: string; courseTitle: string; value: number };

export type Knowledge = {
  /** Cards due by the end of today (UTC). */
  dueToday: number;
  streak: number;
  days: { day: string; reviews: number; retention: number | null }[];
  reviews30: number;
  retention30: number | null;
  weakest: WeakTopic[];
};

/** Everything "What I know" shows for the signed-in user. */
export async function knowledgeFor(userId: string, now = new Date()): Promise<Knowledge> {
  const [due, history, evidence] = await Promise.all([
    dueCount(userId, utcDayStart(now, 1)),
    reviewsByDay(userId, utcDayStart(now, -(STREAK_LOOKBACK_DAYS - 1))),
    userEvidence(userId),
  ]);
  const windowStart = utcDayStart(now, -(WINDOW_DAYS - 1))
    .toISOString()
    .slice(0, 10);
  const recent = history.filter((r) => r.day >= windowStart);
  const weakest = evidence
    .flatMap((course) =>
      topicMastery(course.topics, course.attempts, weighed(course.cards, now), now).map((t) => ({
        ...t,
        courseId: course.id,
        courseTitle: course.title,
      })),
    )
    .filter((t): t is WeakTopic => t.value !== null)
    .sort((a, b) => a.value - b.value)
    .slice(0, WEAKEST);
  return {
    dueToday: due,
    streak: streakOf(
      history.filter((r) => r.reviews > 0).map((r) => r.day),
      now,
    ),
    days: dailySeries(recent, now),
    reviews30: recent.reduce((n, r) => n + r.reviews, 0),
    retention30: retentionOf(recent),
    weakest,
  };
}
