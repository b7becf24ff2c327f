import type { Page } from "@playwright/test";
import { expect, LOCALES, signUpViaApi, test, toast, useLocale, waitForHydration } from "./fixtures";
import { seriousAxeViolations } from "./axe";
import { createCourseViaApi } from "./courses";

/** The fake model of tests/fakes/, started by scripts/e2e-server.mjs on E2E_PORT + 10. */
const FAKE_MODEL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 10}`;

const copy = {
  pt: {
    action: "Escrever todas as aulas",
    progress: /Escrevendo as aulas: \d+ de \d+/,
    started: /Escrevendo \d+ aulas/,
    stop: "Parar",
    stopped: "A escrita das aulas foi interrompida.",
    finished: "Todas as aulas estão escritas",
    missing: /aulas ainda não foram escritas: escrever antes\?/,
    writeFirst: "Escrever antes",
    anyway: "Continuar assim",
    export: "Exportar",
    courseContent: "Conteúdo do Curso",
    actions: (topic: string) => new RegExp(`${topic}`),
  },
  en: {
    action: "Write all lessons",
    progress: /Writing lessons: \d+ of \d+/,
    started: /Writing \d+ lessons/,
    stop: "Stop",
    stopped: "Stopped writing the lessons.",
    finished: "Every lesson is written",
    missing: /lessons are not written yet: write them first\?/,
    writeFirst: "Write them first",
    anyway: "Continue anyway",
    export: "Export",
    courseContent: "Course Content",
    actions: (topic: string) => new RegExp(`${topic}`),
  },
} as const;

type Progress = { written: number; total: number; failed: number; running: number; queued: number; batch: number };

async function progressOf(page: Page, courseId: string): Promise<Progress> {
  const answer = await page.request.get(`/api/courses/${courseId}/progress`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as Progress;
}

/** This course's lessons stream at `tokensPerSecond` (the fake matches the topic in every prompt). */
async function paceLessons(page: Page, topic: string, tokensPerSecond: number) {
  const paced = await page.request.post(`${FAKE_MODEL}/__fake/script`, {
    data: { behaviour: "ok", match: topic, tokensPerSecond },
  });
  expect(paced.ok()).toBe(true);
}

for (const locale of LOCALES) {
  const c = copy[locale];

  test.describe(`Write all lessons (${locale})`, () => {
    test("writes every lesson in the background, with progress per topic, after the page is left", async ({ page }) => {
      test.setTimeout(120_000);
      await useLocale(page, locale);
      await signUpViaApi(page);
      const topic = `Glaciers ${locale} ${Date.now()}`;
      const courseId = await createCourseViaApi(page, topic);
      await paceLessons(page, topic, 150);
      const before = await progressOf(page, courseId);
      expect(before.written).toBeLessThan(before.total);

      await page.goto(`/course/${courseId}`);
      const action = page.getByRole("button", { name: c.action });
      await waitForHydration(action);
      await action.click();
      await expect(page.getByRole("status").filter({ hasText: c.progress })).toBeVisible();
      await expect(page.getByTestId("topic-written").first()).toBeVisible();

      // No serious finding with the progress on screen.
      expect(await seriousAxeViolations(page)).toEqual([]);

      // The tab goes elsewhere: the lessons go on being written on the server.
      await page.goto("/dashboard");
      await expect.poll(async () => (await progressOf(page, courseId)).written, { timeout: 90_000 }).toBe(before.total);
      expect(await progressOf(page, courseId)).toMatchObject({ failed: 0, running: 0, queued: 0, batch: 0 });

      // Back in the course: nothing left to write, and the last lesson opens with its text at once.
      await page.goto(`/course/${courseId}`);
      await waitForHydration(page.getByRole("button", { name: c.export, exact: true }));
      await expect(page.getByRole("button", { name: c.action })).toHaveCount(0);
      await page.locator("#course-outline").getByRole("button").last().click();
      await expect(page.getByTestId("lesson-theory")).toBeVisible();
      await expect(page.getByTestId("lesson-stream")).toHaveCount(0);
    });

    test("is stopped, and a PDF asks to write the missing lessons first", async ({ page }) => {
      test.setTimeout(120_000);
      await useLocale(page, locale);
      await signUpViaApi(page);
      const topic = `Volcanoes ${locale} ${Date.now()}`;
      const courseId = await createCourseViaApi(page, topic);
      // Slow enough that most lessons are still waiting when Stop is pressed (and within the
      // e2e server's 12 s budget for a lesson).
      await paceLessons(page, topic, 40);

      await page.goto(`/course/${courseId}`);
      const action = page.getByRole("button", { name: c.action });
      await waitForHydration(action);
      await action.click();
      await expect(page.getByRole("status").filter({ hasText: c.progress })).toBeVisible();
      await page.getByTestId("write-all-stop").click();
      await expect(toast(page, c.stopped)).toBeVisible();
      await expect(page.getByRole("button", { name: c.action })).toBeVisible();
      // The batch is over (the next lesson the viewer writes ahead may still be on its way).
      const stopped = await progressOf(page, courseId);
      expect(stopped).toMatchObject({ batch: 0 });
      expect(stopped.written).toBeLessThan(stopped.total);

      // Export > PDF: "n lessons are not written yet: write them first?", a dialog (once the toasts
      // are gone from over the header: sonner keeps a hovered one).
      await page.mouse.move(0, 700);
      await expect(
        page.getByRole("region", { name: /^(Notifications|Notificações)$/ }).getByRole("listitem"),
      ).toHaveCount(0, { timeout: 15_000 });
      await page.getByRole("button", { name: c.export, exact: true }).click();
      await page.getByRole("menuitem", { name: "PDF" }).click();
      const question = page.getByRole("alertdialog", { name: c.missing });
      await expect(question).toBeVisible();
      await question.getByRole("button", { name: c.writeFirst }).click();
      const started = toast(page, "").filter({ hasText: c.started });
      await expect(started).toBeVisible();
      const queued = await progressOf(page, courseId);
      expect(queued.batch).toBeGreaterThan(0);
      // The viewer's header follows the lessons started from the question.
      await expect(page.getByRole("status").filter({ hasText: c.progress })).toBeVisible();
      // Sonner keeps a hovered toast: move away and let it go before using the header again.
      await page.mouse.move(0, 700);
      await expect(started).toBeHidden({ timeout: 15_000 });

      // Asked again, "continue anyway" downloads the PDF as it is.
      await page.getByRole("button", { name: c.export, exact: true }).click();
      const download = page.waitForEvent("download", { timeout: 90_000 });
      await page.getByRole("menuitem", { name: "PDF" }).click();
      const again = page.getByRole("alertdialog", { name: c.missing });
      await again.getByRole("button", { name: c.anyway }).click();
      expect((await download).suggestedFilename()).toBe(`${topic}.pdf`);
      // Leave the machine to the other specs.
      expect((await page.request.delete(`/api/courses/${courseId}/write-all`)).status()).toBe(200);
    });

    test("from the course card's menu, and in the phone's outline drawer", async ({ page }) => {
      test.setTimeout(90_000);
      await useLocale(page, locale);
      await signUpViaApi(page);
      const topic = `Rivers ${locale} ${Date.now()}`;
      const courseId = await createCourseViaApi(page, topic);
      await paceLessons(page, topic, 40);

      // On a phone, the outline drawer offers it.
      await page.setViewportSize({ width: 390, height: 800 });
      await page.goto(`/course/${courseId}`);
      const bar = page.getByTestId("mobile-bar");
      await waitForHydration(bar.getByRole("button", { name: c.courseContent }));
      await bar.getByRole("button", { name: c.courseContent }).click();
      const drawer = page.getByRole("dialog", { name: c.courseContent });
      await expect(drawer.getByRole("button", { name: c.action })).toBeVisible();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);

      // The dashboard card's menu starts it.
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto("/dashboard");
      const card = page.locator(`[id="course-${courseId}"]`).locator("xpath=ancestor::article");
      const menu = card.getByRole("button", { name: c.actions(topic) });
      await waitForHydration(menu);
      await menu.click();
      await page.getByRole("menuitem", { name: c.action }).click();
      await expect(toast(page, "").filter({ hasText: c.started })).toBeVisible();
      const after = await progressOf(page, courseId);
      expect(after.batch + after.written).toBeGreaterThan(1);
      expect((await page.request.delete(`/api/courses/${courseId}/write-all`)).status()).toBe(200);
    });
  });
}
