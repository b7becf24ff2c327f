import { postJson } from "@/lib/http/post-json";
import type { PublicQuestion, QuestionResult } from "../../grading";

/** A graded attempt as `/api/quiz/submit` answers it. */
export type Outcome = {
  score: number;
  percent: number;
  passed: boolean;
  counted: boolean;
  results: QuestionResult[];
  progress: number;
};

/** The error code `/api/aiexam` answers when a retest cannot ask anything new (quiz-job.ts). */
const NO_FRESH_QUESTIONS = "quiz:no-fresh-questions";

/**
 * Starts an attempt: its questions and the attempt they belong to or, when new questions were
 * asked for (`renew`) and none could be written, the server's words. Throws on any other failure.
 */
export async function startAttempt(
  courseId: string,
  renew: boolean,
): Promise<{ noFresh: string } | { questions: PublicQuestion[]; attemptId: string | undefined }> {
  const response = await postJson("/api/aiexam", { courseId, renew });
  const data = (await response.json().catch(() => null)) as {
    success?: boolean;
    message?: string;
    attemptId?: string;
    code?: string;
  } | null;
  if (renew && data?.code === NO_FRESH_QUESTIONS) return { noFresh: data.message ?? "" };
  if (!response.ok || !data?.success || typeof data.message !== "string") throw new Error("aiexam");
  return { questions: JSON.parse(data.message) as PublicQuestion[], attemptId: data.attemptId };
}

/**
 * Sends an attempt's answers to be graded: the outcome or, when the attempt was graded or
 * replaced meanwhile (409), the server's words. Throws on any other failure.
 */
export async function submitAnswers(
  courseId: string,
  answers: string[],
  attemptId: string | undefined,
): Promise<{ closed: true; message?: string } | { closed: false; outcome: Outcome }> {
  const response = await postJson("/api/quiz/submit", { courseId, answers, attemptId });
  const data = (await response.json().catch(() => null)) as (Outcome & { success?: boolean; message?: string }) | null;
  if (response.status === 409) return { closed: true, message: data?.message };
  if (!response.ok || !data?.success) throw new Error("submit");
  return { closed: false, outcome: data };
}

/**
 * "Review what I missed": the server adds a review lesson per missed topic. Answers the first
 * lesson's id or, when none came, the server's words if it sent any.
 */
export async function requestRemediation(courseId: string): Promise<{ lessonId: string } | { message?: string }> {
  const response = await postJson("/api/quiz/remediation", { courseId });
  const data = (await response.json().catch(() => null)) as {
    success?: boolean;
    message?: string;
    lessons?: { id: string }[];
  } | null;
  const first = data?.lessons?.[0];
  if (!response.ok || !data?.success || !first) return { message: data?.message };
  return { lessonId: first.id };
}
