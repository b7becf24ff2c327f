import "server-only";
import { randomBytes, randomInt } from "node:crypto";
import { courseNotFound, findLearnerCourse, progressPercent, requireLearnerCourse } from "@/features/courses/server";
import type { ApiTranslator } from "@/i18n/api-translator";
import { enforceAiRateLimit } from "@/server/ai/rate-limit";
import type { SessionUser } from "@/server/auth/session";
import { BrowserUnavailableError } from "@/server/browser/chromium";
import { sendMailInBackground } from "@/server/email/mailer";
import { env } from "@/server/env";
import { inlineMarkdownToSafeHtml } from "@/server/html/markdown";
import { appError, databaseUnavailable } from "@/server/http/errors";
import { isErrorCode } from "@/server/http/error-codes";
import { activeJob, enqueueJob, runJobSoon, waitForJob, type JobError } from "@/server/jobs";
import { hitRateLimit, rateLimitError } from "@/server/http/rate-limit";
import { certificateDate, isPublicId } from "./certificate-format";
import { certificatePng } from "./certificate-job";
import { CERTIFICATE_PICTURE_ATTACHMENT, registerQuizJobs } from "./jobs";
import { learnerQuizSubject, QUIZ_WRITE, type QuizWritePayload } from "./quiz-job";
import {
  grade,
  isPassing,
  publicQuestions,
  shuffledOrder,
  storedOrder,
  withinTimeLimit,
  type PublicQuestion,
  type QuestionResult,
  type StoredQuestion,
} from "./grading";
import {
  attemptsOnCurrentQuestions,
  completionFacts,
  findCertificateByPublicId,
  findCertificateForCourse,
  findQuiz,
  findQuizFor,
  issueCertificate,
  quizMarks,
  recordAttempt,
  startAttempt,
  type CertificateInfo,
} from "./queries";
import { paths } from "@/lib/paths";
import { progressCounts } from "@/features/learning/server";
import { recordQuizMisses } from "@/features/review/server";
import { logger } from "@/server/logger";

export type { CertificateInfo, StoredQuestion };
export { registerQuizJobs };

type Caller = Pick<SessionUser, "id" | "email" | "name" | "locale">;

// The quiz

/** What the quiz page renders on the server: a course the caller studies (owned or enrolled), else null (404). */
export async function loadQuizPage(userId: string, courseId: string) {
  const course = await findLearnerCourse(userId, courseId);
  if (!course) return null;
  return {
    id: course.id,
    mainTopic: course.mainTopic,
    quizPassed: course.quizPassed,
    bestMark: course.bestMark,
    // Its authors, owner and co-authors, may edit its questions.
    canEdit: course.isOwner || course.isEditor,
  };
}

/** The quiz page's course with the learner's last and best counted marks, shown before a start. */
export async function loadQuizPageWithMarks(userId: string, courseId: string) {
  const course = await loadQuizPage(userId, courseId);
  return course && { ...course, marks: await quizMarks(course.id, userId) };
}

/** A uniform whole number below n, from the system's secure source: an attempt's order is not guessable. */
const randomBelow = (n: number) => randomInt(n);

/**
 * The model writes questions, options and explanations as one line of Markdown, formulas as
 * `$…$`: each goes to the browser with its HTML made here (KaTeX for the formulas, as a stored
 * lesson's), the text beside it for everything that reads text.
 */
function formatted(questions: PublicQuestion[]): PublicQuestion[] {
  return questions.map((q) => ({
    ...q,
    html: inlineMarkdownToSafeHtml(q.question),
    options: q.options.map((o) => ({ ...o, html: inlineMarkdownToSafeHtml(o.text) })),
  }));
}

/** What `/api/aiexam` serves: the attempt's questions in its order, without their answers, and its id. */
export type ServedAttempt = { attemptId: string; questions: PublicQuestion[] };

/**
 * The course's questions without their answers (`/api/aiexam`). Written by the model once per
 * course in its language, then served again (a retake) unless `renew` asks for new ones. Each
 * serving is a new attempt: its own id, the questions and their options in a new order, and its
 * clock started on the server. The attempt served before is closed.
 */
