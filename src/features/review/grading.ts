import "server-only";
import { and, eq } from "drizzle-orm";
import type { ApiTranslator } from "@/i18n/api-translator";
import { isUuid } from "@/lib/ids";
import { getDb } from "@/server/db/client";
import { cardReviews, cards } from "@/server/db/schema";
import { appError } from "@/server/http/errors";
import { cardNotFound, queueCards } from "./card-answers";
import type { QueueCard } from "./card-shapes";
import { cardState, newestReview, type CardRow, type Executor } from "./queries";
import { nextState, snapshotOf, stateOf, type ReviewRating } from "./scheduler";

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
