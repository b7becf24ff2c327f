import "server-only";
import { requireLearnerCourse } from "@/features/courses/server";
import { answerCourseQuestion } from "@/features/generation/server";
import {
  checkCitations,
  courseExcerpts,
  courseHasMaterial,
  type Citation,
  type Excerpt,
} from "@/features/sources/server";
import type { ApiTranslator } from "@/i18n/api-translator";
import { aiEventStream, type StreamControlEvent } from "@/server/ai/event-stream";
import { modelFailure } from "@/server/ai/failure";
import { enforceAiRateLimit } from "@/server/ai/rate-limit";
import { AppError, appError, knownFailure } from "@/server/http/errors";
import { HtmlTooComplexError } from "@/server/html/bounds";
import { markdownToSafeHtml } from "@/server/html/markdown";
import { stripHtml } from "@/server/html/sanitize";
import { logger } from "@/server/logger";
import { chatHistory, storeChatExchange } from "./chat-queries";
import { requireLesson } from "./lesson-access";
import { lessonContent, outlineOf, type ViewerCourseRow } from "./lesson-queries";

export type ChatEntry = {
  id: string;
  sender: "user" | "bot";
  text: string;
  lessonId: string | null;
  lessonTitle: string | null;
  createdAt: string;
  /** An answer formatted on the server, formulas included (see answerHtml); the viewer shows it as is. */
  html?: string;
  /** An answer from the course's material: the excerpts its superscripts cite (decision 028). */
  citations?: Citation[];
};

/** How many excerpts of the course's material a question is answered from. */
const CHAT_EXCERPTS = 6;

/**
 * An answer's HTML, made on the server like a stored lesson's, so its formulas are KaTeX's and
 * the browser needs no math renderer: it shows the Markdown while the answer streams (formulas
 * as TeX), then this. Undefined for an answer beyond the HTML bounds: the viewer formats it.
 */
function answerHtml(markdown: string, messageId?: string): string | undefined {
  try {
    const html = markdownToSafeHtml(markdown);
    // Each answer's citations link to its own sources list: many answers share one page.
    return messageId
      ? html.replace(/href="#cite-(\d+)"/g, (_, n: string) => `href="${citeAnchor(messageId, Number(n))}"`)
      : html;
  } catch (error) {
    if (HtmlTooComplexError.is(error)) return undefined;
    throw error;
  }
}

/** The id of an answer's quote `n` in its sources list, which its superscript `n` links to. */
function citeAnchor(messageId: string, n: number): string {
  return `#m${messageId}-cite-${n}`;
}

/**
 * POST /api/chat/history: the course's conversation, and whether "only from my sources" holds
 * (set, and the course has material to answer from), which the panel says while it does.
 */
export async function chatHistoryFor(
  userId: string,
  courseId: string,
  t: ApiTranslator,
): Promise<{ messages: ChatEntry[]; sourcesOnly: boolean }> {
  const course = await requireLearnerCourse(userId, courseId, t);
  const [rows, sourcesOnly] = await Promise.all([
    chatHistory(userId, course.id),
    course.sourcesOnly ? courseHasMaterial(userId, course.id) : false,
  ]);
  const messages = rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    citations: r.citations ?? undefined,
    ...(r.sender === "bot" ? { html: answerHtml(r.text, r.id) } : {}),
  }));
  return { messages, sourcesOnly };
}

async function chatContext(
  userId: string,
  course: ViewerCourseRow,
  lessonId: string | undefined,
  question: string,
  t: ApiTranslator,
) {
  const outline = await outlineOf(course.id, null);
  const firstLessonId = outline[0]?.lessons[0]?.id;
  const lesson = lessonId
    ? await requireLesson(userId, course, lessonId, t)
    : firstLessonId
      ? await lessonContent(course.id, firstLessonId, userId)
      : undefined;
  const history = (await chatHistory(userId, course.id, 6)).map((m) => ({ sender: m.sender, text: m.text }));
  const grounding = await chatGrounding(course, `${question} ${lesson?.title ?? ""}`);
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
      ...(grounding ? { grounding } : {}),
    },
  };
}

