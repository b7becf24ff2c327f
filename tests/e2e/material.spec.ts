import { seriousAxeViolations } from "./axe";
import { createCourseViaApi } from "./courses";
import { expect, LOCALES, signUpViaApi, test, useLocale, waitForHydration } from "./fixtures";

/**
 * A course's Material page (/course/{id}/material): material added there is kept with that
 * course (a reload lists it), read with its progress to "ready", and removed; the page names the
 * course, leads back to it, and is axe-clean in both themes. Another learner gets a 404.
 */
const copy = {
  pt: {
    open: "Adicionar material",
    title: "Título",
    text: "Texto",
    addText: "Adicionar texto",
    ready: /Pronto/,
    remove: "Remover",
    back: "Voltar ao curso",
    intro: "Só você pode vê-los.",
  },
  en: {
    open: "Add material",
    title: "Title",
    text: "Text",
    addText: "Add text",
    ready: /Ready/,
    remove: "Remove",
    back: "Back to the course",
    intro: "Only you can see them.",
  },
} as const;

for (const locale of LOCALES) {
  const c = copy[locale];
  test.describe(`a course's Material page (${locale})`, () => {
    test("adds pasted text to the course, keeps it across a reload, removes it, and is the owner's alone", async ({
      page,
      browser,
    }) => {
      await useLocale(page, locale);
      await signUpViaApi(page);
      const topic = `Otters ${locale} ${Date.now().toString(36)}`;
      const courseId = await createCourseViaApi(page, topic);

      await page.goto(`/course/${courseId}/material`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Material · ${topic}`);
      await expect(page.getByText(c.intro)).toBeVisible();
      const open = page.getByRole("button", { name: c.open });
      await waitForHydration(open);
      await open.click();
      const panel = page.getByTestId("sources-panel");
      await panel.getByLabel(c.title).fill("Otter notes");
      await panel
        .getByLabel(c.text, { exact: true })
        .fill("Sea otters hold hands while they sleep so that the current does not carry them apart.");
      await panel.getByRole("button", { name: c.addText }).click();
      const item = panel.getByTestId("source-item").filter({ hasText: "Otter notes" });
      await expect(item).toHaveAttribute("data-status", "ready", { timeout: 20_000 });
      await expect(item).toContainText(c.ready);
      expect(await seriousAxeViolations(page)).toEqual([]);

      // Kept with this course: a reload lists it again.
      await page.reload();
      await waitForHydration(open);
      await open.click();
      const kept = page.getByTestId("source-item").filter({ hasText: "Otter notes" });
      await expect(kept).toHaveAttribute("data-status", "ready");

      // Another learner cannot see this course's material.
      const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
      const stranger = await other.newPage();
      await useLocale(stranger, locale);
      await signUpViaApi(stranger);
      const response = await stranger.goto(`/course/${courseId}/material`);
      expect(response?.status()).toBe(404);
      await other.close();

      await kept.getByRole("button", { name: new RegExp(c.remove) }).click();
      await expect(kept).toHaveCount(0);
      await page.reload();
      await waitForHydration(open);
      await open.click();
      await expect(page.getByTestId("sources-panel")).toBeVisible();
      await expect(page.getByTestId("source-item")).toHaveCount(0);

      await page.getByRole("link", { name: c.back }).click();
      await expect(page).toHaveURL(new RegExp(`/course/${courseId}$`));
    });
  });
}
