import type { Page } from "@playwright/test";
import { lessonIdsOf } from "./course-content";
import { expect } from "./fixtures";

type Attempt = { attemptId: string; questions: { question: string; options: { letter: string; text: string }[] }[] };

async function serveQuiz(page: Page, courseId: string): Promise<Attempt> {
  const served = await page.request.post("/api/aiexam", { data: { courseId } });
  expect(served.status()).toBe(200);
  const body = (await served.json()) as { message: string; attemptId: string };
  return { attemptId: body.attemptId, questions: JSON.parse(body.message) };
}

/**
 * Brings a course to 100 % through the API as a learner would: every lesson opened (written and
 * done), the quiz taken once to learn the right answers from its results, then a new attempt (its
 * questions and options in a new order) answered right; then the certificate issued. Answers the
 * certificate's public id.
 */
export async function completeCourseViaApi(page: Page, courseId: string): Promise<string> {
  const lessonIds = await lessonIdsOf(page, courseId);
  expect(lessonIds.length).toBeGreaterThan(1);
  for (const lessonId of lessonIds) {
    const opened = await page.request.post("/api/lesson/stream", { data: { courseId, lessonId } });
    expect(await opened.text()).toContain('"type":"done"');
  }
  const first = await serveQuiz(page, courseId);
  const graded = await page.request.post("/api/quiz/submit", {
    data: { courseId, attemptId: first.attemptId, answers: first.questions.map(() => "") },
  });
  const results = ((await graded.json()) as { results: { correct: string }[] }).results;
  // What the review taught: the right option's text for each question (letters change with each attempt).
  const rightText = new Map(
    first.questions.map((q, i) => [q.question, q.options.find((o) => o.letter === results[i].correct)!.text]),
  );
  const retake = await serveQuiz(page, courseId);
  const answers = retake.questions.map((q) => q.options.find((o) => o.text === rightText.get(q.question))!.letter);
  const passed = await page.request.post("/api/quiz/submit", {
    data: { courseId, attemptId: retake.attemptId, answers },
  });
  expect(((await passed.json()) as { progress: number }).progress).toBe(100);
  const finished = await page.request.post("/api/finish", { data: { courseId } });
  expect(finished.status()).toBe(200);
  return ((await finished.json()) as { publicId: string }).publicId;
}
