import type { Page } from "@playwright/test";
import en from "../../messages/en.json";
import pt from "../../messages/pt.json";
import { expectAxeCleanInBothThemes } from "./axe";
import { lessonIdsOf } from "./course-content";
import { createCourseViaApi } from "./courses";
import {
  expect,
  type Locale,
  LOCALES,
  signInViaApi,
  signUpViaApi,
  test,
  useLocale,
  waitForHydration,
} from "./fixtures";
import { completeCourseViaApi } from "./quiz-helpers";

/**
 * Issue 33, items 5 (second half), 7 and 8 (the certificate's date), in pt and en: the last
 * lesson leads to "Next: {topic} Quiz"; the quiz page shows the last and best marks; the
 * explanation's label keeps the UI's direction outside its `dir="auto"` text; in a course with
 * material, the review lesson cites it and a retest with nothing new to ask says so and offers
 * the regular quiz; the certificate page writes its date in the reader's language.
 */
const copy = { pt, en } as const;
const other = (locale: Locale): Locale => (locale === "pt" ? "en" : "pt");

/** A message's `{name}` arguments filled in. */
const fill = (message: string, values: Record<string, string | number>) =>
  message.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));

type Attempt = { attemptId: string; questions: { question: string }[] };

async function serve(page: Page, courseId: string): Promise<Attempt> {
  const served = await page.request.post("/api/aiexam", { data: { courseId } });
  expect(served.status()).toBe(200);
  const body = (await served.json()) as { message: string; attemptId: string };
  return { attemptId: body.attemptId, questions: JSON.parse(body.message) };
}

/** An attempt with nothing answered: counted, 0 right. */
async function failQuiz(page: Page, courseId: string): Promise<number> {
  const attempt = await serve(page, courseId);
  const graded = await page.request.post("/api/quiz/submit", {
    data: { courseId, attemptId: attempt.attemptId, answers: attempt.questions.map(() => "") },
  });
  expect(graded.status()).toBe(200);
  return attempt.questions.length;
}

/** The learner's notes on otters, a Markdown file: its headings become the outline's topics. */
const OTTERS = [
  "# Sleeping",
  "",
  "Sea otters hold hands while they sleep so that the current does not carry them apart.",
  "",
  "# Tools",
  "",
  "Sea otters keep a favourite stone in a pouch of skin under the arm to crack open shells.",
  "",
  "# Fur",
  "",
  "A sea otter grooms its dense fur for hours each day to trap the air that keeps it warm.",
  "",
].join("\n");

/**
 * A course made from the learner's material, as the Generate page makes it: the file read, the
 * outline asked with it (its topics the file's headings), the course from that outline.
 */
async function courseFromMaterial(page: Page, topic: string): Promise<string> {
  const added = await page.request.post("/api/sources", {
    multipart: { file: { name: "otters.md", mimeType: "text/markdown", buffer: Buffer.from(OTTERS) } },
  });
  expect(added.status()).toBe(202);
  const { sourceId } = (await added.json()) as { sourceId: string };
  await expect
    .poll(
      async () => ((await (await page.request.get(`/api/sources/${sourceId}`)).json()) as { status?: string }).status,
      { timeout: 30_000 },
    )
    .toBe("ready");
  const outline = await page.request.post("/api/prompt", {
    data: {
      topic,
      subtopics: [],
      topicsLimit: "4",
      courseType: "Text & Image Course",
      language: "English",
      sourceIds: [sourceId],
    },
  });
  expect(outline.status()).toBe(200);
  const { generatedText, outlineId } = (await outline.json()) as { generatedText: string; outlineId: string };
  const course = await page.request.post("/api/course", {
    data: { mainTopic: topic, type: "Text & Image Course", lang: "English", content: generatedText, outlineId },
  });
  expect(course.status()).toBe(201);
  return ((await course.json()) as { courseId: string }).courseId;
}

/** Past the quiz page's 1.5 s skeleton: its intro, hydrated. */
async function quizIntro(page: Page, start: string) {
  const button = page.getByRole("button", { name: start });
  await waitForHydration(button);
  return button;
}

