/**
 * A quiz attempt as the browser gets it from /api/aiexam, and what a learner who knows the
 * material answers to it. Each attempt shows the questions and options in its own order, so the
 * right letters are found by the stored key's text, not by its letters.
 */
import { POST as aiexam } from "@/app/api/aiexam/route";
import { getDb } from "@/server/db/client";
import { quizServings, quizzes } from "@/server/db/schema";
import { and, eq } from "drizzle-orm";
import { setAiConfigForTests } from "@/server/ai/model";
import { settleBackgroundMail } from "@/server/email/mailer";
import { startFakeModel, type FakeModel } from "../fakes/openai-compatible";
import { callRoute } from "./http";
import { resetSettings } from "./settings";

export type ServedAttempt = {
  attemptId: string;
  questions: { question: string; options: { letter: string; text: string }[] }[];
};

/** A question as the quiz stores it; `topic` is its topic's index in the outline (absent in quizzes written before topics were tagged). */
export type StoredQuizQuestion = {
  question: string;
  options: string[];
  answer: string;
  explanation: string;
  topic?: number;
};

/** The course's stored questions, or with `userId` the ones that learner is served (their own retest, if any). */
export async function storedQuestions(courseId: string, userId?: string): Promise<StoredQuizQuestion[]> {
  const db = await getDb();
  if (userId) {
    const [own] = await db
      .select({ questions: quizServings.questions })
      .from(quizServings)
      .where(and(eq(quizServings.courseId, courseId), eq(quizServings.userId, userId)));
    if (own?.questions) return own.questions as StoredQuizQuestion[];
  }
  const [row] = await db.select({ questions: quizzes.questions }).from(quizzes).where(eq(quizzes.courseId, courseId));
  return row.questions as StoredQuizQuestion[];
}

/** Moves the clock of every open serving of the course's quiz `ms` back: as if served that long ago. */
export async function backdateServings(courseId: string, ms: number): Promise<void> {
  await (
    await getDb()
  )
    .update(quizServings)
    .set({ servedAt: new Date(Date.now() - ms) })
    .where(eq(quizServings.courseId, courseId));
}

/** Serves the quiz (a new attempt) to the cookie's user. */
export async function serveQuiz(
  cookie: string,
  courseId: string,
  body: Record<string, unknown> = {},
): Promise<ServedAttempt> {
  const res = await callRoute(aiexam, { cookie, body: { courseId, ...body } });
  if (res.status !== 200) throw new Error(`/api/aiexam answered ${res.status}: ${res.text}`);
  return { attemptId: res.json.attemptId, questions: JSON.parse(res.json.message) };
}

/** The stored question each served one is, in the attempt's order. */
export async function servedAsStored(
  courseId: string,
  served: ServedAttempt,
  userId?: string,
): Promise<StoredQuizQuestion[]> {
  const stored = await storedQuestions(courseId, userId);
  return served.questions.map((shown) => {
    const found = stored.find((q) => q.question === shown.question);
    if (!found) throw new Error(`not a stored question: ${shown.question}`);
    return found;
  });
}

/** The right letters of the attempt, in its order. */
export async function rightAnswers(courseId: string, served: ServedAttempt, userId?: string): Promise<string[]> {
  const stored = await servedAsStored(courseId, served, userId);
  return served.questions.map((shown, i) => {
    const rightText = stored[i].options[stored[i].answer.charCodeAt(0) - 97];
    const option = shown.options.find((o) => o.text === rightText);
    if (!option) throw new Error(`the right option is not shown for: ${shown.question}`);
    return option.letter;
  });
}

/** A wrong letter for each question. */
export const wrongAnswers = (right: string[]) => right.map((a) => (a === "a" ? "b" : "a"));

/**
 * The quiz tests' model: the fake over HTTP, quick retries, no AI rate limit in the way, and no
 * browser (the certificate mail goes without its picture; the picture has its own test). Call
 * at the top of a test file, after useTestDatabase(); returns the fake for scripting.
 */
export function useQuizModel(): () => FakeModel {
  process.env.AI_RETRY_BASE_MS = "10";
  process.env.AI_TIMEOUT_MS = "2000";
  process.env.AI_RATE_LIMIT_PER_MINUTE = "1000";
  process.env.CHROMIUM_PATH = "/nonexistent/chromium";
  let model: FakeModel | undefined;
  beforeAll(async () => {
    model = await startFakeModel({ charsPerToken: 24 });
    resetSettings();
    setAiConfigForTests({
      provider: "openai-compatible",
      model: model.model,
      baseURL: model.baseURL,
      source: "AI_PROVIDER",
    });
  });
  afterAll(async () => {
    await settleBackgroundMail();
    await model?.close();
  });
  return () => {
    if (!model) throw new Error("the fake model starts in beforeAll");
    return model;
  };
}
