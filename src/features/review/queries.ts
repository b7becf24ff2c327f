import "server-only";
import { and, asc, desc, eq, gt, gte, inArray, lte, min, or, type SQL, sql } from "drizzle-orm";
import { lessonsSeenBy } from "@/features/learning/server";
import { getDb, type Db } from "@/server/db/client";
import { cardReviews, cards, courses, lessons, topics } from "@/server/db/schema";
import { STATE_NEW, type CardState } from "./scheduler";

export type CardRow = typeof cards.$inferSelect;
export type Executor = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The FSRS columns of a row. */
export function cardState(row: CardRow): CardState {
  return {
    due: row.due,
    stability: row.stability,
    difficulty: row.difficulty,
    elapsedDays: row.elapsedDays,
    scheduledDays: row.scheduledDays,
    learningSteps: row.learningSteps,
    reps: row.reps,
    lapses: row.lapses,
    state: row.state,
    lastReview: row.lastReview,
  };
}

/** Grades the learner gave since `since` (undone ones are gone from the log), and how many were of new cards. */
export async function reviewedSince(userId: string, since: Date): Promise<{ total: number; fresh: number }> {
  const db = await getDb();
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      fresh: sql<number>`(count(*) filter (where (${cardReviews.before} ->> 'state')::int = ${STATE_NEW}))::int`,
    })
    .from(cardReviews)
    .where(and(eq(cardReviews.userId, userId), eq(cardReviews.origin, "review"), gte(cardReviews.reviewedAt, since)));
  return { total: Number(row?.total ?? 0), fresh: Number(row?.fresh ?? 0) };
}

const inQueue = (userId: string, courseId?: string) =>
  and(eq(cards.userId, userId), eq(cards.suspended, false), courseId ? eq(cards.courseId, courseId) : undefined);

/**
 * The one definition of a seen card being due (decision 031), used by the queue and by every
 * count of due cards: not suspended, already graded, and due by `now`, or, while learning or
 * relearning, due by `learnAhead` (Anki's learn-ahead). A new card is always due. Written with
 * the partial index's predicate (cards_user_due_seen_idx), so the planner uses it. Dates go
 * through Drizzle's column operators, which hand every driver a value it takes (a `Date` inside a
 * raw `sql` fragment works on PGlite only).
 */
function seenDue(now: Date, learnAhead: Date) {
  return and(
    sql`${cards.state} <> 0 and not ${cards.suspended}`,
    lte(cards.due, learnAhead),
    or(inArray(cards.state, [1, 3]), lte(cards.due, now)),
  );
}

/** A new card (never graded) waiting in the queue; the partial index's predicate (cards_user_due_new_idx). */
const newWaiting = sql`${cards.state} = 0 and not ${cards.suspended}`;

/**
 * Seen cards that are due (`seenDue`), those due by `now` first, then learning ones shown ahead
 * (Anki's learn-ahead: a card just graded Good, due again in minutes, comes after every card due
 * now); soonest first within each, at most `limit`. An index scan on (user_id, due).
 */
export async function dueSeenCards(
  userId: string,
  courseId: string | undefined,
  now: Date,
  learnAhead: Date,
  limit: number,
): Promise<CardRow[]> {
  if (limit <= 0) return [];
  const db = await getDb();
  // Two ranges of the same index: due by now, then (only when room is left) learning ones ahead.
  const seenIn = (range: SQL) =>
    db
      .select()
      .from(cards)
      .where(
        and(
          eq(cards.userId, userId),
          courseId ? eq(cards.courseId, courseId) : undefined,
          seenDue(now, learnAhead),
          range,
        ),
      )
      .orderBy(asc(cards.due));
  const dueNow = await seenIn(lte(cards.due, now)).limit(limit);
  if (dueNow.length >= limit) return dueNow;
  const ahead = await seenIn(gt(cards.due, now)).limit(limit - dueNow.length);
  return [...dueNow, ...ahead];
}

/** Cards never graded, oldest first, at most `limit`. */
export async function newCards(userId: string, courseId: string | undefined, limit: number): Promise<CardRow[]> {
  if (limit <= 0) return [];
  const db = await getDb();
  return db
    .select()
    .from(cards)
    .where(and(eq(cards.userId, userId), courseId ? eq(cards.courseId, courseId) : undefined, newWaiting))
    .orderBy(asc(cards.due), asc(cards.createdAt))
    .limit(limit);
}

/** When the soonest card in the queue (unsuspended) is due, or null without cards. */
export async function soonestDue(userId: string, courseId?: string): Promise<Date | null> {
  const db = await getDb();
  const [row] = await db
    .select({ due: min(cards.due) })
    .from(cards)
    .where(inQueue(userId, courseId));
  return row?.due ? new Date(row.due) : null;
}

