import { z } from "zod";

/** Ids are checked for shape only here; ownership is the service's (404 for anything not the caller's). */
const id = z.string().trim().min(1).max(100);

export const openLessonBodySchema = z.object({
  courseId: id,
  lessonId: id,
  /** Rewrite a lesson that already has theory (the lesson menu's "Regenerate"). */
  regenerate: z.boolean().optional().default(false),
});

export const prefetchLessonBodySchema = z.object({
  courseId: id,
  lessonId: id,
  /** Answer once the lesson is written, with its text, so the viewer can show it without asking again. */
  wait: z.boolean().optional().default(false),
});

const CHAT_MESSAGE_MAX = 2_000;

export const chatBodySchema = z.object({
  courseId: id,
  /** The lesson the question is about (the contract's clients send none: then the first lesson). */
  lessonId: id.optional(),
  message: z
    .string()
    .max(CHAT_MESSAGE_MAX)
    .refine((text) => text.trim().length > 0, "The message is empty."),
});

export const chatHistoryBodySchema = z.object({ courseId: id });

export const getNotesBodySchema = z.object({ course: id });

/** 5 MB images as base64 are about 6.7 MB of text; a few of them fit. */
const NOTES_MAX_CHARS = 12_000_000;
export const NOTES_BODY_LIMIT = NOTES_MAX_CHARS + 64 * 1024;

export const saveNotesBodySchema = z.object({
  course: id,
  notes: z.string().max(NOTES_MAX_CHARS),
  /** The version the editor started from; omitted by the contract's clients (a plain save). */
  version: z.number().int().min(0).optional(),
});