for (const locale of LOCALES) {
  const m = copy[locale];

  test.describe(`the quiz's walk (${locale})`, () => {
    test.beforeEach(async ({ page }) => {
      await useLocale(page, locale);
    });

    test("the last lesson leads to the quiz, whose page shows the last and the best mark", async ({ page }) => {
      test.setTimeout(90_000);
      await signUpViaApi(page);
      const topic = `Marés ${locale} ${Date.now()}`;
      const courseId = await createCourseViaApi(page, topic);
      const ids = await lessonIdsOf(page, courseId);

      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`/course/${courseId}?lesson=${ids.at(-1)}`);
        const next = page.getByTestId("next-quiz");
        await expect(next).toHaveText(fill(m.viewer.nextQuiz.replace(/<\/?title>/g, ""), { topic }));
        const box = await next.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return { right: r.right, inner: window.innerWidth };
        });
        expect(box.right).toBeLessThanOrEqual(box.inner);
      }
      await expect(page.getByTestId("lesson-theory")).toBeVisible({ timeout: 30_000 });
      await expectAxeCleanInBothThemes(page, `the last lesson (${locale})`);
      await page.getByTestId("next-quiz").click();
      await expect(page).toHaveURL(new RegExp(`/course/${courseId}/quiz$`));
      await quizIntro(page, m.quiz.start);
      // No attempt yet: nothing to show.
      await expect(page.getByTestId("quiz-marks")).toHaveCount(0);

      // One failed attempt, then one passed: the last is the pass, the best too.
      const total = await failQuiz(page, courseId);
      await page.reload();
      await quizIntro(page, m.quiz.start);
      const none = fill(m.quiz.markValue, { score: 0, total, percent: 0 });
      await expect(page.getByTestId("quiz-last-mark")).toHaveText(none);
      await expect(page.getByTestId("quiz-best-mark")).toHaveText(none);
      await expect(page.getByTestId("quiz-marks")).toContainText(m.quiz.lastMark);
      await expect(page.getByTestId("quiz-marks")).toContainText(m.quiz.bestMark);

      await completeCourseViaApi(page, courseId);
      await failQuiz(page, courseId);
      await page.reload();
      await quizIntro(page, m.quiz.start);
      await expect(page.getByTestId("quiz-last-mark")).toHaveText(none);
      await expect(page.getByTestId("quiz-best-mark")).toHaveText(
        fill(m.quiz.markValue, { score: total, total, percent: 100 }),
      );
      await expectAxeCleanInBothThemes(page, `the quiz page with marks (${locale})`);
    });

    test("the explanation's label keeps the UI's direction, the explanation its own", async ({ page }) => {
      test.setTimeout(90_000);
      // A right-to-left course needs a paid plan: the seeded paid account.
      await signInViaApi(page, { email: "paid-4@e2e.test", password: "e2e-password-1" });
      const courseId = await createCourseViaApi(page, `Explanations ${locale} ${Date.now()}`, "Arabic");
      await page.goto(`/course/${courseId}/quiz`);
      await page.clock.install();
      await page.reload();
      await page.clock.runFor(1600);
      const start = await quizIntro(page, m.quiz.start);
      await start.click();
      await expect(page.getByTestId("quiz-timer")).toBeVisible();
      // The clock runs out: the results, with an explanation per question.
      await page.clock.runFor(11 * 60_000);
      const explanation = page.getByTestId("quiz-explanation").first();
      await expect(explanation).toBeVisible();
      const read = await explanation.evaluate((el) => ({
        dir: el.getAttribute("dir"),
        direction: getComputedStyle(el).direction,
        label: el.previousElementSibling?.textContent ?? "",
        labelDirection: el.previousElementSibling ? getComputedStyle(el.previousElementSibling).direction : "",
        text: el.textContent ?? "",
      }));
      expect(read).toMatchObject({ dir: "auto", direction: "rtl", label: m.quiz.explanation, labelDirection: "ltr" });
      expect(read.text).not.toContain(m.quiz.explanation);
      await expectAxeCleanInBothThemes(page, `the quiz results of a right-to-left course (${locale})`);
    });

    test("the certificate page writes its date in the reader's language", async ({ page }) => {
      test.setTimeout(120_000);
      // Issued while the learner used the other language: the certificate's own is that one.
      await useLocale(page, other(locale));
      await signUpViaApi(page);
      const courseId = await createCourseViaApi(page, `Certificate date ${locale} ${Date.now()}`);
      await completeCourseViaApi(page, courseId);
      await useLocale(page, locale);
      await page.goto(`/course/${courseId}/certificate`);
      const date = new Intl.DateTimeFormat(locale === "pt" ? "pt-BR" : "en-US", {
        dateStyle: "long",
        timeZone: "UTC",
      }).format(new Date());
      await expect(page.getByText(fill(m.quiz.certificate.on, { date }))).toBeVisible();
    });

    test("in a course with material: the review lesson cites it; a retest with nothing new says so and offers the quiz", async ({
      page,
    }) => {
      test.setTimeout(150_000);
      await signUpViaApi(page);
      const courseId = await courseFromMaterial(page, `Otters ${locale} ${Date.now()}`);
      await failQuiz(page, courseId);

      // "Review what I missed": the review lesson is written from the material, citing it.
      const remediation = await page.request.post("/api/quiz/remediation", { data: { courseId } });
      expect(remediation.status()).toBe(200);
      const review = ((await remediation.json()) as { lessons: { id: string }[] }).lessons[0];
      await page.goto(`/course/${courseId}?lesson=${review.id}`);
      await expect(page.getByTestId("lesson-theory")).toBeVisible({ timeout: 60_000 });
      const sources = page.getByTestId("lesson-sources");
      await expect(sources).toContainText("otters");
      await expect(page.getByTestId("lesson-theory").locator("sup").first()).toBeVisible();

      // The retest: the material holds no question not asked already. Said, and the quiz offered.
      await page.goto(`/course/${courseId}/quiz?retest=1`);
      const start = await quizIntro(page, m.remediation.retestStart);
      await start.click();
      const notice = page.getByTestId("quiz-no-fresh");
      await expect(notice).toHaveRole("alert");
      await expect(notice).toContainText(m.api.quiz.noFreshQuestions, { timeout: 30_000 });
      await expectAxeCleanInBothThemes(page, `a retest with nothing new to ask (${locale})`);
      await notice.getByRole("button", { name: m.remediation.regularQuiz }).click();
      await expect(page.getByTestId("quiz-timer")).toBeVisible();
    });
  });
}
