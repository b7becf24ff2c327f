import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { requireAuthoredCourse } from "@/features/courses/server";
import { rewriteQuizQuestion } from "@/features/generation/server";
import type { ApiTranslator } from "@/i18n/api-translator";
import { modelFailure } from "@/server/ai/failure";
import { enforceAiRateLimit } from "@/server/ai/rate-limit";
import { appError } from "@/server/http/errors";
import type { StoredQuestion } from "./grading";
import { findQuiz, saveAuthoredQuiz } from "./queries";

/**
 * An author edits the course's quiz (issue 35): the questions, their options, the right answer
 * and the explanation, questions added and removed. The bounds are the model's (a question and
 * an explanation up to 500 characters, an option up to 300), with 2 to 6 options and 1 to 20
 * questions. Text is stored as text and formatted when served, as the model's is.
 */
const LETTERS = ["a", "b", "c", "d", "e", "f"] as const;

const authoredQuestion = z
  .object({
    id: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/)
      .optional(),
    question: z.string().trim().min(3).max(500),
    options: z.array(z.string().trim().min(1).max(300)).min(2).max(6),
    answer: z.enum(LETTERS),
    explanation: z.string().trim().min(3).max(500),
  })
  .strict()
  .refine((q) => LETTERS.indexOf(q.answer) < q.options.length, { message: "answer" })
  .refine((q) => new Set(q.options.map((o) => o.toLowerCase())).size === q.options.length, { message: "options" });

export const quizSaveSchema = z
  .object({ version: z.number().int().min(0), questions: z.array(authoredQuestion).min(1).max(20) })
  .strict()
  .refine((body) => {
    const ids = body.questions.flatMap((q) => (q.id ? [q.id] : []));
    return new Set(ids).size === ids.length;
  });

export const questionRewriteSchema = z
  .object({ instruction: z.string().trim().min(1).max(500), question: authoredQuestion })
  .strict();

export type AuthoredQuestion = {
  id: string;
  question: string;
  options: string[];
  answer: string;
  explanation: string;
};

/** A question's id as an author addresses it: its own, or its position for one nobody has edited. */
const idOf = (question: StoredQuestion, index: number) => question.id ?? `q${index + 1}`;

/** GET /api/courses/{id}/quiz: the course's questions as its author edits them, with the version a save names. */
export async function quizForAuthor(
  userId: string,
  courseId: unknown,
  t: ApiTranslator,
): Promise<{ version: number; questions: AuthoredQuestion[] }> {
  const course = await requireAuthoredCourse(userId, courseId, t);
  return authoredQuestions(course.id);
}

/** A course's questions as its author edits them; the caller has checked that the user is its author. */
export async function authoredQuestions(courseId: string): Promise<{ version: number; questions: AuthoredQuestion[] }> {
  const quiz = await findQuiz(courseId);
  return {
    version: quiz?.version ?? 0,
    questions: (quiz?.questions ?? []).map((q, i) => ({
      id: idOf(q, i),
      question: q.question,
      options: q.options,
      answer: q.answer,
      explanation: q.explanation,
    })),
  };
}

export type QuizSaveOutcome =
  | { saved: true; version: number }
  | { saved: false; conflict: { version: number; questions: AuthoredQuestion[]; message: string } };

/**
 * PUT /api/courses/{id}/quiz: stores the author's questions in their order. A question that
 * keeps its id keeps the topic it tests, and its citation while its explanation is unchanged (the
 * quote backs that sentence); a new one gets an id. A stale version stores nothing.
 */
export async function saveQuizForAuthor(
  userId: string,
  courseId: unknown,
  input: z.infer<typeof quizSaveSchema>,
  t: ApiTranslator,
): Promise<QuizSaveOutcome> {
  const course = await requireAuthoredCourse(userId, courseId, t);
  const before = new Map(((await findQuiz(course.id))?.questions ?? []).map((q, i) => [idOf(q, i), q]));
  const questions: StoredQuestion[] = input.questions.map((q) => {
    const earlier = q.id ? before.get(q.id) : undefined;
    return {
      id: q.id ?? randomUUID(),
      question: q.question,
      options: q.options,
      answer: q.answer,
      explanation: q.explanation,
      ...(earlier?.topic !== undefined ? { topic: earlier.topic } : {}),
      ...(earlier?.citation && earlier.explanation === q.explanation ? { citation: earlier.citation } : {}),
    };
  });
  const stored = await saveAuthoredQuiz(course.id, input.version, questions);
  if ("conflict" in stored) {
    return {
      saved: false,
      conflict: {
        version: stored.conflict.version,
        questions: stored.conflict.questions.map((q, i) => ({
          id: idOf(q, i),
          question: q.question,
          options: q.options,
          answer: q.answer,
          explanation: q.explanation,
        })),
        message: appError("quiz:conflict", t).message,
      },
    };
  }
  return { saved: true, version: stored.version };
}

/**
 * POST /api/courses/{id}/quiz/rewrite: one question, as the author has it in the editor, written
 * again as they instruct. Answered whole (a question is a few lines); nothing is stored until the
 * author accepts it and saves the quiz. One call on the author's AI limit.
 */
export async function rewriteQuestionForAuthor(
  userId: string,
  courseId: unknown,
  input: z.infer<typeof questionRewriteSchema>,
  t: ApiTranslator,
): Promise<{ question: string; options: string[]; answer: string; explanation: string }> {
  const course = await requireAuthoredCourse(userId, courseId, t);
  await enforceAiRateLimit(userId, t);
  const { question, options, answer, explanation } = input.question;
  try {
    return await rewriteQuizQuestion({
      courseTopic: course.mainTopic,
      language: course.lang,
      instruction: input.instruction,
      question: { question, options, answer, explanation },
    });
  } catch (error) {
    throw modelFailure(error, t) ?? error;
  }
}
