import { expectAxeCleanInBothThemes } from "./axe";
import { createCourseViaApi } from "./courses";
import { expect, LOCALES, signUpViaApi, test, useLocale, waitForHydration, type Locale } from "./fixtures";

/**
 * Rewriting a topic with one instruction (issue 35, item 3): from the outline editor the author
 * opens "Rewrite topic 1 with AI", picks a suggestion, and every written lesson of the topic is
 * rewritten in turn by the fake model; each draft shows as a word diff, and saving it makes it
 * the lesson's text in the viewer (the course has no other learners, so the save is live).
 */
const copy = {
  pt: {
    open: "Reescrever o tópico 1 com IA",
    simpler: "Mais simples",
    run: /^Reescrever \d+ aulas?$/,
    ready: "Os rascunhos estão prontos",
    save: /^Salvar o rascunho de/,
    saved: "Salvo",
  },
  en: {
    open: "Rewrite topic 1 with AI",
    simpler: "Simpler",
    run: /^Rewrite \d+ lessons?$/,
    ready: "The drafts are ready",
    save: /^Save the draft of/,
    saved: "Saved",
  },
} as const;

for (const locale of LOCALES) {
  const c = copy[locale as Locale];

  test(`an author rewrites a topic's lessons with one instruction and saves a draft (${locale})`, async ({ page }) => {
    test.setTimeout(120_000);
    await useLocale(page, locale as Locale);
    await signUpViaApi(page, "Rita Reescreve");
    const courseId = await createCourseViaApi(page, `Topic rewrite ${locale} ${Date.now()}`);
    await page.goto(`/course/${courseId}`);
    const theory = page.getByTestId("lesson-theory");
    await expect(theory).toBeVisible({ timeout: 30_000 });
    const before = await theory.innerText();

    await page.goto(`/course/${courseId}/edit`);
    await page.getByRole("link", { name: c.open }).click();
    await expect(page).toHaveURL(new RegExp(`/course/${courseId}/edit/topic/[0-9a-f-]{36}$`));
    const simpler = page.getByRole("button", { name: c.simpler, exact: true });
    await waitForHydration(simpler);
    await simpler.click();
    await page.getByRole("button", { name: c.run }).click();
    await expect(page.getByRole("status").filter({ hasText: c.ready })).toBeVisible({ timeout: 60_000 });
    const lesson = page.getByTestId("topic-rewrite-lesson").first();
    await expect(lesson.locator("ins").first()).toBeVisible();
    await expectAxeCleanInBothThemes(page, `topic rewrite (${locale})`);
    await lesson.getByRole("button", { name: c.save }).click();
    await expect(lesson.getByText(c.saved, { exact: true })).toBeVisible();

    await page.goto(`/course/${courseId}`);
    await expect(theory).toBeVisible();
    await expect.poll(() => theory.innerText()).not.toBe(before);
  });
}
