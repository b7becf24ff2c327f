import "server-only";
import { courseNotFound, findOwnCourse, progressPercent, requireOwnCourse } from "@/features/courses/service";
import { answerCourseQuestion, enforceAiRateLimit } from "@/features/generation/service";
import type { ApiTranslator } from "@/i18n/api-translator";
import { isUuid } from "@/lib/ids";
import { aiEventStream, type StreamControlEvent } from "@/server/ai/event-stream";
import { ModelFailedError } from "@/server/ai/run";
import { AppError, appError, databaseUnavailable, knownFailure } from "@/server/http/errors";
import { isErrorCode } from "@/server/http/error-codes";
import { stripHtml } from "@/server/html/sanitize";
import { logger } from "@/server/logger";
import { followGeneration, generationOutcome, startOrJoinGeneration, type GenerationEvent } from "./lesson-generation";
import { prepareNotes } from "./notes-html";
import {
  chatHistory,
  findImageForOwner,
  findNotes,
  lessonContent,
  markLessonOpened,
  outlineOf,
  progressCounts,
  storeChatExchange,
  writeNotesWithPictures,
  type LessonContent,
  type ViewerCourseRow,
} from "./queries";

export type { LessonContent };

async function requireLesson(course: ViewerCourseRow, lessonId: string, t: ApiTranslator): Promise<LessonContent> {
  const lesson = isUuid(lessonId) ? await lessonContent(course.id, lessonId) : undefined;
  if (!lesson) throw courseNotFound(t);
  return lesson;
}

/**
 * The owner's course and one of its lessons, read side by side (one round trip instead of two).
 * The lesson read is scoped by the course id and only returned once the course is known to be
 * the caller's, so nothing of another user's course leaks.
 */
async function requireCourseAndLesson(userId: string, courseId: string, lessonId: string, t: ApiTranslator) {
  if (!isUuid(courseId) || !isUuid(lessonId)) throw courseNotFound(t);
  const [course, lesson] = await Promise.all([findOwnCourse(userId, courseId), lessonContent(courseId, lessonId)]);
  if (!course || !lesson) throw courseNotFound(t);
  return { course, lesson };
}

async function courseProgress(courseId: string, quizPassed: boolean): Promise<number> {
  return progressPercent({ ...(await progressCounts(courseId)), quizPassed });
}

// The viewer page

export type ViewerData = {
  course: {
    id: string;
    mainTopic: string;
    type: ViewerCourseRow["type"];
    lang: string;
    quizPassed: boolean;
    completed: boolean;
  };
  topics: { id: string; title: string; lessons: { id: string; title: string; done: boolean; generated: boolean }[] }[];
  lesson: LessonContent;
  progress: number;
};

/**
 * Everything the viewer renders on the server, by id: the owner's course (else null → 404), its
 * outline, the lesson `?lesson=` names (else the first). Opening the viewer on the first lesson
 * marks it opened and done (SPEC "Subtopic"), since its text is served with the page; another
 * lesson is marked when the viewer opens it through the lesson stream.
 */
export async function loadViewer(
  userId: string,
  courseId: string,
  lessonId: string | undefined,
): Promise<ViewerData | null> {
  const course = await findOwnCourse(userId, courseId);
  if (!course) return null;
  const outline = await outlineOf(course.id);
  const all = outline.flatMap((t) => t.lessons);
  if (all.length === 0) return null;
  const first = all[0];
  const current = all.find((l) => l.id === lessonId) ?? first;
  if (current === first && first.generated && !first.done) {
    await markLessonOpened(first.id);
    first.done = true;
  }
  const lesson = await lessonContent(course.id, current.id);
  if (!lesson) return null;
  const doneCount = all.filter((l) => l.done).length;
  return {
    course: {
      id: course.id,
      mainTopic: course.mainTopic,
      type: course.type,
      lang: course.lang,
      quizPassed: course.quizPassed,
      completed: course.completed,
    },
    topics: outline.map((t) => ({
      id: t.id,
      title: t.title,
      lessons: t.lessons.map((l) => ({ id: l.id, title: l.title, done: l.done, generated: l.generated })),
    })),
    lesson: { ...lesson, done: current.done },
    progress: progressPercent({ lessonCount: all.length, doneCount, quizPassed: course.quizPassed }),
  };
}

// Lessons, streamed

/** What the lesson stream sends, one JSON object per line (application/x-ndjson). */
export type LessonStreamEvent =
  | StreamControlEvent
  | { type: "delta"; text: string }
  | { type: "reset" }
  | { type: "done"; lesson: LessonContent; progress: number }
  | { type: "error"; code: string; message: string };

const encoder = new TextEncoder();
const line = (event: unknown) => encoder.encode(`${JSON.stringify(event)}\n`);

/** A model too slow for its budget, or the database down, says so; any other failure is the SPEC's generic message. */
function failureMessage(code: string, t: ApiTranslator, generic: string): string {
  if (code === "db:unavailable") return databaseUnavailable(t).message;
  return code === "ai:timeout" ? t("ai.timeout") : generic;
}

