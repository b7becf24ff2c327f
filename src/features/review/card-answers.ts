/** A stored card as the routes answer it (card-shapes.ts), or the one answer for a card that is not found. */
import "server-only";
import type { ApiTranslator } from "@/i18n/api-translator";
import { appError } from "@/server/http/errors";
import type { ManagedCard, QueueCard } from "./card-shapes";
import { cardState, courseLanguages, type CardRow } from "./queries";
import { cardText } from "./rules";
import { intervalsFor, STATE_NEW } from "./scheduler";

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

export async function queueCards(rows: CardRow[], now: Date): Promise<QueueCard[]> {
  const langs = await courseLanguages([...new Set(rows.map((row) => row.courseId))]);
  return rows.map((row) => queueCard(row, now, langs.get(row.courseId) ?? ""));
}

export function managedCard(row: CardRow): ManagedCard {
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

/** No such card, or another user's: the same 404 (the owner's rule, service.ts). */
export const cardNotFound = (t: ApiTranslator) => appError("review:card-not-found", t);