/**
 * A course made from the learner's material answers from it (decision 028): the excerpts that
 * best match the question and the lesson, only ever from the course owner's own sources (an
 * enrolled learner's tutor answers from them too).
 */
async function chatGrounding(
  course: ViewerCourseRow,
  query: string,
): Promise<{ excerpts: Excerpt[]; sourcesOnly: boolean } | undefined> {
  if (!(await courseHasMaterial(course.userId, course.id))) return undefined;
  const excerpts = await courseExcerpts(course.userId, course.id, query, CHAT_EXCERPTS);
  return { excerpts, sourcesOnly: course.sourcesOnly };
}

/** The answer as stored: its citations checked against the excerpts it was given (kept as `[^n]`). */
function checkedAnswer(answer: string, grounding: { excerpts: Excerpt[] } | undefined) {
  if (!grounding) return { text: answer, citations: null };
  const checked = checkCitations(answer, grounding.excerpts);
  return { text: checked.text, citations: checked.citations };
}

/** A failed answer as the chat routes report it: `ai:timeout` (504) says the model was too slow. */
function chatFailure(error: unknown, t: ApiTranslator): AppError {
  const known = knownFailure(error, t);
  if (known) return known;
  // Of the model's failures only a timeout is told as itself; any other is the chat's own 502.
  const model = modelFailure(error, t);
  return model?.code === "ai:timeout" ? model : appError("chat:failed", t);
}

/** The contract's /api/chat: the whole answer at once. Stored with its question. */
export async function answerChat(
  userId: string,
  input: { courseId: string; lessonId?: string; message: string },
  t: ApiTranslator,
): Promise<string> {
  const course = await requireLearnerCourse(userId, input.courseId, t);
  const question = input.message.trim();
  const { lesson, context } = await chatContext(userId, course, input.lessonId, question, t);
  await enforceAiRateLimit(userId, t);
  let answer: string;
  try {
    answer = await answerCourseQuestion(context);
  } catch (error) {
    if (!AppError.is(error))
      logger.warn({ error: error instanceof Error ? error.message : String(error) }, "chat answer failed");
    throw chatFailure(error, t);
  }
  const checked = checkedAnswer(answer, context.grounding);
  await storeChatExchange({
    userId,
    courseId: course.id,
    lessonId: lesson?.id ?? null,
    question,
    answer: checked.text,
    citations: checked.citations,
  });
  return checked.text;
}

export type ChatStreamEvent =
  | StreamControlEvent
  | { type: "delta"; text: string }
  | { type: "reset" }
  | {
      type: "done";
      /** The stored answer's id: its citations link to `#m<id>-cite-n`. */
      id: string;
      text: string;
      html?: string;
      citations?: Citation[];
      lessonId: string | null;
      lessonTitle: string | null;
    }
  | { type: "error"; code: string; message: string };

/** The viewer's chat: the answer streams as it is written; the exchange is stored when whole. */
export async function chatStream(
  userId: string,
  input: { courseId: string; lessonId?: string; message: string },
  t: ApiTranslator,
  signal?: AbortSignal,
): Promise<ReadableStream<Uint8Array>> {
  const course = await requireLearnerCourse(userId, input.courseId, t);
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
        const checked = checkedAnswer(answer, context.grounding);
        const { answerId } = await storeChatExchange({
          userId,
          courseId: course.id,
          lessonId: lesson?.id ?? null,
          question,
          answer: checked.text,
          citations: checked.citations,
        });
        send({
          type: "done",
          id: answerId,
          text: checked.text,
          html: answerHtml(checked.text, answerId),
          ...(checked.citations ? { citations: checked.citations } : {}),
          lessonId: lesson?.id ?? null,
          lessonTitle: lesson?.title ?? null,
        });
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