export async function serveQuiz(
  user: Caller,
  input: { courseId: string; renew?: boolean },
  t: ApiTranslator,
): Promise<ServedAttempt> {
  const course = await requireLearnerCourse(user.id, input.courseId, t);
  const existing = await findQuizFor(course.id, user.id);
  // New questions replace the course's for all its learners when its owner asks. A learner who
  // asks after an attempt gets a retest of their own, and the course's questions stay (their
  // first attempt was on the course's, which is what a class's item analysis reads); asked
  // before any attempt, it is the course's quiz.
  const forLearner = Boolean(input.renew) && !course.isOwner && Boolean(existing?.serving?.gradedAt);
  const renew = course.isOwner ? Boolean(input.renew) : forLearner;
  if (existing && !renew) {
    const order = shuffledOrder(existing.questions, randomBelow, existing.serving?.servedOrder);
    const attemptId = await startAttempt(course.id, user.id, order);
    // The quiz went with its course between the two statements: as if never written.
    if (attemptId) return { attemptId, questions: formatted(publicQuestions(existing.questions, order)) };
  }
  const job = await waitForJob(await quizJob(user.id, course.id, renew, t, forLearner));
  if (job?.status !== "succeeded") throw quizJobFailure(job?.lastError ?? null, t);
  const quiz = await findQuizFor(course.id, user.id);
  // Each follower of the job serves its own attempt; the one served last is the open one.
  const order = quiz && shuffledOrder(quiz.questions, randomBelow, quiz.serving?.servedOrder);
  const attemptId = order && (await startAttempt(course.id, user.id, order));
  // The quiz went with its course while the model wrote.
  if (!quiz || !order || !attemptId) throw courseNotFound(t);
  return { attemptId, questions: formatted(publicQuestions(quiz.questions, order)) };
}

/**
 * The course's one active `quiz.write` job (or, for a learner's own retest, theirs), joined or
 * enqueued (and started). Only a new job is charged to the user's AI rate limit: joining one
 * costs nothing.
 */
async function quizJob(
  userId: string,
  courseId: string,
  renew: boolean,
  t: ApiTranslator,
  forLearner = false,
): Promise<string> {
  const subject = forLearner ? learnerQuizSubject(courseId, userId) : courseId;
  const running = await activeJob(QUIZ_WRITE, subject);
  if (running) return running.id;
  await enforceAiRateLimit(userId, t);
  const payload: QuizWritePayload = forLearner ? { userId, renew, courseId, forLearner } : { userId, renew };
  const { id, created } = await enqueueJob({ kind: QUIZ_WRITE, subject, payload, userId });
  if (created) runJobSoon(id);
  return id;
}

/** A quiz job's failure as the answer it was before jobs: the model's own code, else a server error. */
function quizJobFailure(error: JobError | null, t: ApiTranslator): Error {
  if (!error) return new Error("the quiz job is gone");
  if (error.code === "db:unavailable") return databaseUnavailable(t);
  if (error.code === "course:not-found") return courseNotFound(t);
  if (isErrorCode(error.code)) return appError(error.code, t);
  return new Error(`quiz job failed: ${error.code}: ${error.message}`);
}

/** The option a stored letter names, "" for none. */
const optionText = (q: StoredQuestion, letter: string) =>
  /^[a-z]$/.test(letter) ? (q.options[letter.charCodeAt(0) - 97] ?? "") : "";

export type QuizOutcome = {
  score: number;
  mark: number;
  percent: number;
  passed: boolean;
  /** False when it came after the questions' time: shown, not counted. */
  counted: boolean;
  results: QuestionResult[];
  bestMark: number | null;
  quizPassed: boolean;
  progress: number;
};

/**
 * Grades the attempt served last, in the order it was served, on the server; records it with
 * its answers, keeps the best mark and the pass. A graded attempt is closed: submitting it again
 * (or an `attemptId` that is not the one served last) is 409 `quiz:attempt-closed` and changes
 * nothing; the results may then show the right answers, since the next attempt is reordered.
 */
