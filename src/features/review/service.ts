/**
 * The review feature's server side (decision 022), reached through server.ts. Other features
 * call it: the quiz when an attempt is graded (recordQuizMisses), learning when a lesson's text
 * is stored (queueKeyPoints). The routes call the rest. Every read and write is the owner's:
 * another user's card or course is not found (404).
 */
import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { findOwnCourse, requireOwnCourse } from "@/features/courses/server";
import type { ApiTranslator } from "@/i18n/api-translator";
import { isUuid } from "@/lib/ids";
import { getDb } from "@/server/db/client";
import { cardReviews, cards, topics } from "@/server/db/schema";
import { env } from "@/server/env";
import { appError } from "@/server/http/errors";
import { enqueueJob, runJobSoon } from "@/server/jobs";
import { stripHtml } from "@/server/html/sanitize";
import type { DailyLimits, HeldBackCounts } from "./held-back";
import { KEY_POINTS, registerReviewJobs, type KeyPointsPayload } from "./key-points-job";
import {
  cardState,
  courseCardCounts,
  courseCards,
  courseLanguages,
  dueCounts,
  dueSeenCards,
  newCards,
  newestReview,
  ownLesson,
  reviewedSince,
  soonestDue,
  type CardRow,
  type Executor,
} from "./queries";
import {
  cardsCsv,
  cardText,
  comparable,
  plainText,
  queueOrder,
  quizMissCard,
  slugTag,
  withinCaps,
  type Allowance,
} from "./rules";
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
export { heldBackNotes } from "./held-back";
export { retrievability, type CardState } from "./scheduler";