/** The learner's newest grade from the review screen (what undo takes back). */
export async function newestReview(userId: string, tx: Executor) {
  const [row] = await tx
    .select()
    .from(cardReviews)
    .where(and(eq(cardReviews.userId, userId), eq(cardReviews.origin, "review")))
    .orderBy(desc(cardReviews.reviewedAt), desc(cardReviews.id))
    .limit(1)
    .for("update");
  return row;
}

/** A course's cards for the card list and the CSV, with their topic's title. */
export async function courseCards(courseId: string): Promise<(CardRow & { topicTitle: string | null })[]> {
  const db = await getDb();
  const rows = await db
    .select({ card: cards, topicTitle: topics.title })
    .from(cards)
    .leftJoin(topics, eq(topics.id, cards.topicId))
    .where(eq(cards.courseId, courseId))
    .orderBy(asc(cards.createdAt), asc(cards.id));
  return rows.map((r) => ({ ...r.card, topicTitle: r.topicTitle }));
}

/** A lesson with its course, when the user owns it. */
export async function ownLesson(userId: string, lessonId: string) {
  const db = await getDb();
  const [row] = await db
    .select({
      id: lessons.id,
      courseId: lessons.courseId,
      topicId: lessons.topicId,
      title: lessons.title,
      theory: lessons.theory,
      lang: courses.lang,
    })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(eq(lessons.id, lessonId), eq(courses.userId, userId), lessonsSeenBy(userId)))
    .limit(1);
  return row;
}

/** Whether the user has a card in the course whose front is about the same (pg_trgm similarity). */
export async function hasSimilarFront(
  userId: string,
  courseId: string,
  front: string,
  threshold: number,
): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: cards.id })
    .from(cards)
    .where(
      and(
        eq(cards.userId, userId),
        eq(cards.courseId, courseId),
        sql`similarity(${cards.front}, ${front}) >= ${threshold}`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** How many key-point cards a lesson has had made. */
export async function keyPointCount(lessonId: string): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(cards)
    .where(and(eq(cards.lessonId, lessonId), eq(cards.source, "key-point")));
  return Number(row?.n ?? 0);
}

/**
 * The learner's courses that have cards: title, how many cards, and how many are due by the one
 * definition (`seenDue`; new cards apart, as the daily caps treat them apart).
 */
export async function courseCardCounts(userId: string, now: Date, learnAhead: Date) {
  const db = await getDb();
  const rows = await db
    .select({
      courseId: cards.courseId,
      title: courses.mainTopic,
      lang: courses.lang,
      total: sql<number>`count(*)::int`,
      seenDue: sql<number>`(count(*) filter (where ${seenDue(now, learnAhead)}))::int`,
      newDue: sql<number>`(count(*) filter (where ${newWaiting}))::int`,
    })
    .from(cards)
    .innerJoin(courses, eq(courses.id, cards.courseId))
    .where(eq(cards.userId, userId))
    .groupBy(cards.courseId, courses.mainTopic, courses.lang)
    .orderBy(asc(courses.mainTopic));
  return rows.map((r) => ({
    ...r,
    total: Number(r.total),
    seenDue: Number(r.seenDue),
    newDue: Number(r.newDue),
  }));
}

/**
 * How many cards are due (`seenDue`, and new ones), across courses or of one, each counted up to
 * `bound`: enough to tell how many a cap holds back without counting a learner's every card.
 */
export async function dueCounts(
  userId: string,
  courseId: string | undefined,
  now: Date,
  learnAhead: Date,
  bound: number,
): Promise<{ seen: number; fresh: number }> {
  const db = await getDb();
  const mine = and(eq(cards.userId, userId), courseId ? eq(cards.courseId, courseId) : undefined);
  const count = (where: ReturnType<typeof and>) =>
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(db.select({ id: cards.id }).from(cards).where(where).limit(bound).as("due"))
      .then(([row]) => Number(row?.n ?? 0));
  const [seen, fresh] = await Promise.all([count(and(mine, seenDue(now, learnAhead))), count(and(mine, newWaiting))]);
  return { seen, fresh };
}

/** The courses' languages, by id: a card's text is laid out in its course's language and direction. */
export async function courseLanguages(courseIds: string[]): Promise<Map<string, string>> {
  if (courseIds.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ id: courses.id, lang: courses.lang })
    .from(courses)
    .where(inArray(courses.id, courseIds));
  return new Map(rows.map((r) => [r.id, r.lang]));
}

/** A learner leaves the course: their cards of it go, with their review log (cascade), in the caller's transaction. */
export async function forgetLearnerCards(tx: Db, courseId: string, userId: string): Promise<void> {
  await tx.delete(cards).where(and(eq(cards.courseId, courseId), eq(cards.userId, userId)));
}
