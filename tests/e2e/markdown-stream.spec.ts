import type { Page } from "@playwright/test";
import { createCourseViaApi } from "./courses";
import { expect, LOCALES, signUpViaApi, test, toast, useLocale, waitForHydration, type Locale } from "./fixtures";

/**
 * Lessons and chat answers read well while they stream (formatted, no raw `**` or `##`), and
 * Regenerate asks first, then keeps the old text on screen until the new text arrives. Against
 * the fake model, whose lessons and answers are Markdown with headings, bold list items and code.
 */
const FAKE_MODEL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 10}`;

const copy = {
  pt: {
    chat: "Assistente do Curso",
    ask: "Faça uma pergunta…",
    lessonMenu: "Opções da aula",
    regenerate: "Gerar aula novamente",
    confirmTitle: "Gerar esta aula novamente?",
    confirm: "Gerar novamente",
    cancel: "Cancelar",
    rewriting: "Reescrevendo a aula…",
    errorTitle: "Erro",
  },
  en: {
    chat: "Course Assistant",
    ask: "Ask a question…",
    lessonMenu: "Lesson options",
    regenerate: "Regenerate lesson",
    confirmTitle: "Regenerate this lesson?",
    confirm: "Regenerate",
    cancel: "Cancel",
    rewriting: "Rewriting the lesson…",
    errorTitle: "Error",
  },
} as const;

async function openCourse(page: Page, courseId: string, locale: Locale) {
  await useLocale(page, locale);
  await page.goto(`/course/${courseId}`);
  await waitForHydration(page.getByRole("button", { name: copy[locale].chat }));
}

/**
 * Watches every change of the page from now on, in `window.watch`: whether raw Markdown showed
 * in `selector`, whether formatted text did, and whether the lesson area was ever left blank.
 */
async function watch(page: Page, selector: string) {
  await page.evaluate((selector) => {
    const state = { raw: [] as string[], formatted: false, blank: false, rewriting: false, updates: 0 };
    (window as unknown as { watch: typeof state }).watch = state;
    new MutationObserver(() => {
      for (const element of document.querySelectorAll(selector)) {
        // The text a reader sees, less code blocks (where `**` may be code).
        const clone = element.cloneNode(true) as Element;
        clone.querySelectorAll("pre").forEach((pre) => pre.remove());
        const text = clone.textContent ?? "";
        if (/\*\*|##|```/.test(text)) state.raw.push(text.slice(-80));
        if (element.querySelector("strong, h2, h3")) state.formatted = true;
        state.updates += 1;
      }
      const lesson = document.querySelector('[data-testid="lesson-theory"], [data-testid="lesson-stream"]');
      if (!lesson) state.blank = true;
      if (document.querySelector('[data-testid="lesson-theory"]')?.closest('[aria-busy="true"]'))
        state.rewriting = true;
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, selector);
}

const watched = (page: Page) =>
  page.evaluate(
    () =>
      (
        window as unknown as {
          watch: { raw: string[]; formatted: boolean; blank: boolean; rewriting: boolean; updates: number };
        }
      ).watch,
  );