/** A card as the review screen gets it; `lang`: its course's language name, for its text's `lang` and direction. */
export type QueueCard = {
  id: string;
  courseId: string;
  front: string;
  back: string;
  intervals: Intervals;
  isNew: boolean;
  lang: string;
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

function queueCard(row: CardRow, now: Date, lang: string): QueueCard {
  return {
    id: row.id,
    courseId: row.courseId,
    // Cards stored before their text was cleaned are shown clean too.
    front: cardText(row.front),
    back: cardText(row.back),
    intervals: intervalsFor(cardState(row), now),
    isNew: row.state === STATE_NEW,
    lang,
  };
}

async function queueCards(rows: CardRow[], now: Date): Promise<QueueCard[]> {
  const langs = await courseLanguages([...new Set(rows.map((row) => row.courseId))]);
  return rows.map((row) => queueCard(row, now, langs.get(row.courseId) ?? ""));
}

function managedCard(row: CardRow): ManagedCard {
  return {
    id: row.id,
    front: cardText(row.front),
    back: cardText(row.back),
    source: row.source,
    suspended: row.suspended,
    due: row.due.toISOString(),
    reps: row.reps,
    lapses: row.lapses,
  };
}

const cardNotFound = (t: ApiTranslator) => appError("review:card-not-found", t);

/** The day's caps as set (REVIEW_NEW_PER_DAY, REVIEW_MAX_PER_DAY), for the words that explain them. */
export type ReviewLimits = DailyLimits;
/** Due cards the day's caps hold back until tomorrow: seen ones (the cap on all grades) and new ones. */
export type HeldBack = HeldBackCounts;

/** What the day's caps leave the learner (counted across courses from the start of the UTC day). */
async function allowanceToday(
  userId: string,
  now: Date,
): Promise<Allowance & { doneToday: number; limits: ReviewLimits }> {
  const settings = env();
  const done = await reviewedSince(userId, dayStart(now));
  const left = Math.max(0, settings.REVIEW_MAX_PER_DAY - done.total);
  const newLeft = Math.max(0, Math.min(left, settings.REVIEW_NEW_PER_DAY - done.fresh));
  return {
    left,
    newLeft,
    doneToday: done.total,
    limits: { newPerDay: settings.REVIEW_NEW_PER_DAY, reviewsPerDay: settings.REVIEW_MAX_PER_DAY },
  };
}

const learnAheadOf = (now: Date) => new Date(now.getTime() + LEARN_AHEAD_MS);
/** Due cards are counted up to this many when a cap holds some back (the page says how many wait). */
const HELD_BACK_COUNT_BOUND = 10_000;

/**
 * The day's queue, across courses or of one: cards already seen that are due now, with new ones
 * spread among them, within the day's caps (REVIEW_MAX_PER_DAY grades in all, of which
 * REVIEW_NEW_PER_DAY on new cards; counted across courses from the start of the UTC day), then
 * learning cards due within LEARN_AHEAD_MS (Anki's learn-ahead). "Due" is one definition
 * (queries.ts `seenDue`, decision 031). `heldBack`: due cards the caps keep for tomorrow;
 * `nextDue`: when more cards are due, for the "all caught up" state.
 */
export async function reviewQueue(
  userId: string,
  courseId: string | undefined,
  t: ApiTranslator,
  now: Date = new Date(),
): Promise<{
  cards: QueueCard[];
  nextDue: string | null;
  doneToday: number;
  heldBack: HeldBack;
  limits: ReviewLimits;
}> {
  if (courseId !== undefined) await requireOwnCourse(userId, courseId, t);
  const allowance = await allowanceToday(userId, now);
  const learnAhead = learnAheadOf(now);
  const seen = await dueSeenCards(userId, courseId, now, learnAhead, allowance.left);
  const freshLimit = Math.min(allowance.newLeft, allowance.left - seen.length);
  const fresh = await newCards(userId, courseId, freshLimit);
  // A cap may have cut either list: only then are the due cards counted, to say how many wait.
  const mayBeHeld = seen.length >= allowance.left || fresh.length >= freshLimit;
  const heldBack = mayBeHeld
    ? withinCaps(await dueCounts(userId, courseId, now, learnAhead, HELD_BACK_COUNT_BOUND), allowance).heldBack
    : { seen: 0, fresh: 0 };
  const ordered = queueOrder(
    seen.filter((row) => row.due.getTime() <= now.getTime()),
    fresh,
    seen.filter((row) => row.due.getTime() > now.getTime()),
  );
  let nextDue: string | null = null;
  if (ordered.length === 0) {
    const soonest = await soonestDue(userId, courseId);
    // Due cards held back by a cap come back tomorrow.
    const capped = soonest !== null && soonest.getTime() <= now.getTime();
    const tomorrow = new Date(dayStart(now).getTime() + 24 * 60 * 60 * 1000);
    nextDue = soonest ? (capped ? tomorrow : soonest).toISOString() : null;
  }
  return {
    cards: await queueCards(ordered, now),
    nextDue,
    doneToday: allowance.doneToday,
    heldBack,
    limits: allowance.limits,
  };
}

/** A grade as the client sends it: `gradeId` names it (a replay is answered, not applied again); `reviewedAt` is when it was given. */
export type GradeGiven = { gradeId?: string; reviewedAt?: Date };

/**
 * Thrown inside the grade's transaction when another request stored the same gradeId first: it
 * rolls the grade back. Told apart by identity (it never leaves this module), not by class.
 */
const STORED_MEANWHILE = new Error("the grade was stored by another request meanwhile");

/**
 * When a grade counts as given: the time the client says (an offline grade reaches the server
 * later), never after the server's clock and never before the card's last review or its making,
 * so a wrong or forged clock can neither schedule from the future nor reorder the card's history.
 */
function gradeTime(given: Date | undefined, row: CardRow, now: Date): Date {
  if (!given) return now;
  const earliest = Math.max(row.lastReview?.getTime() ?? 0, row.createdAt.getTime());
  return new Date(Math.min(now.getTime(), Math.max(earliest, given.getTime())));
}

/** A stored grade answered again: as the first time when it is this card's; a gradeId of another card or user is a conflict. */
async function storedGrade(
  tx: Executor,
  userId: string,
  cardId: string,
  gradeId: string,
  t: ApiTranslator,
): Promise<{ due: string } | undefined> {
  const [done] = await tx
    .select({ cardId: cardReviews.cardId, userId: cardReviews.userId, due: cardReviews.due })
    .from(cardReviews)
    .where(eq(cardReviews.id, gradeId))
    .limit(1);
  if (!done) return undefined;
  if (done.userId !== userId || done.cardId !== cardId) throw appError("review:grade-id-reused", t);
  return { due: done.due.toISOString() };
}

/**
 * Grades a card: its FSRS state moves on, and the log gets the grade with the state before
 * (for undo) and after. Returns when it is due again. Idempotent by `gradeId`, which becomes the
 * log row's id: a grade already stored under it is answered as it was the first time and changes
 * nothing (replays, a second tab, an offline queue sent twice). Grades of one card take its row
 * lock in turn, so a replay waits for the first and then finds it.
 */
export async function gradeCard(
  userId: string,
  cardId: string,
  rating: ReviewRating,
  t: ApiTranslator,
  now: Date = new Date(),
  given: GradeGiven = {},
): Promise<{ due: string }> {
  if (!isUuid(cardId)) throw cardNotFound(t);
  const { gradeId } = given;
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(cards)
        .where(and(eq(cards.id, cardId), eq(cards.userId, userId)))
        .for("update");
      if (!row) throw cardNotFound(t);
      if (gradeId) {
        const stored = await storedGrade(tx, userId, cardId, gradeId, t);
        if (stored) return stored;
      }
      const at = gradeTime(given.reviewedAt, row, now);
      const before = cardState(row);
      const after = nextState(before, rating, at);
      await tx
        .update(cards)
        .set({ ...after, updatedAt: now })
        .where(eq(cards.id, row.id));
      const logged = await tx
        .insert(cardReviews)
        .values({
          ...(gradeId ? { id: gradeId } : {}),
          cardId: row.id,
          userId,
          rating,
          reviewedAt: at,
          before: snapshotOf(before),
          after: snapshotOf(after),
          due: after.due,
          origin: "review",
        })
        .onConflictDoNothing({ target: cardReviews.id })
        .returning({ id: cardReviews.id });
      // The same gradeId was stored by a request on another card meanwhile: this grade is undone.
      if (logged.length === 0) throw STORED_MEANWHILE;
      return { due: after.due.toISOString() };
    });
  } catch (error) {
    if (error !== STORED_MEANWHILE || !gradeId) throw error;
    const stored = await storedGrade(db, userId, cardId, gradeId, t);
    if (!stored) throw error;
    return stored;
  }
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
  const row = await db.transaction(async (tx) => {
    const last = await newestReview(userId, tx);
    if (!last) throw appError("review:nothing-to-undo", t);
    await tx.delete(cardReviews).where(eq(cardReviews.id, last.id));
    const [restored] = await tx
      .update(cards)
      .set({ ...stateOf(last.before), updatedAt: now })
      .where(and(eq(cards.id, last.cardId), eq(cards.userId, userId)))
      .returning();
    if (!restored) throw appError("review:nothing-to-undo", t);
    return restored;
  });
  // Read after the transaction: PGlite has one connection, which the transaction holds until it ends.
  const [card] = await queueCards([row], now);
  return { cardId: row.id, card };
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
      front: cardText(input.front),
      back: cardText(input.back),
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
      ...(changes.front !== undefined ? { front: cardText(changes.front) } : {}),
      ...(changes.back !== undefined ? { back: cardText(changes.back) } : {}),
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
      front: cardText(row.front),
      back: cardText(row.back),
      tags: [courseTag, ...(row.topicTitle ? [slugTag(row.topicTitle)] : [])],
    })),
  );
  return { csv, title: course.mainTopic };
}