export async function submitQuiz(
  user: Caller,
  input: { courseId: string; answers: string[]; attemptId?: string },
  t: ApiTranslator,
): Promise<QuizOutcome> {
  const course = await requireLearnerCourse(user.id, input.courseId, t);
  const quiz = await findQuizFor(course.id, user.id);
  if (!quiz) throw appError("quiz:not-started", t);
  // None served to this learner since the questions were (re)written: nothing of theirs is open.
  const serving = quiz.serving;
  if (!serving) throw appError("quiz:attempt-closed", t);
  if (serving.gradedAt || (input.attemptId !== undefined && input.attemptId !== serving.attemptId))
    throw appError("quiz:attempt-closed", t);
  if (input.answers.length !== quiz.questions.length) throw appError("quiz:answers-mismatch", t);
  const settings = env();
  const graded = grade(quiz.questions, input.answers, serving.servedOrder ?? undefined);
  const counted = withinTimeLimit(serving.servedAt, new Date(), quiz.questions.length, settings.QUIZ_GRACE_SECONDS);
  const passed = counted && isPassing(graded.percent, settings.QUIZ_PASS_PERCENT);
  const stored = await recordAttempt({
    courseId: course.id,
    userId: user.id,
    attemptId: serving.attemptId,
    mark: graded.mark,
    passed,
    answers: graded.recorded,
    counted,
    results: quiz.questions.map((q, i) => ({
      question: q.question,
      topic: typeof q.topic === "number" ? q.topic : null,
      correct: graded.rightByStored[i],
      right: optionText(q, q.answer),
      chosen: optionText(q, graded.recorded[i]),
      explanation: q.explanation,
    })),
  });
  // Another submit of the same attempt, or a new serving, got there first.
  if (!stored) throw appError("quiz:attempt-closed", t);
  // Every missed question becomes a review card (or a lapse of its card); the grade stands even if that fails.
  const order = serving.servedOrder ?? storedOrder(quiz.questions);
  const missed = graded.results.flatMap((r, i) =>
    r.chosen !== "" && r.chosen === r.correct ? [] : [quiz.questions[order[i].question]],
  );
  await recordQuizMisses(user.id, course.id, missed).catch((error: unknown) =>
    logger.warn({ err: error, courseId: course.id }, "review cards for missed questions not recorded"),
  );
  const counts = await progressCounts(course.id, user.id);
  return {
    score: graded.score,
    mark: graded.mark,
    percent: graded.percent,
    results: graded.results.map((r) => ({ ...r, explanationHtml: inlineMarkdownToSafeHtml(r.explanation) })),
    passed,
    counted,
    bestMark: stored.bestMark,
    quizPassed: stored.quizPassed,
    progress: progressPercent({ ...counts, quizPassed: stored.quizPassed }),
  };
}

/** SPEC "Result lookup". */
export async function quizResult(userId: string, courseId: string, t: ApiTranslator) {
  const course = await requireLearnerCourse(userId, courseId, t);
  return { passed: course.quizPassed, lang: course.lang, bestMark: course.bestMark };
}

// Completion and the certificate

/** A short code printed on the picture: 10 characters without look-alikes. */
function shortCode(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  return Array.from(randomBytes(10), (b) => alphabet[b % alphabet.length]).join("");
}

/**
 * `/api/finish`: the server checks completion itself (every lesson done after the server served
 * it to the learner, and the quiz passed by a counted attempt, graded once), then issues the
 * certificate once; the first time it also mails it (a failed mail never blocks). Short of
 * that it is refused.
 */
