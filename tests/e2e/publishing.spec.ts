import { expectAxeCleanInBothThemes } from "./axe";
import { createCourseViaApi, writeEveryLesson } from "./courses";
import { expect, LOCALES, signUpViaApi, test, useLocale, waitForHydration, type Locale } from "./fixtures";

/**
 * Drafts and publishing (issue 35, decision 043): a learner reads the first lesson of an unlisted
 * course; its owner edits the lesson, which the learner does not see yet, reviews the change on
 * the publish page and publishes it. The learner's viewer then says "Updated since you read it",
 * shows what changed, and stops saying it once they have seen it; the lesson stays done.
 */
const copy = {
  pt: {
    text: "Texto da aula",
    save: "Salvar",
    saved: "Salvo como revisão",
    review: "Revisar e publicar",
    count: "1 lição mudou",
    publish: "Publicar a versão 2",
    empty: "os alunos leem a versão 2",
    updated: "Atualizada desde que você a leu",
    show: "Ver o que mudou",
    seen: "Entendi",
    added: "Adicionado:",
  },
  en: {
    text: "Lesson text",
    save: "Save",
    saved: "Saved as revision",
    review: "Review and publish",
    count: "1 lesson changed",
    publish: "Publish version 2",
    empty: "learners read version 2",
    updated: "Updated since you read it",
    show: "See what changed",
    seen: "Got it",
    added: "Added:",
  },
} as const;

for (const locale of LOCALES) {
  const c = copy[locale as Locale];

  test(`an author's edit waits in a draft, is published, and its learner is told what changed (${locale})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    await useLocale(page, locale as Locale);
    await signUpViaApi(page, "Ana Autora");
    const courseId = await createCourseViaApi(page, `Publishing ${locale} ${Date.now()}`);
    await writeEveryLesson(page, courseId);
    expect((await page.request.patch(`/api/courses/${courseId}`, { data: { visibility: "unlisted" } })).ok()).toBe(
      true,
    );
    const outline = (await (await page.request.get(`/api/courses/${courseId}/outline`)).json()) as {
      topics: { lessons: { id: string }[] }[];
    };
    const lessonId = outline.topics[0].lessons[0].id;

    const learnerContext = await browser.newContext();
    const learner = await learnerContext.newPage();
    try {
      await useLocale(learner, locale as Locale);
      await signUpViaApi(learner, "Lia Aluna");
      expect((await learner.request.post(`/api/courses/${courseId}/enroll`)).ok()).toBe(true);
      await learner.goto(`/course/${courseId}`);
      const theory = learner.getByTestId("lesson-theory");
      await expect(theory).toBeVisible({ timeout: 30_000 });

      // The owner edits the lesson: the editor says it is a draft.
      await page.goto(`/course/${courseId}/edit/${lessonId}`);
      await expect(page.getByTestId("draft-notice")).toBeVisible();
      const box = page.getByLabel(c.text);
      await waitForHydration(box);
      await box.fill(`${await box.inputValue()}\n\nAn aside on crevasses, added by hand.`);
      await page.getByRole("button", { name: c.save, exact: true }).click();
      await expect(page.getByText(c.saved)).toBeVisible();

      // The learner still reads the published text.
      await learner.reload();
      await expect(theory).toBeVisible();
      await expect(theory).not.toContainText("crevasses");
      await expect(learner.getByTestId("lesson-updated")).toHaveCount(0);

      // The owner reviews the change and publishes it.
      await page.getByRole("link", { name: c.review }).click();
      await expect(page).toHaveURL(new RegExp(`/course/${courseId}/publish$`));
      await expect(page.getByRole("heading", { name: c.count })).toBeVisible();
      await expect(page.getByTestId("publish-lesson").locator("ins")).toContainText("crevasses");
      await expectAxeCleanInBothThemes(page, `publish page (${locale})`);
      const publish = page.getByRole("button", { name: c.publish });
      await waitForHydration(publish);
      await publish.click();
      await expect(page.getByTestId("publish-empty")).toContainText(c.empty);

      // The learner reads the new text and is told it changed, with the change.
      await learner.reload();
      await expect(theory).toContainText("crevasses");
      const notice = learner.getByTestId("lesson-updated");
      await expect(notice.getByRole("heading", { name: c.updated })).toBeVisible();
      await notice.getByText(c.show).click();
      await expect(notice.locator("ins")).toContainText("crevasses");
      await expect(notice.locator("ins .sr-only").first()).toHaveText(c.added);
      await expectAxeCleanInBothThemes(learner, `updated lesson (${locale})`);
      const seen = notice.getByRole("button", { name: c.seen });
      await waitForHydration(seen);
      await seen.click();
      await expect(notice).toHaveCount(0);
      await learner.reload();
      await expect(theory).toContainText("crevasses");
      await expect(learner.getByTestId("lesson-updated")).toHaveCount(0);
    } finally {
      await learnerContext.close();
    }
  });
}
