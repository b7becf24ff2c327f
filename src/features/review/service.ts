/**
 * The review feature's public entry (decision 022). Other features call it: the quiz when an
 * attempt is graded (recordQuizMisses), learning when a lesson's text is stored (queueKeyPoints).
 * The routes call the rest. Every read and write is the owner's: another user's card or course
 * is not found (404).
 */
import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { findOwnCourse, requireOwnCourse } from "@/features/courses/service";
import type { ApiTranslator } from "@/i18n/api-translator";
import { isUuid } from "@/lib/ids";
import { getDb } from "@/server/db/client";
import { cardReviews, cards, topics } from "@/server/db/schema";
import { env } from "@/server/env";
import { appError } from "@/server/http/errors";
import { enqueueJob, runJobSoon } from "@/server/jobs";
import { stripHtml } from "@/server/html/sanitize";
import { KEY_POINTS, registerReviewJobs, type KeyPointsPayload } from "./key-points-job";
import {
  cardState,
  courseCardCounts,
  courseCards,
  dueSeenCards,
  findOwnCard,
  newCards,
  newestReview,
  ownLesson,
  reviewedSince,
  soonestDue,
  type CardRow,
} from "./queries";
import { cardsCsv, comparable, plainText, quizMissCard, slugTag } from "./rules";
import {
  dayStart,
  intervalsFor,
  LEARN_AHEAD_MS,
  nextState,
  snapshotOf,
  STATE_NEW,
  stateOf,
  type Intervals,
  type ReviewRating,
} from "./scheduler";

export { KEY_POINTS, registerReviewJobs };
export { retrievability, type CardState } from "./scheduler";

/** A card as the review screen gets it. */
export type QueueCard = {
  id: string;
  courseId: string;
  front: string;
  back: string;
  intervals: Intervals;
  isNew: boolean;
};

/** A card as the card list gets it. */
export type ManagedCard = {
  id: string;
  front: string;
  back: string;
  source: CardRow["source"];
  suspended: boolean;
  due: string;
  reps: number;
  lapses: number;
};

function queueCard(row: CardRow, now: Date): QueueCard {
  return {
    id: row.id,
    courseId: row.courseId,
    front: row.front,
    back: row.back,
    intervals: intervalsFor(cardState(row), now),
    isNew: row.state === STATE_NEW,
  };
}

function managedCard(row: CardRow): ManagedCard {
  return {
    id: row.id,
    front: row.front,
    back: row.back,
    source: row.source,
    suspended: row.suspended,
    due: row.due.toISOString(),
    reps: row.reps,
    lapses: row.lapses,
  };
}

const cardNotFound = (t: ApiTranslator) => appError("review:card-not-found", t);

/**
 * The day's queue, across courses or of one: cards already seen that are due (learning ones a
 * little ahead), then new ones, within the day's caps (REVIEW_MAX_PER_DAY grades in all, of
 * which REVIEW_NEW_PER_DAY on new cards; counted across courses from the start of the UTC day).
 * `nextDue`: when more cards are due, for the "all caught up" state.
 */
export async function reviewQueue(
  userId: string,
  courseId: string | undefined,
  t: ApiTranslator,
  now: Date = new Date(),
): Promise<{ cards: QueueCard[]; nextDue: string | null; doneToday: number }> {
  if (courseId !== undefined) await requireOwnCourse(userId, courseId, t);
  const settings = env();
  const today = dayStart(now);
  const done = await reviewedSince(userId, today);
  const left = Math.max(0, settings.REVIEW_MAX_PER_DAY - done.total);
  const newLeft = Math.max(0, Math.min(left, settings.REVIEW_NEW_PER_DAY - done.fresh));
  const seen = await dueSeenCards(userId, courseId, now, new Date(now.getTime() + LEARN_AHEAD_MS), left);
  const fresh = await newCards(userId, courseId, Math.min(newLeft, left - seen.length));
  // New cards are spread among the due ones (one in every few), as Anki mixes them by default.
  const mixed: CardRow[] = [];
  const step = fresh.length > 0 ? Math.max(1, Math.floor(seen.length / fresh.length)) : 0;
  let f = 0;
  seen.forEach((row, i) => {
    mixed.push(row);
    if (step > 0 && (i + 1) % step === 0 && f < fresh.length) mixed.push(fresh[f++]);
  });
  while (f < fresh.length) mixed.push(fresh[f++]);
  let nextDue: string | null = null;
  if (mixed.length === 0) {
    const soonest = await soonestDue(userId, courseId);
    // Due cards held back by a cap come back tomorrow.
    const capped = soonest !== null && soonest.getTime() <= now.getTime();
    const tomorrow = new Date(today.getTime() + 24 * 60 * 60 * 1000);
    nextDue = soonest ? (capped ? tomorrow : soonest).toISOString() : null;
  }
  return { cards: mixed.map((row) => queueCard(row, now)), nextDue, doneToday: done.total };
}