export async function finishCourse(
  user: Caller,
  courseId: string,
  t: ApiTranslator,
): Promise<{ certificate: CertificateInfo; created: boolean }> {
  const course = await requireLearnerCourse(user.id, courseId, t);
  const facts = await completionFacts(course.id, user.id);
  const lessonsRead = facts.lessonCount > 0 && facts.openedDoneCount === facts.lessonCount;
  if (!lessonsRead || !course.quizPassed || !facts.passedAttempt) throw appError("course:not-complete", t);
  // What the best mark was out of: the course's quiz keeps one question count across retakes.
  const quiz = await findQuiz(course.id);
  const issued = await issueCertificate({
    publicId: randomBytes(16).toString("base64url"),
    shortCode: shortCode(),
    userId: user.id,
    courseId: course.id,
    holderName: user.name,
    courseTitle: course.mainTopic,
    courseLang: course.lang,
    lessonCount: facts.lessonCount,
    quizMark: course.bestMark,
    quizQuestions: quiz?.questions.length ?? null,
    locale: user.locale,
    // The version the learner completed (decision 043): as first written, or as last published.
    courseVersion: course.publishedVersion,
    courseVersionAt: course.publishedAt ?? course.createdAt,
  });
  if (issued.created) mailCertificateInBackground(user, issued.certificate);
  return issued;
}

/** The learner's certificate of a course they study (owned or enrolled), or undefined before it is issued. */
export async function certificateForLearner(userId: string, courseId: string): Promise<CertificateInfo | undefined> {
  const course = await findLearnerCourse(userId, courseId);
  if (!course) return undefined;
  return findCertificateForCourse(course.id, userId);
}

/**
 * Certificate mails one user may ask for an hour (on issue it is mailed once, uncounted). Each
 * goes through the mail provider, and may need the browser for its picture; 5 covers a lost mail
 * asked for again a few times, and keeps anyone from flooding an inbox or the provider's quota.
 */
const CERTIFICATE_MAIL_RULE = { limit: 5, windowMs: 60 * 60 * 1000 };

/** `/api/sendcertificate`: the learner's certificate, to their own address only, CERTIFICATE_MAIL_RULE times an hour. */
export async function resendCertificate(user: Caller, courseId: string, t: ApiTranslator): Promise<void> {
  const mails = await hitRateLimit(`certificate-mail:${user.id}`, CERTIFICATE_MAIL_RULE);
  if (mails.limited) throw rateLimitError(mails, "certificate:mail-rate-limited", t("quiz.certificateMailTooMany"));
  const course = await requireLearnerCourse(user.id, courseId, t);
  const certificate = await findCertificateForCourse(course.id, user.id);
  if (!certificate) throw appError("course:not-complete", t);
  mailCertificateInBackground(user, certificate);
}

function mailCertificateInBackground(user: Caller, certificate: CertificateInfo): void {
  sendMailInBackground({
    to: user.email,
    locale: user.locale,
    template: "certificate",
    data: {
      name: user.name,
      courseTitle: certificate.courseTitle,
      certificateId: certificate.publicId,
      certificateUrl: new URL(paths.certificate(certificate.publicId), env().APP_URL).toString(),
      // The certificate's own date reading, as on its picture and pages.
      issuedOn: certificateDate(certificate.issuedAt, certificate.locale),
    },
    // Drawn inside the mail's job, after the response.
    attach: [{ source: CERTIFICATE_PICTURE_ATTACHMENT, ref: certificate.publicId }],
  });
}

/** The public record (`paths.certificate`), or undefined for an unknown id. */
export async function publicCertificate(publicId: unknown): Promise<CertificateInfo | undefined> {
  if (!isPublicId(publicId)) return undefined;
  return findCertificateByPublicId(publicId);
}

export { BrowserUnavailableError, certificatePng };

export { startRemediation } from "./remediation";
export { forgetQuizLearner } from "./queries";

/**
 * What a class's item analysis reads of an assigned course: its current questions and the
 * learners' counted attempts on them. The caller (the classes feature) has checked the teacher.
 */
export async function quizForItemAnalysis(courseId: string, userIds: string[]) {
  const quiz = await findQuiz(courseId);
  if (!quiz) return { questions: [] as StoredQuestion[], attempts: [] };
  return { questions: quiz.questions, attempts: await attemptsOnCurrentQuestions(courseId, userIds, quiz.createdAt) };
}
