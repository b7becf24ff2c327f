import type { Locator } from "@playwright/test";
import { expectAxeCleanInBothThemes } from "./axe";
import { createCourseViaApi } from "./courses";
import { expect, LOCALES, signUpViaApi, test, useLocale, waitForHydration, type Locale } from "./fixtures";

/**
 * Author mode, the outline (issue 35): from the lesson's menu the owner opens the outline editor,
 * renames a topic, moves a topic with the keyboard alone (Alt+↑ in its title, the focus staying
 * on it) and a lesson by dragging it, adds a lesson, removes one; saved, the viewer shows the new
 * outline. The removed lesson is then restored from the editor and is back in the viewer.
 */
const copy = {
  pt: {
    lessonMenu: "Opções da aula",
    editOutline: "Editar o sumário",
    topicTitle: (n: number) => `Título do tópico ${n}`,
    lessonTitle: (n: number, topic: number) => `Título da aula ${n} do tópico ${topic}`,
    removeLesson: (n: number, topic: number) => `Remover a aula ${n} do tópico ${topic}`,
    addLesson: (n: number) => `Adicionar uma aula ao tópico ${n}`,
    save: "Salvar",
    saved: "Sumário salvo",
    removed: "Removidos",
    restore: (title: string) => `Restaurar “${title}”`,
    back: "Voltar ao curso",
    renamed: "Começo renomeado",
    added: "Aula nova à mão",
  },
  en: {
    lessonMenu: "Lesson options",
    editOutline: "Edit the outline",
    topicTitle: (n: number) => `Title of topic ${n}`,
    lessonTitle: (n: number, topic: number) => `Title of lesson ${n} of topic ${topic}`,
    removeLesson: (n: number, topic: number) => `Remove lesson ${n} of topic ${topic}`,
    addLesson: (n: number) => `Add a lesson to topic ${n}`,
    save: "Save",
    saved: "Outline saved",
    removed: "Removed",
    restore: (title: string) => `Restore “${title}”`,
    back: "Back to the course",
    renamed: "Renamed beginning",
    added: "A lesson added by hand",
  },
} as const;

/** The values of the inputs a locator finds, in order. */
const valuesOf = (inputs: Locator) => inputs.evaluateAll((all) => all.map((i) => (i as HTMLInputElement).value));

for (const locale of LOCALES) {
  const c = copy[locale as Locale];

  test(`an author reorders, renames, adds and removes in the outline, then restores (${locale})`, async ({ page }) => {
    test.setTimeout(120_000);
    await useLocale(page, locale as Locale);
    await signUpViaApi(page, "Olga Outline");
    const courseId = await createCourseViaApi(page, `Outline ${locale} ${Date.now()}`);
    await page.goto(`/course/${courseId}`);
    await expect(page.getByTestId("lesson-theory")).toBeVisible({ timeout: 30_000 });
    const menu = page.getByRole("button", { name: c.lessonMenu });
    await waitForHydration(menu);
    await menu.click();
    await page.getByRole("menuitem", { name: c.editOutline }).click();
    await expect(page).toHaveURL(new RegExp(`/course/${courseId}/edit$`));

    const topicTitles = page.getByTestId("outline-topic").locator(":scope > div input");
    await expect(topicTitles.first()).not.toHaveValue("");
    const before = await valuesOf(topicTitles);
    expect(before.length).toBeGreaterThanOrEqual(2);
    await expectAxeCleanInBothThemes(page, `outline editor (${locale})`);

    // Rename the first topic; move the second up from the keyboard: the focus stays on its title.
    const first = page.getByLabel(c.topicTitle(1), { exact: true });
    await waitForHydration(first);
    await first.fill(c.renamed);
    const second = page.getByLabel(c.topicTitle(2), { exact: true });
    await second.focus();
    await page.keyboard.press("Alt+ArrowUp");
    await expect.poll(() => valuesOf(topicTitles)).toEqual([before[1], c.renamed, ...before.slice(2)]);
    await expect(page.getByLabel(c.topicTitle(1), { exact: true })).toBeFocused();

    // Drag the second lesson of (now) topic 2 above its first.
    const lessons = page.getByTestId("outline-topic").nth(1).getByTestId("outline-lesson");
    const lessonTitles = await valuesOf(lessons.locator("input"));
    expect(lessonTitles.length).toBeGreaterThanOrEqual(2);
    await lessons.nth(1).getByTestId("lesson-handle").dragTo(lessons.nth(0));
    await expect
      .poll(() => valuesOf(lessons.locator("input")))
      .toEqual([lessonTitles[1], lessonTitles[0], ...lessonTitles.slice(2)]);

    // Remove the lesson now first in topic 2; add one to topic 1.
    const removedTitle = lessonTitles[1];
    await page.getByRole("button", { name: c.removeLesson(1, 2) }).click();
    await page.getByRole("button", { name: c.addLesson(1) }).click();
    const topicOne = page.getByTestId("outline-topic").first().getByTestId("outline-lesson");
    await expect(topicOne.last().locator("input")).toBeFocused();
    await topicOne.last().locator("input").fill(c.added);
    await expect(page.getByTestId("outline-removed")).toContainText(removedTitle);
    await page.getByRole("button", { name: c.save, exact: true }).click();
    await expect(page.getByText(c.saved)).toBeVisible();
    await expectAxeCleanInBothThemes(page, `outline editor after a save (${locale})`);

    // The viewer reads the new outline: moved, renamed, added, and without the removed lesson.
    await page.getByRole("link", { name: c.back }).click();
    const outline = page.locator("#course-outline");
    await expect(outline).toContainText(c.renamed, { timeout: 15_000 });
    await expect(outline).toContainText(c.added);
    await expect(outline).not.toContainText(removedTitle);
    const text = (await outline.innerText()).replace(/\s+/g, " ");
    expect(text.indexOf(before[1])).toBeLessThan(text.indexOf(c.renamed));

    // Restored from the editor: it is back at the end of its topic.
    await page.goto(`/course/${courseId}/edit`);
    const restore = page.getByRole("button", { name: c.restore(removedTitle) });
    await waitForHydration(restore);
    await restore.click();
    await expect(
      page.getByTestId("outline-topic").nth(1).getByTestId("outline-lesson").last().locator("input"),
    ).toHaveValue(removedTitle);
    await page.getByRole("button", { name: c.save, exact: true }).click();
    await expect(page.getByText(c.saved)).toBeVisible();
    await expect(page.getByTestId("outline-removed")).toHaveCount(0);
    await page.goto(`/course/${courseId}`);
    await expect(page.locator("#course-outline")).toContainText(removedTitle, { timeout: 15_000 });
  });
}
