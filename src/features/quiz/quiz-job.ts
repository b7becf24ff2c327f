import "server-only";
import { findLearnerCourse } from "@/features/courses/server";
import { generateQuiz, type ModelQuiz } from "@/features/generation/server";
import type { Excerpt } from "@/features/sources/server";
import { failureCode } from "@/server/http/errors";
import { registerJobHandler, type JobContext } from "@/server/jobs";
import { citedExplanation, quizExcerpts } from "./grounding";
import { MIN_QUESTIONS, questionCountFor, questionKey, type StoredQuestion } from "./grading";
import {
  askedQuestions,
  findQuiz,
  findQuizFor,
  outlineTopics,
  storeLearnerQuiz,
  storeQuiz,
  type OutlineTopic,
} from "./queries";
import { brandedError } from "@/lib/branded-error";

/**
 * Writing a course's quiz questions is a durable job (decision 020): kind `quiz.write`, subject
 * the course id, one active job per course. Two tabs asking at once join the same job, which
 * calls the model once; the request that waits for it is only its follower, so the questions
 * are stored even when it goes away.
 */
export const QUIZ_WRITE = "quiz.write";

/**
 * `renew`: new questions replace the stored ones (the owner asking for another quiz). `forLearner`:
 * a retest written for that learner alone, on a course they study but do not own (subject
 * `{courseId}:{userId}`, one active per learner), stored with their serving; the course's
 * questions stay as they are for everyone else.
 */
export type QuizWritePayload = { userId: string; renew: boolean; courseId?: string; forLearner?: boolean };

/** The subject of a retest written for one learner: one active per learner and course. */
export const learnerQuizSubject = (courseId: string, userId: string) => `${courseId}:${userId}`;

class CourseGone extends brandedError("CourseGone") {
  readonly code = "course:not-found";
}

/**
 * The model asked again the questions of an earlier attempt, twice: no retest to serve. Not a
 * fault of the model's (a course's material can hold only so many questions): the learner is told
 * so and offered the regular quiz, whose questions are still stored.
 */
class RepeatedQuestions extends brandedError("RepeatedQuestions") {
  readonly code = "quiz:no-fresh-questions";
}

/**
 * The model's questions minus any asked before or twice (compared by questionKey). A repeat is asked
 * for once more with the repeats added to the list to avoid; what is still repeated is left
 * out, and fewer than MIN_QUESTIONS new ones fail the job rather than serve old questions.
 */
async function freshQuestions(
  {
    topics,
    ...input
  }: {
    courseTopic: string;
    topics: OutlineTopic[];
    language: string;
    questionCount: number;
    excerpts?: Excerpt[];
  },
  asked: string[],
  signal: AbortSignal,
): Promise<StoredQuestion[]> {
  const seen = new Set(asked.map(questionKey));
  // The model names a topic by its index in the list it was given; a question keeps the topic's
  // number, which moving the topic in the outline does not change (issue 35).
  const stored = (quiz: ModelQuiz): StoredQuestion[] =>
    quiz.questions.map((q) => ({
      question: q.question,
      options: q.options,
      answer: q.answer,
      ...citedExplanation(q.explanation, input.excerpts),
      topic: topics[q.topic]?.number,
    }));
  const request = { ...input, topicTitles: topics.map((t) => t.title) };
  const isNew = (q: StoredQuestion) => !seen.has(questionKey(q.question));
  const firstAsking = (q: StoredQuestion, i: number, list: StoredQuestion[]) =>
    list.findIndex((o) => questionKey(o.question) === questionKey(q.question)) === i;
  const unique = (list: StoredQuestion[]) => list.filter(firstAsking);
  const avoid = [...new Set(asked)];
  let questions = stored(await generateQuiz({ ...request, avoidQuestions: avoid }, { signal }));
  // A question the quiz asks twice is a repeat too.
  const fresh = (q: StoredQuestion, i: number, list: StoredQuestion[]) => isNew(q) && firstAsking(q, i, list);
  if (questions.every(fresh)) return questions;
  const repeats = questions.filter((q, i, list) => !fresh(q, i, list)).map((q) => q.question);
  const again = stored(await generateQuiz({ ...request, avoidQuestions: [...avoid, ...repeats] }, { signal }));
  questions = unique([...questions.filter(isNew), ...again.filter(isNew)]).slice(0, input.questionCount);
  if (questions.length < Math.min(MIN_QUESTIONS, input.questionCount))
    throw new RepeatedQuestions("the model kept asking questions asked before");
  return questions;
}

async function writeQuizJob({ job, signal, keepLease }: JobContext): Promise<void> {
  const { userId, renew, forLearner } = job.payload as QuizWritePayload;
  const courseId = (job.payload as QuizWritePayload).courseId ?? job.subject;
  const course = await findLearnerCourse(userId, courseId);
  if (!course) throw new CourseGone("The course is gone.");
  if (forLearner) return writeLearnerRetest(job, course, signal, keepLease);
  // At least once: questions stored by this job (or, not renewing, by anyone) are not written again.
  const existing = await findQuiz(courseId);
  if (existing && (!renew || existing.createdAt.getTime() >= job.createdAt.getTime())) return;
  const topics = await outlineTopics(courseId);
  const titles = topics.map((t) => t.title);
  // New questions (a retest) ask nothing asked before: the stored ones and every attempt's.
  const asked = renew
    ? [...(existing?.questions.map((q) => q.question) ?? []), ...(await askedQuestions(courseId))]
    : [];
  const questions = await freshQuestions(
    {
      courseTopic: course.mainTopic,
      topics,
      language: course.lang,
      questionCount: questionCountFor(titles.length),
      // The material is the owner's, whoever asked for the quiz.
      excerpts: await quizExcerpts(course.userId, courseId, titles),
    },
    asked,
    signal,
  );
  // Taken over while the model wrote: the new holder stores its own.
  await keepLease();
  // Served to nobody: each follower then serves its own attempt (serveQuiz).
  await storeQuiz(courseId, questions);
}

/**
 * A learner's retest: new questions for them alone, asking none of the course's stored questions,
 * nor their own retest's, nor any their attempts asked. Stored with their serving (at least once:
 * a retest already stored since this job was queued is kept).
 */
async function writeLearnerRetest(
  job: JobContext["job"],
  course: { id: string; userId: string; mainTopic: string; lang: string },
  signal: AbortSignal,
  keepLease: JobContext["keepLease"],
): Promise<void> {
  const { userId } = job.payload as QuizWritePayload;
  const current = await findQuizFor(course.id, userId);
  // No course quiz to retest (the course's questions are written on the first serving), or gone.
  if (!current) return;
  if (current.own && current.serving && current.serving.servedAt.getTime() >= job.createdAt.getTime()) return;
  const [courseQuiz, topics, theirs] = await Promise.all([
    findQuiz(course.id),
    outlineTopics(course.id),
    askedQuestions(course.id, userId),
  ]);
  const asked = [
    ...(courseQuiz?.questions.map((q) => q.question) ?? []),
    ...current.questions.map((q) => q.question),
    ...theirs,
  ];
  const questions = await freshQuestions(
    {
      courseTopic: course.mainTopic,
      topics,
      language: course.lang,
      questionCount: questionCountFor(topics.length),
      excerpts: await quizExcerpts(
        course.userId,
        course.id,
        topics.map((t) => t.title),
      ),
    },
    asked,
    signal,
  );
  await keepLease();
  await storeLearnerQuiz(course.id, userId, questions);
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