/**
 * Grades a card: its FSRS state moves on, and the log gets the grade with the state before
 * (for undo) and after. Returns when it is due again.
 */
export async function gradeCard(
  userId: string,
  cardId: string,
  rating: ReviewRating,
  t: ApiTranslator,
  now: Date = new Date(),
): Promise<{ due: string }> {
  if (!isUuid(cardId)) throw cardNotFound(t);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(cards)
      .where(and(eq(cards.id, cardId), eq(cards.userId, userId)))
      .for("update");
    if (!row) throw cardNotFound(t);
    const before = cardState(row);
    const after = nextState(before, rating, now);
    await tx
      .update(cards)
      .set({ ...after, updatedAt: now })
      .where(eq(cards.id, row.id));
    await tx.insert(cardReviews).values({
      cardId: row.id,
      userId,
      rating,
      reviewedAt: now,
      before: snapshotOf(before),
      after: snapshotOf(after),
      due: after.due,
      origin: "review",
    });
    return { due: after.due.toISOString() };
  });
}

/**
 * Takes back the learner's newest grade: its log row goes and the card gets the state it had
 * before, column for column. Answers the card, to be shown again.
 */
export async function undoLastReview(
  userId: string,
  t: ApiTranslator,
  now: Date = new Date(),
): Promise<{ cardId: string; card: QueueCard }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const last = await newestReview(userId, tx);
    if (!last) throw appError("review:nothing-to-undo", t);
    await tx.delete(cardReviews).where(eq(cardReviews.id, last.id));
    const [row] = await tx
      .update(cards)
      .set({ ...stateOf(last.before), updatedAt: now })
      .where(and(eq(cards.id, last.cardId), eq(cards.userId, userId)))
      .returning();
    if (!row) throw appError("review:nothing-to-undo", t);
    return { cardId: row.id, card: queueCard(row, now) };
  });
}

/** A stored quiz question; `topic` is the index of its topic in the course's outline (quizzes written before topics were tagged have none). */
type MissedQuestion = {
  question: string;
  options: string[];
  answer: string;
  explanation: string;
  topic?: number | null;
};

/**
 * The quiz's hook: each missed question becomes a card (no model call), found again by its
 * key when missed in a later attempt. A card already studied is then a lapse: graded Again for
 * the learner (logged as the quiz's, so it neither counts toward the day's caps nor is undone).
 * Returns how many cards were made and how many lapsed.
 */
export async function recordQuizMisses(
  userId: string,
  courseId: string,
  missed: MissedQuestion[],
  now: Date = new Date(),
): Promise<{ created: number; lapsed: number }> {
  if (missed.length === 0) return { created: 0, lapsed: 0 };
  const db = await getDb();
  return db.transaction(async (tx) => {
    let created = 0;
    let lapsed = 0;
    const seenKeys = new Set<string>();
    // The card keeps its question's topic, so the topic's mastery counts what it recalls.
    const topicIds = missed.some((q) => typeof q.topic === "number")
      ? (
          await tx
            .select({ id: topics.id })
            .from(topics)
            .where(eq(topics.courseId, courseId))
            .orderBy(asc(topics.position))
        ).map((row) => row.id)
      : [];
    for (const question of missed) {
      const card = quizMissCard(question);
      const topicId = typeof question.topic === "number" ? (topicIds[question.topic] ?? null) : null;
      if (card.front === "" || card.back === "" || seenKeys.has(card.sourceKey)) continue;
      seenKeys.add(card.sourceKey);
      const inserted = await tx
        .insert(cards)
        .values({ userId, courseId, topicId, source: "quiz-miss", ...card, due: now })
        .onConflictDoNothing({ target: [cards.courseId, cards.sourceKey] })
        .returning({ id: cards.id });
      if (inserted.length > 0) {
        created++;
        continue;
      }
      const [existing] = await tx
        .select()
        .from(cards)
        .where(and(eq(cards.courseId, courseId), eq(cards.sourceKey, card.sourceKey), eq(cards.userId, userId)))
        .for("update");
      // Never studied yet: it is already waiting as a new card.
      if (!existing || existing.state === STATE_NEW) continue;
      const before = cardState(existing);
      const after = nextState(before, 1, now);
      await tx
        .update(cards)
        .set({ ...after, updatedAt: now })
        .where(eq(cards.id, existing.id));
      await tx.insert(cardReviews).values({
        cardId: existing.id,
        userId,
        rating: 1,
        reviewedAt: now,
        before: snapshotOf(before),
        after: snapshotOf(after),
        due: after.due,
        origin: "quiz",
      });
      lapsed++;
    }
    return { created, lapsed };
  });
}

