import "server-only";
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { groupBy } from "@/lib/group-by";
import { getDb } from "@/server/db/client";
import { cardReviews, cards, courseLearners, courses, quizAttempts, topics } from "@/server/db/schema";
import type { CardState } from "@/features/review/server";
import { QUIZ_ATTEMPTS, type QuizAttemptEvidence } from "./mastery";

/**
 * What mastery and "What I know" read (decision 025). This feature writes nothing: it reads the
 * quiz's attempts, the courses' topics and the review feature's cards and their log.
 */

const cardColumns = {
  courseId: cards.courseId,
  topicId: cards.topicId,
  suspended: cards.suspended,
  due: cards.due,
  stability: cards.stability,
  difficulty: cards.difficulty,
  elapsedDays: cards.elapsedDays,
  scheduledDays: cards.scheduledDays,
  learningSteps: cards.learningSteps,
  reps: cards.reps,
  lapses: cards.lapses,
  state: cards.state,
  lastReview: cards.lastReview,
};

/** A card as stored: its FSRS state, topic and whether it is suspended. */
export type StoredCard = CardState & { topicId: string | null; suspended: boolean };

export type CourseEvidence = {
  topics: { id: string; title: string; number: number }[];
  attempts: QuizAttemptEvidence[];
  cards: StoredCard[];
};

/** One course's topics, and the learner's last attempts with results (newest first) and cards. */
export async function courseEvidence(courseId: string, userId: string): Promise<CourseEvidence> {
  const db = await getDb();
  const [topicRows, attemptRows, cardRows] = await Promise.all([
    db
      .select({ id: topics.id, title: topics.title, number: topics.number })
      .from(topics)
      .where(and(eq(topics.courseId, courseId), isNull(topics.archivedAt)))
      .orderBy(asc(topics.position)),
    db
      .select({ createdAt: quizAttempts.createdAt, results: quizAttempts.results })
      .from(quizAttempts)
      .where(and(eq(quizAttempts.courseId, courseId), eq(quizAttempts.userId, userId), isNotNull(quizAttempts.results)))
      .orderBy(desc(quizAttempts.createdAt), desc(quizAttempts.id))
      .limit(QUIZ_ATTEMPTS),
    db
      .select(cardColumns)
      .from(cards)
      .where(and(eq(cards.courseId, courseId), eq(cards.userId, userId))),
  ]);
  return {
    topics: topicRows,
    attempts: attemptRows.map((a) => ({ createdAt: a.createdAt, results: a.results ?? [] })),
    cards: cardRows,
  };
}

/**
 * The courses the user studies (owned or enrolled) that have any evidence (an attempt with results, or a card), with their
 * topics, attempts and cards: "What I know" ranks their topics. Bounded to the 50 most recent.
 */
export async function userEvidence(userId: string): Promise<(CourseEvidence & { id: string; title: string })[]> {
  const db = await getDb();
  const withEvidence = await db
    .select({ id: courses.id, title: courses.mainTopic })
    .from(courses)
    .where(
      and(
        // The courses the learner studies: their own and those they enrolled in.
        sql`(${courses.userId} = ${userId} or exists (select 1 from ${courseLearners} where ${courseLearners.courseId} = ${courses.id}
          and ${courseLearners.userId} = ${userId} and ${courseLearners.enrolledAt} is not null))`,
        sql`(exists (select 1 from ${quizAttempts} where ${quizAttempts.courseId} = ${courses.id} and ${quizAttempts.userId} = ${userId} and ${quizAttempts.results} is not null)
          or exists (select 1 from ${cards} where ${cards.courseId} = ${courses.id} and ${cards.userId} = ${userId}))`,
      ),
    )
    .orderBy(desc(courses.createdAt))
    .limit(50);
  if (withEvidence.length === 0) return [];
  const ids = withEvidence.map((c) => c.id);
  const [topicRows, attemptRows, cardRows] = await Promise.all([
    db
      .select({ courseId: topics.courseId, id: topics.id, title: topics.title, number: topics.number })
      .from(topics)
      .where(and(inArray(topics.courseId, ids), isNull(topics.archivedAt)))
      .orderBy(asc(topics.position)),
    db
      .select({ courseId: quizAttempts.courseId, createdAt: quizAttempts.createdAt, results: quizAttempts.results })
      .from(quizAttempts)
      .where(and(inArray(quizAttempts.courseId, ids), eq(quizAttempts.userId, userId), isNotNull(quizAttempts.results)))
      .orderBy(desc(quizAttempts.createdAt), desc(quizAttempts.id)),
    db
      .select(cardColumns)
      .from(cards)
      .where(and(eq(cards.userId, userId), inArray(cards.courseId, ids))),
  ]);
  return withEvidence.map((course) => ({
    ...course,
    topics: topicRows.filter((t) => t.courseId === course.id),
    attempts: attemptRows
      .filter((a) => a.courseId === course.id)
      .slice(0, QUIZ_ATTEMPTS)
      .map((a) => ({ createdAt: a.createdAt, results: a.results ?? [] })),
    cards: cardRows.filter((c) => c.courseId === course.id),
  }));
}

