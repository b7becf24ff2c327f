import { seriousAxeViolations } from "./axe";
import type { Locator, Page } from "@playwright/test";
import { createCourseViaApi } from "./courses";
import { expect, LOCALES, signInViaApi, test, useLocale, waitForHydration } from "./fixtures";

/**
 * Right-to-left courses (issue 24): an Arabic or Hebrew course's words run right to left under
 * their own `lang` in the viewer (lesson title and text, outline), on its dashboard card, on the
 * shared page and in the print view, while the UI around them keeps the interface's language
 * and direction. Other course languages need a paid plan: the seeded paid-4 account
 * (scripts/e2e-server.mjs) makes these courses.
 */
const PAID = { email: "paid-4@e2e.test", password: "e2e-password-1" };

const COURSES = [
  { language: "Arabic", code: "ar", topic: "مقدمة في الكيمياء" },
  { language: "Hebrew", code: "he", topic: "מבוא לכימיה" },
] as const;

/** The computed direction and the nearest `lang` of an element. */
function textOf(target: Locator) {
  return target.evaluate((el) => ({
    direction: getComputedStyle(el).direction,
    lang: el.closest("[lang]")?.getAttribute("lang") ?? null,
  }));
}

async function expectCourseText(target: Locator, code: string, what: string) {
  await expect(target, what).toBeVisible();
  expect(await textOf(target), what).toEqual({ direction: "rtl", lang: code });
}

async function expectUiText(page: Page, target: Locator, locale: string, what: string) {
  await expect(target, what).toBeVisible();
  expect(await textOf(target), what).toEqual({ direction: "ltr", lang: locale });
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
}

for (const locale of LOCALES) {
  for (const course of COURSES) {
    test(`${course.language} course reads right to left in a ${locale} UI`, async ({ page }) => {
      await useLocale(page, locale);
      await signInViaApi(page, PAID);
      const topic = `${course.topic} ${locale}`;
      const courseId = await createCourseViaApi(page, topic, course.language);

      // The viewer: the lesson, its title and the outline in the course's language and direction.
      await page.goto(`/course/${courseId}`);
      const certificate = page.getByTestId("certificate-action");
      await waitForHydration(certificate);
      await expect(page.getByTestId("lesson-theory")).toBeVisible({ timeout: 30_000 });
      await expectCourseText(page.getByTestId("lesson-theory"), course.code, "lesson text");
      await expectCourseText(page.getByTestId("lesson-title"), course.code, "lesson title");
      const outline = page.locator("#course-outline");
      await expectCourseText(outline.getByRole("heading", { level: 2 }).first(), course.code, "outline topic");
      await expectCourseText(outline.locator("[data-lesson-id] span[lang]").first(), course.code, "outline lesson");
      // The UI around it keeps the interface's language and direction.
      await expectUiText(page, certificate, locale, "a UI button");
      await expectUiText(page, page.getByTestId("quiz-entry"), locale, "the quiz entry");

      // The list the lesson text holds indents on the right: its start side in a right-to-left block.
      const list = page.getByTestId("lesson-theory").locator("ul, ol").first();
      if (await list.count()) {
        const padding = await list.evaluate((el) => {
          const style = getComputedStyle(el);
          return { right: parseFloat(style.paddingRight), left: parseFloat(style.paddingLeft) };
        });
        expect(padding.right).toBeGreaterThan(0);
        expect(padding.left).toBe(0);
      }

      if (locale === "pt") {
        // No new axe finding on a right-to-left lesson (legacy mode, as tests/e2e/a11y.spec.ts says why).
        await page.waitForLoadState("networkidle");
        expect(await seriousAxeViolations(page)).toEqual([]);
      }

      // The dashboard card's title.
      await page.goto("/dashboard");
      const card = page.locator(`[id="course-${courseId}"]`);
      await expectCourseText(card, course.code, "card title");
      const continueLink = page
        .locator("article")
        .filter({ has: card })
        .getByRole("link", { name: locale === "pt" ? "Continuar aprendendo" : "Continue Learning" });
      await expectUiText(page, continueLink, locale, "the card's button");

      // The print view.
      await page.goto(`/course/${courseId}/print`);
      await expectCourseText(page.getByTestId("print-view").locator("h1"), course.code, "print title");

      // The shared page, as a visitor sees it.
      const share = await page.request.post(`/api/courses/${courseId}/share`);
      expect(share.ok()).toBe(true);
      const { shareId } = (await share.json()) as { shareId: string };
      await page.goto(`/shareable?id=${shareId}`);
      await expectCourseText(page.getByRole("heading", { level: 1 }), course.code, "shared title");
      await expectCourseText(page.getByTestId("shared-outline"), course.code, "shared outline");
      const sample = page.getByTestId("shared-sample");
      if (await sample.count()) await expectCourseText(sample, course.code, "shared sample");
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
    });
  }
}