/**
 * Learning's hook once a lesson's text is stored: a `review.key-points` job asks the model for
 * the lesson's key points as cards. Off with REVIEW_KEY_POINTS=false.
 */
export async function queueKeyPoints(input: KeyPointsPayload & { lessonId: string }): Promise<string | undefined> {
  if (!env().REVIEW_KEY_POINTS) return undefined;
  registerReviewJobs();
  const payload: KeyPointsPayload = { userId: input.userId, courseId: input.courseId };
  const { id, created } = await enqueueJob({
    kind: KEY_POINTS,
    subject: input.lessonId,
    payload,
    userId: input.userId,
  });
  if (created) runJobSoon(id);
  return id;
}

/** A card the learner makes from a passage they selected in a lesson (it must be in the lesson). */
export async function createOwnCard(
  userId: string,
  input: { lessonId: string; front: string; back: string; sentence: string },
  t: ApiTranslator,
): Promise<ManagedCard> {
  if (!isUuid(input.lessonId)) throw appError("course:not-found", t);
  const lesson = await ownLesson(userId, input.lessonId);
  if (!lesson) throw appError("course:not-found", t);
  if (!comparable(stripHtml(lesson.theory)).includes(comparable(input.sentence)))
    throw appError("review:passage-not-in-lesson", t);
  const db = await getDb();
  const [row] = await db
    .insert(cards)
    .values({
      userId,
      courseId: lesson.courseId,
      topicId: lesson.topicId,
      lessonId: lesson.id,
      source: "own",
      front: plainText(input.front),
      back: plainText(input.back),
      sourceSentence: plainText(input.sentence),
    })
    .returning();
  return managedCard(row);
}

/** Edits a card's text, or suspends or restores it; its schedule stays. */
export async function updateCard(
  userId: string,
  cardId: string,
  changes: { front?: string; back?: string; suspended?: boolean },
  t: ApiTranslator,
): Promise<ManagedCard> {
  if (!isUuid(cardId)) throw cardNotFound(t);
  const db = await getDb();
  const [row] = await db
    .update(cards)
    .set({
      ...(changes.front !== undefined ? { front: plainText(changes.front) } : {}),
      ...(changes.back !== undefined ? { back: plainText(changes.back) } : {}),
      ...(changes.suspended !== undefined ? { suspended: changes.suspended } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(cards.id, cardId), eq(cards.userId, userId)))
    .returning();
  if (!row) throw cardNotFound(t);
  return managedCard(row);
}

/** Deletes a card and its review log. */
export async function deleteCard(userId: string, cardId: string, t: ApiTranslator): Promise<void> {
  if (!isUuid(cardId)) throw cardNotFound(t);
  const db = await getDb();
  const deleted = await db
    .delete(cards)
    .where(and(eq(cards.id, cardId), eq(cards.userId, userId)))
    .returning({ id: cards.id });
  if (deleted.length === 0) throw cardNotFound(t);
}

/** A course's cards, for the card list. */
export async function listCourseCards(userId: string, courseId: string, t: ApiTranslator): Promise<ManagedCard[]> {
  const course = await requireOwnCourse(userId, courseId, t);
  return (await courseCards(course.id)).map(managedCard);
}

/** The owner's card, or undefined. */
export async function ownCard(userId: string, cardId: string): Promise<ManagedCard | undefined> {
  if (!isUuid(cardId)) return undefined;
  const row = await findOwnCard(userId, cardId);
  return row ? managedCard(row) : undefined;
}

/** A course's cards as a CSV Anki imports: front, back, tags (the course title and the topic, slugified). */
export async function courseCardsCsv(
  userId: string,
  courseId: string,
  t: ApiTranslator,
): Promise<{ csv: string; title: string }> {
  const course = await requireOwnCourse(userId, courseId, t);
  const rows = await courseCards(course.id);
  const courseTag = slugTag(course.mainTopic);
  const csv = cardsCsv(
    rows.map((row) => ({
      front: row.front,
      back: row.back,
      tags: [courseTag, ...(row.topicTitle ? [slugTag(row.topicTitle)] : [])],
    })),
  );
  return { csv, title: course.mainTopic };
}

/** The review page's course list: each course with cards, how many, how many due. */
export async function reviewCourses(userId: string) {
  return courseCardCounts(userId, new Date());
}

/** The card list page: the owner's course and its cards, or undefined (not found). */
export async function courseCardsForPage(userId: string, courseId: string) {
  const course = await findOwnCourse(userId, courseId);
  if (!course) return undefined;
  return { course, cards: (await courseCards(course.id)).map(managedCard) };
}