/**
 * Many learners' evidence on a few courses at once (a class's teacher view): the courses' topics,
 * each learner's last attempts with results (newest first) and their cards, in three reads.
 */
export async function learnersEvidence(
  courseIds: string[],
  userIds: string[],
): Promise<{
  topics: Map<string, (CourseEvidence["topics"][number] & { courseId: string })[]>;
  attempts: (QuizAttemptEvidence & { courseId: string; userId: string })[];
  cards: (StoredCard & { courseId: string; userId: string })[];
}> {
  if (courseIds.length === 0 || userIds.length === 0) return { topics: new Map(), attempts: [], cards: [] };
  const db = await getDb();
  // Only what mastery weighs is read: each learner's last QUIZ_ATTEMPTS attempts per course, and
  // the cards reviewed at least once and not suspended (topicMastery passes over the rest), so a
  // class of hundreds who retook the quiz often costs no more than one that did not.
  const ranked = db
    .select({
      id: quizAttempts.id,
      courseId: quizAttempts.courseId,
      userId: quizAttempts.userId,
      createdAt: quizAttempts.createdAt,
      results: quizAttempts.results,
      rank: sql<number>`row_number() over (partition by ${quizAttempts.courseId}, ${quizAttempts.userId}
        order by ${quizAttempts.createdAt} desc, ${quizAttempts.id} desc)`.as("rank"),
    })
    .from(quizAttempts)
    .where(
      and(
        inArray(quizAttempts.courseId, courseIds),
        inArray(quizAttempts.userId, userIds),
        isNotNull(quizAttempts.results),
      ),
    )
    .as("ranked");
  const [topicRows, attemptRows, cardRows] = await Promise.all([
    db
      .select({ courseId: topics.courseId, id: topics.id, title: topics.title, number: topics.number })
      .from(topics)
      .where(and(inArray(topics.courseId, courseIds), isNull(topics.archivedAt)))
      .orderBy(asc(topics.position)),
    db
      .select({
        courseId: ranked.courseId,
        userId: ranked.userId,
        createdAt: ranked.createdAt,
        results: ranked.results,
      })
      .from(ranked)
      .where(lte(ranked.rank, QUIZ_ATTEMPTS))
      .orderBy(desc(ranked.createdAt), desc(ranked.id)),
    db
      .select({ ...cardColumns, userId: cards.userId })
      .from(cards)
      .where(
        and(
          inArray(cards.courseId, courseIds),
          inArray(cards.userId, userIds),
          eq(cards.suspended, false),
          isNotNull(cards.lastReview),
        ),
      ),
  ]);
  return {
    topics: groupBy(topicRows, (topic) => topic.courseId),
    attempts: attemptRows.map((a) => ({ ...a, results: a.results ?? [] })),
    cards: cardRows,
  };
}

/**
 * The learner's own grades since `since`, per UTC day: how many, and among those of cards that
 * were in FSRS' Review state (2) before the grade, how many were remembered (rated 2 or more).
 * A quiz miss logged as a lapse (origin "quiz") is not a review the learner did.
 */
export async function reviewsByDay(
  userId: string,
  since: Date,
): Promise<{ day: string; reviews: number; matured: number; remembered: number }[]> {
  const db = await getDb();
  const day = sql<string>`to_char(${cardReviews.reviewedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const inReview = sql`(${cardReviews.before} ->> 'state')::int = 2`;
  return db
    .select({
      day,
      reviews: sql<number>`count(*)`.mapWith(Number),
      matured: sql<number>`count(*) filter (where ${inReview})`.mapWith(Number),
      remembered: sql<number>`count(*) filter (where ${inReview} and ${cardReviews.rating} >= 2)`.mapWith(Number),
    })
    .from(cardReviews)
    .where(and(eq(cardReviews.userId, userId), eq(cardReviews.origin, "review"), gte(cardReviews.reviewedAt, since)))
    .groupBy(day)
    .orderBy(day);
}
