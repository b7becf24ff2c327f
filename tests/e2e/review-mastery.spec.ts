import { expectAxeCleanInBothThemes, seriousAxeViolations } from "./axe";
import { createCourseViaApi } from "./courses";
import { expect, LOCALES, signUpViaApi, test, useLocale, waitForHydration, type Locale } from "./fixtures";

/**
 * A miss that teaches and "What I know" (decision 025), in both UI languages against the fake
 * model: a learner fails the quiz, asks to review what they missed, watches the review lesson
 * stream and find its place in the outline, takes a retest of questions never asked before,
 * then opens "What I know" from the sidebar; the new screens are axe-clean in both themes.
 */
const copy = {
  pt: {
    start: "Começar o quiz",
    next: "Próxima",
    finish: "Finalizar",
    failed: "Ainda não foi desta vez",
    review: "Revisar o que errei",
    badge: "Revisão",
    retest: "Fazer o novo quiz",
    retestStart: "Começar o novo quiz",
    retestTitle: "Novo quiz",
    mastery: "Domínio por tópico",
    missed: /errou \d+ de \d+ no quiz/,
    nav: "O que eu sei",
    streak: "Sequência",
    weakest: "Tópicos mais fracos",
    reviewsChart: "Revisões por dia",
  },
  en: {
    start: "Start quiz",
    next: "Next",
    finish: "Finish",
    failed: "Not passed yet",
    review: "Review what I missed",
    badge: "Review",
    retest: "Take the retest",
    retestStart: "Start the retest",
    retestTitle: "Retest",
    mastery: "Topic mastery",
    missed: /missed \d+ of \d+ in the quiz/,
    nav: "What I know",
    streak: "Streak",
    weakest: "Weakest topics",
    reviewsChart: "Reviews per day",
  },
} as const;

const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);

for (const locale of LOCALES) {
  const c = copy[locale as Locale];

  test.describe(`review what I missed and What I know (${locale})`, () => {
    test("fail the quiz, review what was missed, take the retest, see What I know", async ({ page }) => {
      test.setTimeout(180_000);
      await useLocale(page, locale);
      await signUpViaApi(page, `Mastery Learner ${locale}`);
      const courseId = await createCourseViaApi(page, `Mastery Course ${locale}`);

      // The right answers, learned from a blank attempt's results (by question text: each
      // attempt has its own order and letters), so the attempt in the page can miss them all.
      const served = await page.request.post("/api/aiexam", { data: { courseId } });
      const first = (await served.json()) as { message: string; attemptId: string };
      const questions = JSON.parse(first.message) as {
        question: string;
        options: { letter: string; text: string }[];
      }[];
      const blank = await page.request.post("/api/quiz/submit", {
        data: { courseId, attemptId: first.attemptId, answers: questions.map(() => "") },
      });
      const results = ((await blank.json()) as { results: { correct: string }[] }).results;
      const rightText = new Map(
        questions.map((q, i) => [q.question, q.options.find((o) => o.letter === results[i].correct)!.text]),
      );

      // The quiz in the page, every answer wrong: failed, and the review is offered.
      await page.goto(`/course/${courseId}/quiz`);
      const start = page.getByRole("button", { name: c.start });
      await waitForHydration(start);
      await start.click();
      let previous = "";
      for (let i = 0; i < questions.length; i++) {
        const question = page.locator("legend h1");
        if (i > 0) await expect(question).not.toHaveText(previous);
        previous = (await question.innerText()).trim();
        const wrong = page
          .locator("fieldset label")
          .filter({ hasNot: page.locator('span[dir="auto"]', { hasText: exactly(rightText.get(previous)!) }) })
          .first();
        await wrong.locator('input[type="radio"]').check();
        await page.getByRole("button", { name: i === questions.length - 1 ? c.finish : c.next }).click();
      }
      await expect(page.getByTestId("quiz-verdict")).toContainText(c.failed);

      // "Review what I missed": the viewer opens the first review lesson and streams it.
      await page.getByRole("button", { name: c.review }).click();
      await expect(page).toHaveURL(new RegExp(`/course/${courseId}\\?lesson=`));
      const notice = page.getByTestId("review-notice");
      await expect(notice).toBeVisible();
      // The fake model heads a lesson asked as a review (its prompt lists the missed questions) with ↻.
      await expect(page.locator("article")).toContainText("↻", { timeout: 60_000 });
      const outline = page.locator("#course-outline");
      await expect(outline.getByTestId("review-lesson-badge").first()).toHaveText(new RegExp(`^${c.badge}`));
      const current = outline.locator('[aria-current="page"]');
      await expect(current.getByTestId("review-lesson-badge")).toBeVisible();

      // Mastery under the outline: the quiz's topics at 0 with the reason.
      const mastery = page.getByRole("region", { name: c.mastery });
      await expect(mastery).toBeVisible();
      await expect(mastery.getByTestId("mastery-topic").first()).toBeVisible();
      await expect(mastery).toContainText(c.missed);
      expect(await seriousAxeViolations(page, "#course-outline")).toEqual([]);
      expect(await seriousAxeViolations(page, "[data-testid=review-notice]")).toEqual([]);

      // The retest: new questions, none asked before.
      await notice.getByRole("link", { name: c.retest }).click();
      await expect(page).toHaveURL(new RegExp(`/course/${courseId}/quiz\\?retest=1$`));
      await expect(page.getByRole("heading", { level: 1 })).toContainText(c.retestTitle);
      const retestStart = page.getByRole("button", { name: c.retestStart });
      await waitForHydration(retestStart);
      await retestStart.click();
      const asked = new Set(questions.map((q) => q.question));
      const retestQuestions: string[] = [];
      await expect(page.locator("legend h1")).toBeVisible();
      for (let i = 0; ; i++) {
        const question = page.locator("legend h1");
        if (i > 0) await expect(question).not.toHaveText(retestQuestions[i - 1]);
        retestQuestions.push((await question.innerText()).trim());
        await page.getByRole("radio").first().check();
        const finish = page.getByRole("button", { name: c.finish });
        if (await finish.isVisible()) {
          await finish.click();
          break;
        }
        await page.getByRole("button", { name: c.next }).click();
      }
      await expect(page.getByTestId("quiz-verdict")).toBeVisible();
      expect(retestQuestions.length).toBeGreaterThanOrEqual(5);
      for (const q of retestQuestions) expect(asked.has(q)).toBe(false);

      // What I know, from the sidebar.
      await page.goto("/dashboard");
      await page.getByRole("link", { name: c.nav }).first().click();
      await expect(page).toHaveURL(/\/dashboard\/knowledge$/);
      await expect(page.getByRole("heading", { level: 1, name: c.nav })).toBeVisible();
      await expect(page.getByTestId("knowledge-streak")).toContainText(c.streak);
      await expect(page.getByRole("img", { name: c.reviewsChart })).toBeVisible();
      await expect(page.getByTestId("knowledge-table")).toHaveCount(1);
      await expect(page.getByRole("heading", { name: c.weakest })).toBeVisible();
      await expect(page.getByTestId("weak-topic").first()).toBeVisible();
      await expectAxeCleanInBothThemes(page, `What I know (${locale})`);
    });
  });
}