for (const locale of LOCALES) {
  const c = copy[locale];

  test.describe(`Markdown while streaming (${locale})`, () => {
    test("a lesson streams formatted, never as raw Markdown, and ends formatted", async ({ page }) => {
      await signUpViaApi(page);
      const topic = `Tides ${locale} ${Date.now()}`;
      const courseId = await createCourseViaApi(page, topic);
      // This course's lessons stream at 100 tokens a second (about 6 s a lesson): on a loaded
      // machine the default pace can end a lesson before the browser paints it mid-stream.
      const paced = await page.request.post(`${FAKE_MODEL}/__fake/script`, {
        data: { behaviour: "ok", match: topic, tokensPerSecond: 100 },
      });
      expect(paced.ok()).toBe(true);
      await openCourse(page, courseId, locale);
      await watch(page, '[data-testid="lesson-stream"]');
      // A lesson nobody has written yet: it streams.
      await page.locator("#course-outline").getByRole("button").nth(3).click();
      const theory = page.getByTestId("lesson-theory");
      await expect(theory).toBeVisible({ timeout: 20_000 });
      const seen = await watched(page);
      expect(seen.raw).toEqual([]);
      // Formatted while streaming, not only once whole.
      expect(seen.formatted).toBe(true);
      expect(seen.updates).toBeGreaterThan(1);
      // The lesson's own headings (its opening title heading is not repeated under the page's).
      await expect(theory.locator("h3").first()).toBeVisible();
      await expect(theory.locator("strong").first()).toBeVisible();
      await expect(theory).not.toContainText("**");
    });

    test("a chat answer is formatted while it streams and in the history", async ({ page }) => {
      await signUpViaApi(page);
      const courseId = await createCourseViaApi(page, `Rivers ${locale}`);
      await openCourse(page, courseId, locale);
      await page.getByRole("button", { name: c.chat }).click();
      const dialog = page.getByRole("dialog", { name: c.chat });
      await watch(page, '[data-testid="chat-bot-message"][aria-busy="true"]');
      await dialog.getByPlaceholder(c.ask).fill("What is a delta?");
      await dialog.getByPlaceholder(c.ask).press("Enter");
      const answer = dialog.getByTestId("chat-bot-message").last();
      await expect(answer).toHaveAttribute("aria-busy", "true");
      await expect(answer).not.toHaveAttribute("aria-busy", "true", { timeout: 20_000 });
      const seen = await watched(page);
      expect(seen.raw).toEqual([]);
      expect(seen.formatted).toBe(true);
      await expect(answer.locator("strong").first()).toBeVisible();
      await expect(answer).not.toContainText("**");

      await page.reload();
      await waitForHydration(page.getByRole("button", { name: c.chat }));
      await page.getByRole("button", { name: c.chat }).click();
      const stored = page.getByRole("dialog", { name: c.chat }).getByTestId("chat-bot-message");
      await expect(stored.locator("strong").first()).toBeVisible();
      await expect(stored.locator("h2").first()).toBeVisible();
      await expect(stored).not.toContainText("**");
      await expect(stored).not.toContainText("##");
    });

    test("Regenerate asks first, keeps the old text until the new text arrives, and keeps it when rewriting fails", async ({
      page,
    }) => {
      await signUpViaApi(page);
      const topic = `Glacier Lakes ${locale} ${Date.now()}`;
      const courseId = await createCourseViaApi(page, topic);
      await openCourse(page, courseId, locale);
      const theory = page.getByTestId("lesson-theory");
      await expect(theory).not.toBeEmpty();
      const original = await theory.innerHTML();
      const regenerate = async () => {
        await page.getByRole("button", { name: c.lessonMenu }).click();
        await page.getByRole("menuitem", { name: c.regenerate }).click();
        return page.getByRole("alertdialog", { name: c.confirmTitle });
      };

      // Cancel: nothing happens.
      let dialog = await regenerate();
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: c.cancel }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId("lesson-stream")).toHaveCount(0);
      expect(await theory.innerHTML()).toBe(original);

      // Confirm: the old text stays, marked as being rewritten, until the new text streams in.
      await watch(page, '[data-testid="lesson-stream"]');
      dialog = await regenerate();
      await dialog.getByRole("button", { name: c.confirm }).click();
      await expect
        .poll(async () => (await theory.count()) > 0 && (await theory.innerHTML()) !== original, { timeout: 20_000 })
        .toBe(true);
      await expect(theory).toBeVisible();
      let seen = await watched(page);
      expect(seen.blank).toBe(false);
      expect(seen.rewriting).toBe(true);
      expect(seen.raw).toEqual([]);
      const rewritten = await theory.innerHTML();

      // The model fails: the text on screen stays, and an error says so.
      const scripted = await page.request.post(`${FAKE_MODEL}/__fake/script`, {
        data: { behaviour: "status-500", match: topic },
      });
      expect(scripted.ok()).toBe(true);
      await watch(page, '[data-testid="lesson-stream"]');
      dialog = await regenerate();
      await dialog.getByRole("button", { name: c.confirm }).click();
      await expect(toast(page, c.errorTitle)).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole("status").filter({ hasText: c.rewriting })).toHaveCount(0);
      expect(await theory.innerHTML()).toBe(rewritten);
      seen = await watched(page);
      expect(seen.blank).toBe(false);
    });
  });
}