/**
 * The review page's course list: each course with cards, how many, how many are due and how
 * many of those the day's caps hold back, each as reviewing that course alone would show them.
 */
export async function reviewCourses(userId: string, now: Date = new Date()) {
  const [allowance, rows] = await Promise.all([
    allowanceToday(userId, now),
    courseCardCounts(userId, now, learnAheadOf(now)),
  ]);
  return rows.map((row) => {
    const due = withinCaps({ seen: row.seenDue, fresh: row.newDue }, allowance);
    return {
      courseId: row.courseId,
      title: row.title,
      lang: row.lang,
      total: row.total,
      due: due.total,
      heldBack: due.heldBack,
      limits: allowance.limits,
    };
  });
}

/**
 * How many cards are due now across courses, as the review screen's queue has them (within the
 * day's caps), and how many the caps hold back: "What I know" shows these (decision 031).
 */
export async function dueSummary(
  userId: string,
  now: Date = new Date(),
): Promise<{ due: number; heldBack: HeldBack; limits: ReviewLimits }> {
  const learnAhead = learnAheadOf(now);
  const [allowance, counts] = await Promise.all([
    allowanceToday(userId, now),
    dueCounts(userId, undefined, now, learnAhead, HELD_BACK_COUNT_BOUND),
  ]);
  const due = withinCaps(counts, allowance);
  return { due: due.total, heldBack: due.heldBack, limits: allowance.limits };
}

/** The card list page: the owner's course and its cards, or undefined (not found). */
export async function courseCardsForPage(userId: string, courseId: string) {
  const course = await findOwnCourse(userId, courseId);
  if (!course) return undefined;
  return { course, cards: (await courseCards(course.id)).map(managedCard) };
}
