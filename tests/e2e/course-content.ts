import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

type Sub = { title: string; theory: string; youtube: string; image: string; done: boolean };

/** The course's content JSON as the contract's list answers it. */
export async function courseContentOf(
  page: Page,
  courseId: string,
): Promise<Record<string, { title: string; subtopics: Sub[] }[]>> {
  const res = await page.request.get("/api/courses?page=1&limit=50");
  expect(res.status()).toBe(200);
  const list = (await res.json()) as { _id: string; content: string }[];
  const course = list.find((c) => c._id === courseId);
  expect(course, "the course is in the owner's list").toBeTruthy();
  return JSON.parse(course!.content);
}

/** The course's lesson ids in outline order, as the viewer's outline lists them. */
export async function lessonIdsOf(page: Page, courseId: string): Promise<string[]> {
  const viewer = await page.request.get(`/course/${courseId}`);
  expect(viewer.status()).toBe(200);
  return [...new Set([...(await viewer.text()).matchAll(/data-lesson-id="([0-9a-f-]{36})"/g)].map((m) => m[1]))];
}

/**
 * Writes lessons through the contract's /api/update, in outline order: `lessons[i]` (theory and
 * optional picture) goes to the i-th lesson, which is then opened as the viewer opens it (the
 * lesson stream serves the written text), so it is done; the lessons after stay as they are.
 * (/api/update itself only ticks lessons the learner has opened.)
 */
export async function writeLessons(
  page: Page,
  courseId: string,
  lessons: { theory: string; image?: string }[],
): Promise<string[]> {
  const content = await courseContentOf(page, courseId);
  const topics = Object.values(content)[0];
  const titles: string[] = [];
  let i = 0;
  for (const topic of topics) {
    for (const sub of topic.subtopics) {
      titles.push(sub.title);
      const lesson = lessons[i++];
      if (!lesson) continue;
      sub.theory = lesson.theory;
      if (lesson.image !== undefined) sub.image = lesson.image;
    }
  }
  const res = await page.request.post("/api/update", { data: { courseId, content: JSON.stringify(content) } });
  expect(res.status()).toBeLessThan(300);
  const ids = await lessonIdsOf(page, courseId);
  expect(ids).toHaveLength(titles.length);
  for (const lessonId of ids.slice(0, lessons.length)) {
    const opened = await page.request.post("/api/lesson/stream", { data: { courseId, lessonId } });
    expect(await opened.text()).toContain('"type":"done"');
  }
  return titles;
}

/** An 8×8 red PNG, inline: the PDF must carry it as a picture. */
export const RED_PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGO4o6aGFTEMLQkAF/tKAS/fz4YAAAAASUVORK5CYII=";