/**
 * Opens a lesson: with theory, it answers at once; without (or to regenerate), it starts or
 * joins the lesson's one generation and streams the text as it is written (`start` at once,
 * `waiting` while the model is silent). A lesson opened is marked done once it has its text,
 * and the answer carries the recomputed progress. Ownership is checked before the stream
 * starts (404). The tab going away stops the listening, not the generation, which is stored.
 */
export async function openLessonStream(
  userId: string,
  input: { courseId: string; lessonId: string; regenerate: boolean },
  t: ApiTranslator,
  signal?: AbortSignal,
): Promise<ReadableStream<Uint8Array>> {
  const { course, lesson } = await requireCourseAndLesson(userId, input.courseId, input.lessonId, t);
  const finish = async (content: LessonContent) => {
    await markLessonOpened(content.id);
    return {
      type: "done",
      lesson: { ...content, done: true },
      progress: await courseProgress(course.id, course.quizPassed),
    } as const;
  };
  if (lesson.theory && !input.regenerate) {
    const done = await finish(lesson);
    return new ReadableStream({
      start(controller) {
        controller.enqueue(line(done));
        controller.close();
      },
    });
  }
  const flight = await startOrJoinGeneration(course, lesson.id, { regenerate: input.regenerate }, () =>
    enforceAiRateLimit(userId, t),
  );
  return aiEventStream<LessonStreamEvent>(
    async (send, gone) => {
      const events = followGeneration(flight)[Symbol.asyncIterator]();
      const left = new Promise<"gone">((resolve) =>
        gone.addEventListener("abort", () => resolve("gone"), { once: true }),
      );
      try {
        for (;;) {
          const next = await Promise.race([events.next(), left]);
          if (next === "gone" || next.done) return;
          const event: GenerationEvent = next.value;
          if (event.type === "done") return send(await finish(event.lesson));
          if (event.type === "error") {
            return send({
              type: "error",
              code: event.code,
              message: failureMessage(event.code, t, t("learning.generationFailed")),
            });
          }
          send(event);
        }
      } finally {
        await events.return?.();
      }
    },
    { signal, t },
  );
}

/** A generation that ended in error, as an answer: a lesson gone is 404, a model too slow 504, anything else 502. */
function generationError(code: string, t: ApiTranslator): AppError {
  if (code === "course:not-found") return courseNotFound(t);
  if (code === "db:unavailable") return databaseUnavailable(t);
  if (code === "ai:timeout") return appError("ai:timeout", t);
  return new AppError(isErrorCode(code) ? code : "lesson:generation-failed", t("learning.generationFailed"));
}

/**
 * Writes a lesson in the background while the learner reads the one before, so opening it needs
 * no wait. It is not marked done: only opening does that. Once written, the answer carries the
 * lesson; with `wait`, it answers when the running generation ends (the viewer keeps the text
 * and shows it at once when the learner opens the lesson), or with its error (502).
 */
export async function prefetchLesson(
  userId: string,
  input: { courseId: string; lessonId: string; wait?: boolean },
  t: ApiTranslator,
): Promise<{ state: "ready"; lesson: LessonContent } | { state: "generating" }> {
  const { course, lesson } = await requireCourseAndLesson(userId, input.courseId, input.lessonId, t);
  if (lesson.theory) return { state: "ready", lesson };
  const flight = await startOrJoinGeneration(course, lesson.id, { regenerate: false }, () =>
    enforceAiRateLimit(userId, t),
  );
  if (!input.wait) return { state: "generating" };
  const outcome = await generationOutcome(flight);
  if (outcome.type === "error") throw generationError(outcome.code, t);
  return { state: "ready", lesson: { ...outcome.lesson, done: lesson.done } };
}

/**
 * The contract's POST /api/generate: the lesson's whole text. It goes through the lesson's one
 * generation (registry and lease) like the stream and the prefetch, so none of them can write
 * the lesson twice or overwrite another's text; it is marked done, as opening it does.
 */
export async function writeLessonText(
  userId: string,
  input: { courseId: string; lessonId: string },
  t: ApiTranslator,
): Promise<string> {
  const { course, lesson } = await requireCourseAndLesson(userId, input.courseId, input.lessonId, t);
  // Already written (by the prefetch, say): serving it still marks it opened and done.
  if (lesson.theory) {
    await markLessonOpened(lesson.id);
    return lesson.theory;
  }
  const flight = await startOrJoinGeneration(course, lesson.id, { regenerate: false }, () =>
    enforceAiRateLimit(userId, t),
  );
  const outcome = await generationOutcome(flight);
  if (outcome.type === "error") throw generationError(outcome.code, t);
  await markLessonOpened(lesson.id);
  return outcome.lesson.theory;
}

// Course Assistant

export type ChatEntry = {
  id: string;
  sender: "user" | "bot";
  text: string;
  lessonId: string | null;
  lessonTitle: string | null;
  createdAt: string;
};

