import "server-only";
import { and, eq } from "drizzle-orm";
import type { ApiTranslator } from "@/i18n/api-translator";
import { isUuid } from "@/lib/ids";
import { getDb } from "@/server/db/client";
import { cards } from "@/server/db/schema";
import { cardNotFound, managedCard } from "./card-answers";
import type { ManagedCard } from "./card-shapes";
import { cardText } from "./rules";

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
