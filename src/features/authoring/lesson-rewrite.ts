import "server-only";
import { z } from "zod";
import { rewriteLessonText } from "@/features/generation/server";
import { markdownOf } from "@/features/learning/server";
import type { ApiTranslator } from "@/i18n/api-translator";
import { aiEventStream, type StreamControlEvent } from "@/server/ai/event-stream";
import { modelFailure } from "@/server/ai/failure";
import { enforceAiRateLimit } from "@/server/ai/rate-limit";
import { appError } from "@/server/http/errors";
import { logger } from "@/server/logger";
import { requireAuthoredLesson } from "./lesson-editing";

/** The longest instruction an author may give: a sentence or two, not a second lesson. */
const MAX_REWRITE_INSTRUCTION = 500;

export const lessonRewriteSchema = z
  .object({ instruction: z.string().trim().min(1).max(MAX_REWRITE_INSTRUCTION) })
  .strict();

type RewriteStreamEvent =
  | StreamControlEvent
  | { type: "delta"; text: string }
  /** The model failed and is tried again: the draft so far is dropped. */
  | { type: "reset" }
  | { type: "done"; markdown: string }
  | { type: "error"; code: string; message: string };

/**
 * POST /api/lessons/{id}/rewrite: the lesson written again as its author instructs, streamed as a
 * draft (NDJSON, like the lesson stream). Nothing is stored: the editor shows the draft beside the
 * current text with a word diff, and the author accepts it into the editor (and saves it, a
 * revision like any other) or discards it. The current text is the stored one, so a draft never
 * rests on text the server has not seen. One call on the author's AI limit.
 */
export async function lessonRewriteStream(
  userId: string,
  lessonId: unknown,
  instruction: string,
  t: ApiTranslator,
  signal?: AbortSignal,
): Promise<ReadableStream<Uint8Array>> {
  const lesson = await requireAuthoredLesson(userId, lessonId, t);
  const markdown = markdownOf(lesson);
  if (!markdown.trim()) throw appError("lesson:unwritten", t);
  await enforceAiRateLimit(userId, t);
  return aiEventStream<RewriteStreamEvent>(
    async (send, gone) => {
      try {
        const rewritten = await rewriteLessonText(
          {
            courseTopic: lesson.courseTitle,
            lessonTitle: lesson.title,
            language: lesson.courseLang,
            markdown,
            instruction,
          },
          { signal: gone, onDelta: (text) => send({ type: "delta", text }), onRetry: () => send({ type: "reset" }) },
        );
        send({ type: "done", markdown: rewritten });
      } catch (error) {
        if (gone.aborted) return;
        const failure = modelFailure(error, t);
        if (!failure) throw error;
        logger.warn({ lessonId: lesson.id, code: failure.code }, "lesson rewrite failed");
        send({ type: "error", code: failure.code, message: failure.message });
      }
    },
    { signal, t },
  );
}
