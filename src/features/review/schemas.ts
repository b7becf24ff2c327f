import { z } from "zod";
import { isUuid } from "@/lib/ids";
import { MAX_BACK_CHARS, MAX_FRONT_CHARS } from "./rules";

const id = z.string().max(100);

/**
 * `POST /api/review/{cardId}`: 1 Again, 2 Hard, 3 Good, 4 Easy; anything else is 400.
 * `gradeId`: a UUID the client makes for each grade (a replay is answered, not applied twice);
 * `reviewedAt`: when an offline grade was given (ISO 8601 with its offset), clamped to the
 * server's clock. Both optional: offline queues from before them send neither.
 */
export const gradeBodySchema = z.object({
  rating: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  gradeId: z.string().refine(isUuid, { message: "a UUID" }).optional(),
  reviewedAt: z.iso
    .datetime({ offset: true })
    .transform((value) => new Date(value))
    .optional(),
});

/** `GET /api/review/queue?courseId=`: the day's cards, of one course when named. */
export const queueQuerySchema = z.object({ courseId: id.optional() });

const front = z.string().trim().min(1).max(MAX_FRONT_CHARS);
const back = z.string().trim().min(1).max(MAX_BACK_CHARS);

/** `POST /api/review/cards`: an own card from a passage the learner selected in a lesson. */
export const createCardBodySchema = z.object({
  lessonId: id,
  front,
  back,
  /** The selected passage; it must be in the lesson. */
  sentence: z.string().trim().min(1).max(MAX_BACK_CHARS),
});

/** `PATCH /api/review/cards/{id}`: edit the text, or suspend or restore the card. */
export const updateCardBodySchema = z
  .object({ front: front.optional(), back: back.optional(), suspended: z.boolean().optional() })
  .refine((v) => v.front !== undefined || v.back !== undefined || v.suspended !== undefined, {
    message: "nothing to change",
  });

/** `GET /api/review/cards?courseId=`: a course's cards to manage. */
export const cardsQuerySchema = z.object({ courseId: id });
