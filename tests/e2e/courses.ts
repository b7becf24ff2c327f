import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * Makes a course as the Generate page does: an outline from the fake model, then the course from it.
 * A language other than English needs a paid account (the Free plan writes in English only).
 */
export async function createCourseViaApi(page: Page, topic: string, language = "English"): Promise<string> {
  const outline = await page.request.post("/api/prompt", {
    data: { topic, subtopics: [], topicsLimit: "4", courseType: "Text & Image Course", language },
  });
  expect(outline.status()).toBe(200);
  const { generatedText, outlineId } = (await outline.json()) as { generatedText: string; outlineId: string };
  const course = await page.request.post("/api/course", {
    data: { mainTopic: topic, type: "Text & Image Course", lang: language, content: generatedText, outlineId },
  });
  expect(course.status()).toBe(201);
  return ((await course.json()) as { courseId: string }).courseId;
}

/** Writes every lesson through the API and waits for the last one: only a whole course is offered or given. */
export async function writeEveryLesson(page: Page, courseId: string) {
  expect((await page.request.post(`/api/courses/${courseId}/write-all`)).ok()).toBe(true);
  await expect
    .poll(
      async () => {
        const progress = (await (await page.request.get(`/api/courses/${courseId}/progress`)).json()) as {
          written: number;
          total: number;
        };
        return progress.written === progress.total;
      },
      { timeout: 90_000 },
    )
    .toBe(true);
}
