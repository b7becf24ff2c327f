import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { ApiTranslator } from "@/i18n/api-translator";
import { isUuid } from "@/lib/ids";
import { getDb } from "@/server/db/client";
import { rowsOf } from "@/server/db/raw-rows";
import { cardReviews, cards, topics } from "@/server/db/schema";
import { env } from "@/server/env";
import { appError } from "@/server/http/errors";
import { enqueueJob, runJobSoon } from "@/server/jobs";
import { stripHtml } from "@/server/html/sanitize";
import { managedCard } from "./card-answers";
import type { ManagedCard } from "./card-shapes";
import { KEY_POINTS, registerReviewJobs, type KeyPointsPayload } from "./key-points-job";
import { cardState, ownLesson } from "./queries";
import { cardText, comparable, plainText, quizMissCard } from "./rules";
import { nextState, snapshotOf, STATE_NEW } from "./scheduler";

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
    const topicIds = new Map(
      missed.some((q) => typeof q.topic === "number")
        ? (
            await tx.select({ id: topics.id, number: topics.number }).from(topics).where(eq(topics.courseId, courseId))
          ).map((row) => [row.number, row.id])
        : [],
    );
    for (const question of missed) {
      const card = quizMissCard(question);
      // A question names its topic by number (`topics.number`), which moving the topic keeps.
      const topicId = typeof question.topic === "number" ? (topicIds.get(question.topic) ?? null) : null;
      if (card.front === "" || card.back === "" || seenKeys.has(card.sourceKey)) continue;
      seenKeys.add(card.sourceKey);
      const inserted = await tx
        .insert(cards)
        .values({ userId, courseId, topicId, source: "quiz-miss", ...card, due: now })
        .onConflictDoNothing({ target: [cards.userId, cards.courseId, cards.sourceKey] })
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

/** The `source_key` prefix of a key-point card copied from the owner's. */
const KEY_POINT_COPY = "key-point:";

/**
 * Learning's hook on a learner's first reading of a lesson in a course they do not own: the
 * owner's key-point cards of that lesson are copied into the learner's deck as new cards, so
 * model work done once serves every learner (issue 34). No model call; the copy's `source_key`
 * names the card it came from, so it is made once (a copy the learner deleted is not made again:
 * only a first reading copies).
 */
export async function shareKeyPoints(learnerId: string, ownerId: string, lessonId: string): Promise<number> {
  if (learnerId === ownerId) return 0;
  const db = await getDb();
  const copied = await db.execute(sql`
    insert into ${cards} (user_id, course_id, topic_id, lesson_id, source, source_key, front, back, source_sentence)
    select ${learnerId}::uuid, course_id, topic_id, lesson_id, source, ${KEY_POINT_COPY} || id::text, front, back, source_sentence
    from ${cards}
    where user_id = ${ownerId} and lesson_id = ${lessonId} and source = 'key-point'
    on conflict (user_id, course_id, source_key) do nothing
    returning id`);
  return rowsOf(copied).length;
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
