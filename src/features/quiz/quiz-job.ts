import "server-only";
import { randomInt } from "node:crypto";
import { findOwnCourse } from "@/features/courses/service";
import { generateQuiz } from "@/features/generation/service";
import { failureCode } from "@/server/http/errors";
import { registerJobHandler, type JobContext } from "@/server/jobs";
import { questionCountFor, shuffledOrder, type StoredQuestion } from "./grading";
import { findQuiz, storeQuiz, topicTitles } from "./queries";

/**
 * Writing a course's quiz questions is a durable job (decision 020): kind `quiz.write`, subject
 * the course id, one active job per course. Two tabs asking at once join the same job, which
 * calls the model once; the request that waits for it is only its follower, so the questions
 * are stored even when it goes away.
 */
export const QUIZ_WRITE = "quiz.write";

/** `renew`: new questions replace the stored ones (a learner asking for another quiz). */
export type QuizWritePayload = { userId: string; renew: boolean };

class CourseGone extends Error {
  readonly code = "course:not-found";
}

async function writeQuizJob({ job, signal, stillOwned }: JobContext): Promise<void> {
  const { userId, renew } = job.payload as QuizWritePayload;
  const courseId = job.subject;
  const course = await findOwnCourse(userId, courseId);
  if (!course) throw new CourseGone("The course is gone.");
  // At least once: questions stored by this job (or, not renewing, by anyone) are not written again.
  const existing = await findQuiz(courseId);
  if (existing && (!renew || existing.createdAt.getTime() >= job.createdAt.getTime())) return;
  const titles = await topicTitles(courseId);
  const quiz = await generateQuiz(
    {
      courseTopic: course.mainTopic,
      topicTitles: titles,
      language: course.lang,
      questionCount: questionCountFor(titles.length),
    },
    { signal },
  );
  const questions: StoredQuestion[] = quiz.questions.map((q) => ({
    question: q.question,
    options: q.options,
    answer: q.answer,
    explanation: q.explanation,
  }));
  // Taken over while the model wrote: the new holder stores its own.
  if (!(await stillOwned())) throw signal.reason ?? new Error("job lease lost");
  // Stored as an attempt nobody was served: each follower then serves its own (serveQuiz).
  await storeQuiz(courseId, questions, shuffledOrder(questions, randomInt));
}

/**
 * As for lessons, the model's failures were retried already inside generateQuiz while the
 * learner waited: they fail the job, and asking again enqueues a new one. Only the database
 * being unreachable is retried; a worker that died is taken over through its lease.
 */
const quizTransient = (error: unknown) => failureCode(error) === "db:unavailable";

export function registerQuizWriteJobs(): void {
  registerJobHandler(QUIZ_WRITE, writeQuizJob, { maxAttempts: 3, transient: quizTransient });
}
