import type { Page } from "@playwright/test";
import { expectAxeCleanInBothThemes } from "./axe";
import { createCourseViaApi } from "./courses";
import { expect, LOCALES, signUpViaApi, test, toast, useLocale, waitForHydration, type Locale } from "./fixtures";

const copy = {
  pt: {
    share: "Compartilhar",
    openEnrolment: "Permitir inscrições: copiar link",
    unwritten: "Escreva todas as aulas primeiro",
    writeAll: "Escrever todas as aulas",
    open: "inscrições abertas",
    eyebrow: "Inscrições abertas",
    enrol: "Inscrever-se grátis",
    enrolled: "Cursos em que estou inscrito",
    leave: (topic: string) => `Sair de ${topic}`,
    leaveConfirm: "Sair do curso",
    left: "Você saiu do curso",
  },
  en: {
    share: "Share",
    openEnrolment: "Let others enrol: copy link",
    unwritten: "Write every lesson first",
    writeAll: "Write all lessons",
    open: "enrolment is open",
    eyebrow: "Open for enrolment",
    enrol: "Enrol for free",
    enrolled: "Courses I'm enrolled in",
    leave: (topic: string) => `Leave ${topic}`,
    leaveConfirm: "Leave course",
    left: "You left the course",
  },
} as const;

async function everyLessonWritten(page: Page, courseId: string) {
  await expect
    .poll(
      async () => {
        const answer = await page.request.get(`/api/courses/${courseId}/progress`);
        const progress = (await answer.json()) as { written: number; total: number };
        return progress.written === progress.total;
      },
      { timeout: 90_000 },
    )
    .toBe(true);
}

for (const locale of LOCALES) {
  const c = copy[locale as Locale];

  test(`an owner opens enrolment, a learner enrols, studies and leaves (${locale})`, async ({ page, browser }) => {
    test.setTimeout(180_000);
    await useLocale(page, locale as Locale);
    await signUpViaApi(page, "Ana Autora");
    const topic = `Tides ${locale} ${Date.now()}`;
    const courseId = await createCourseViaApi(page, topic);
    await page.goto(`/course/${courseId}`);

    // Not every lesson is written yet: the owner is offered to write them all first.
    const share = page.getByRole("button", { name: c.share, exact: true });
    await waitForHydration(share);
    await share.click();
    await page.getByRole("menuitem", { name: c.openEnrolment }).click();
    const question = page.getByRole("alertdialog", { name: c.unwritten });
    await expect(question).toBeVisible();
    await question.getByRole("button", { name: c.writeAll }).click();
    await everyLessonWritten(page, courseId);
    await share.click();
    await page.getByRole("menuitem", { name: c.openEnrolment }).click();
    // Copied, or shown to copy when the clipboard is refused: either way it says enrolment is open.
    await expect(toast(page, c.open)).toBeVisible();

    // A learner with the link: what the course is, then one click to study it.
    const learnerContext = await browser.newContext();
    const learner = await learnerContext.newPage();
    try {
      await useLocale(learner, locale as Locale);
      await signUpViaApi(learner, "Lia Aluna");
      await learner.goto(`/course/${courseId}`);
      await expect(learner.getByText(c.eyebrow)).toBeVisible();
      await expect(learner.getByRole("heading", { level: 1, name: topic })).toBeVisible();
      await expect(learner.getByText("Ana Autora", { exact: false })).toBeVisible();
      await expectAxeCleanInBothThemes(learner, `enrolment screen (${locale})`);
      const enrol = learner.getByTestId("enrol");
      await waitForHydration(enrol);
      await enrol.click();
      // The course itself, without the owner's part: no share menu, no lesson menu.
      await expect(learner.getByRole("heading", { level: 1, name: topic })).toBeVisible();
      await expect(learner.getByText(c.eyebrow)).toHaveCount(0);
      await expect(learner.getByRole("button", { name: c.share, exact: true })).toHaveCount(0);

      // My Courses lists it apart from their own; leaving asks first.
      await learner.goto("/dashboard");
      const enrolled = learner.getByRole("region", { name: c.enrolled });
      await expect(enrolled.getByText(topic)).toBeVisible();
      const leave = enrolled.getByRole("button", { name: c.leave(topic) });
      await waitForHydration(leave);
      await leave.click();
      await learner.getByRole("alertdialog").getByRole("button", { name: c.leaveConfirm }).click();
      await expect(toast(learner, c.left)).toBeVisible();
      await expect(learner.getByRole("region", { name: c.enrolled })).toHaveCount(0);
      // The link shows the enrolment screen again.
      await learner.goto(`/course/${courseId}`);
      await expect(learner.getByTestId("enrol")).toBeVisible();
    } finally {
      await learnerContext.close();
    }
  });
}