export async function chatHistoryFor(userId: string, courseId: string, t: ApiTranslator): Promise<ChatEntry[]> {
  const course = await requireOwnCourse(userId, courseId, t);
  const rows = await chatHistory(userId, course.id);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

async function chatContext(
  userId: string,
  course: ViewerCourseRow,
  lessonId: string | undefined,
  question: string,
  t: ApiTranslator,
) {
  const outline = await outlineOf(course.id);
  const firstLessonId = outline[0]?.lessons[0]?.id;
  const lesson = lessonId
    ? await requireLesson(course, lessonId, t)
    : firstLessonId
      ? await lessonContent(course.id, firstLessonId)
      : undefined;
  const history = (await chatHistory(userId, course.id, 6)).map((m) => ({ sender: m.sender, text: m.text }));
  return {
    lesson,
    context: {
      courseTopic: course.mainTopic,
      language: course.lang,
      outline: outline.map((topic) => ({ title: topic.title, lessons: topic.lessons.map((l) => l.title) })),
      lessonTitle: lesson?.title,
      lessonText: lesson?.theory ? stripHtml(lesson.theory) : undefined,
      history,
      question,
    },
  };
}

/** A failed answer as the chat routes report it: `ai:timeout` (504) says the model was too slow. */
function chatFailure(error: unknown, t: ApiTranslator): AppError {
  const known = knownFailure(error, t);
  if (known) return known;
  if (error instanceof ModelFailedError && error.reason === "timeout") return appError("ai:timeout", t);
  return appError("chat:failed", t);
}

/** The contract's /api/chat: the whole answer at once. Stored with its question. */
export async function answerChat(
  userId: string,
  input: { courseId: string; lessonId?: string; message: string },
  t: ApiTranslator,
): Promise<string> {
  const course = await requireOwnCourse(userId, input.courseId, t);
  const question = input.message.trim();
  const { lesson, context } = await chatContext(userId, course, input.lessonId, question, t);
  await enforceAiRateLimit(userId, t);
  let answer: string;
  try {
    answer = await answerCourseQuestion(context);
  } catch (error) {
    if (!(error instanceof AppError))
      logger.warn({ error: error instanceof Error ? error.message : String(error) }, "chat answer failed");
    throw chatFailure(error, t);
  }
  await storeChatExchange({ userId, courseId: course.id, lessonId: lesson?.id ?? null, question, answer });
  return answer;
}

export type ChatStreamEvent =
  | StreamControlEvent
  | { type: "delta"; text: string }
  | { type: "reset" }
  | { type: "done"; text: string; lessonId: string | null; lessonTitle: string | null }
  | { type: "error"; code: string; message: string };

/** The viewer's chat: the answer streams as it is written; the exchange is stored when whole. */
export async function chatStream(
  userId: string,
  input: { courseId: string; lessonId?: string; message: string },
  t: ApiTranslator,
  signal?: AbortSignal,
): Promise<ReadableStream<Uint8Array>> {
  const course = await requireOwnCourse(userId, input.courseId, t);
  const question = input.message.trim();
  const { lesson, context } = await chatContext(userId, course, input.lessonId, question, t);
  await enforceAiRateLimit(userId, t);
  return aiEventStream<ChatStreamEvent>(
    async (send, gone) => {
      try {
        const answer = await answerCourseQuestion(context, {
          signal: gone,
          onDelta: (text) => send({ type: "delta", text }),
          onRetry: () => send({ type: "reset" }),
        });
        await storeChatExchange({ userId, courseId: course.id, lessonId: lesson?.id ?? null, question, answer });
        send({ type: "done", text: answer, lessonId: lesson?.id ?? null, lessonTitle: lesson?.title ?? null });
      } catch (error) {
        if (gone.aborted) return;
        logger.warn({ error: error instanceof Error ? error.message : String(error) }, "chat answer failed");
        const failure = chatFailure(error, t);
        send({ type: "error", code: failure.code, message: failure.message });
      }
    },
    { signal, t },
  );
}

// Notes

export async function notesFor(
  userId: string,
  courseId: string,
  t: ApiTranslator,
): Promise<{ html: string; version: number }> {
  const course = await requireOwnCourse(userId, courseId, t);
  return (await findNotes(userId, course.id)) ?? { html: "", version: 0 };
}

/**
 * Saves the notes, sanitized, with their inline pictures stored as rows and referenced by URL
 * (see prepareNotes). With a version, a save based on an older version than the stored one is
 * refused (409) instead of overwriting text written in another tab.
 */
export async function saveNotes(
  userId: string,
  input: { course: string; notes: string; version?: number },
  t: ApiTranslator,
): Promise<number> {
  const course = await requireOwnCourse(userId, input.course, t);
  const prepared = prepareNotes(input.notes, t);
  const version = await writeNotesWithPictures(userId, course.id, prepared.pictures, input.version, prepared.finish);
  if (version === null) throw appError("notes:conflict", t);
  return version;
}

/** A picture of the caller's notes; anyone else's, or an unknown id, is 404. */
export async function notesImageFor(
  userId: string,
  imageId: string,
  t: ApiTranslator,
): Promise<{ contentType: string; bytes: Buffer }> {
  const image = isUuid(imageId) ? await findImageForOwner(userId, imageId) : undefined;
  if (!image) throw appError("image:not-found", t);
  return image;
}
