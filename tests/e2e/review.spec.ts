import type { Page } from "@playwright/test";
import { expectAxeCleanInBothThemes } from "./axe";
import { createCourseViaApi } from "./courses";
import { expect, LOCALES, signUpViaApi, test, useLocale, waitForHydration, type Locale } from "./fixtures";

/**
 * Spaced review in both UI languages: the quiz's missed questions are the learner's cards; the
 * review screen is driven by the keyboard only (Space shows the answer, 1–4 grade, Ctrl+Z undoes
 * exactly), pass/fail mode shows two buttons, the last grade reaches "all caught up" with the
 * next due time, and the screen is axe clean in both themes with a card and when caught up.
 */
const copy = {
  pt: {
    title: "Revisão",
    again: "De novo",
    easy: "Fácil",
    good: "Bom",
    caughtUp: "Tudo em dia!",
    nextDue: /Mais cartões vencem em/,
    undone: /Avaliação desfeita/,
    passFail: "Modo acertei/errei",
  },
  en: {
    title: "Review",
    again: "Again",
    easy: "Easy",
    good: "Good",
    caughtUp: "All caught up!",
    nextDue: /More cards are due/,
    undone: /Grade undone/,
    passFail: "Pass/fail mode",
  },
} as const;

/** Takes the course's quiz once with no answers: every question missed, so each is a card. */
async function missEveryQuestion(page: Page, courseId: string): Promise<string[]> {
  const served = await page.request.post("/api/aiexam", { data: { courseId } });
  expect(served.status()).toBe(200);
  const body = (await served.json()) as { message: string; attemptId: string };
  const questions = JSON.parse(body.message) as { question: string }[];
  const graded = await page.request.post("/api/quiz/submit", {
    data: { courseId, attemptId: body.attemptId, answers: questions.map(() => "") },
  });
  expect(graded.status()).toBe(200);
  return questions.map((q) => q.question);
}

for (const locale of LOCALES) {
  const c = copy[locale as Locale];

  test(`reviews the missed questions with the keyboard, undoes, and is all caught up (${locale})`, async ({ page }) => {
    await useLocale(page, locale);
    await signUpViaApi(page);
    const courseId = await createCourseViaApi(page, `Review ${locale} ${Date.now()}`);
    const questions = await missEveryQuestion(page, courseId);
    expect(questions.length).toBeGreaterThanOrEqual(5);

    await page.goto("/dashboard/review");
    await expect(page.getByRole("heading", { level: 1, name: c.title })).toBeVisible();
    const front = page.getByTestId("review-front");
    await expect(front).toBeVisible();
    await waitForHydration(page.getByTestId("review-reveal"));
    expect(questions).toContain(await front.textContent());
    await expectAxeCleanInBothThemes(page, `review card (${locale})`);

    // Space shows the answer; the four buttons show their intervals.
    const first = await front.textContent();
    await page.keyboard.press("Space");
    await expect(page.getByTestId("review-back")).toBeVisible();
    for (const rating of [1, 2, 3, 4]) await expect(page.getByTestId(`review-grade-${rating}`)).toBeVisible();
    await expect(page.getByTestId("review-grade-4")).toContainText(c.easy);
    await expectAxeCleanInBothThemes(page, `review answer (${locale})`);

    // 4 grades Easy: the next card comes. Ctrl+Z brings the first back, unrevealed.
    // (The count of cards left tells the next card from the first: two fake questions can match.)
    const left = page.getByTestId("review-left");
    await expect(left).toHaveText(new RegExp(`^${questions.length}\\D`));
    await page.keyboard.press("4");
    await expect(left).toHaveText(new RegExp(`^${questions.length - 1}\\D`));
    await page.keyboard.press("Control+z");
    await expect(left).toHaveText(new RegExp(`^${questions.length}\\D`));
    await expect(front).toHaveText(first!);
    await expect(page.getByTestId("review-back")).toHaveCount(0);
    await expect(page.getByTestId("review-announcement")).toHaveText(c.undone);

    // Pass/fail mode: Again and Good only.
    await page.getByLabel(c.passFail).check();
    // Keys typed into a form field are its own: back to the card first.
    await page.getByTestId("review-card").focus();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("review-grade-2")).toHaveCount(0);
    await expect(page.getByTestId("review-grade-4")).toHaveCount(0);
    await expect(page.getByTestId("review-grade-3")).toContainText(c.good);
    await page.getByLabel(c.passFail).uncheck();
    await page.getByTestId("review-card").focus();

    // Every card Easy, by keyboard: all caught up, with when the next is due. The count of cards
    // left moves with each grade, so each key press is made on the card it is meant for.
    const back = page.getByTestId("review-back");
    for (let left = questions.length; left > 0; left--) {
      await expect(page.getByTestId("review-left")).toHaveText(new RegExp(`^${left}\\D`));
      if ((await back.count()) === 0) await page.keyboard.press("Space");
      await expect(back).toBeVisible();
      await page.keyboard.press("4");
    }
    const caughtUp = page.getByTestId("review-caught-up");
    await expect(caughtUp).toContainText(c.caughtUp);
    await expect(caughtUp).toContainText(c.nextDue);
    await expectAxeCleanInBothThemes(page, `review caught up (${locale})`);

    // The course's cards can be exported for Anki.
    const csv = await page.request.get(`/api/courses/${courseId}/cards.csv`);
    expect(csv.status()).toBe(200);
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines.slice(0, 3)).toEqual(["#separator:Comma", "#html:false", "#tags column:3"]);
    expect(lines).toHaveLength(3 + questions.length);
  });
}

test("works on a phone: large grade buttons, no horizontal scroll", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await useLocale(page, "en");
  await signUpViaApi(page);
  const courseId = await createCourseViaApi(page, `Review phone ${Date.now()}`);
  await missEveryQuestion(page, courseId);
  await page.goto("/dashboard/review");
  const reveal = page.getByTestId("review-reveal");
  await waitForHydration(reveal);
  await reveal.click();
  const again = page.getByTestId("review-grade-1");
  const box = await again.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  expect(box!.width).toBeGreaterThanOrEqual(120);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test("grades offline are queued and sent in order once back online", async ({ page, context }) => {
  await useLocale(page, "en");
  await signUpViaApi(page);
  const courseId = await createCourseViaApi(page, `Review offline ${Date.now()}`);
  const questions = await missEveryQuestion(page, courseId);
  await page.goto("/dashboard/review");
  const reveal = page.getByTestId("review-reveal");
  await waitForHydration(reveal);
  await expect(page.getByTestId("review-left")).toHaveText(new RegExp(`^${questions.length}\\D`));

  await context.setOffline(true);
  for (const left of [questions.length, questions.length - 1]) {
    await expect(page.getByTestId("review-left")).toHaveText(new RegExp(`^${left}\\D`));
    await page.keyboard.press("Space");
    await expect(page.getByTestId("review-back")).toBeVisible();
    await page.keyboard.press("4");
  }
  await expect(page.getByTestId("review-left")).toHaveText(new RegExp(`^${questions.length - 2}\\D`));
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("aula-offline-review-grades") ?? "[]").length)).toBe(
    2,
  );

  await context.setOffline(false);
  await expect(page.getByTestId("review-announcement")).toHaveText("2 offline grades sent.");
  expect(await page.evaluate(() => localStorage.getItem("aula-offline-review-grades"))).toBeNull();
  const queue = await page.request.get("/api/review/queue");
  expect(((await queue.json()) as { cards: unknown[] }).cards).toHaveLength(questions.length - 2);
});

const listCopy = {
  pt: {
    keep: "Manter",
    remove: "Excluir",
    deleted: "Cartão excluído.",
    resume: /Retomar cartão/,
    edit: "Editar cartão",
  },
  en: { keep: "Keep", remove: "Delete", deleted: "Card deleted.", resume: /Resume card/, edit: "Edit card" },
} as const;

for (const locale of LOCALES) {
  const l = listCopy[locale as Locale];
  test(`the course's card list: suspends, and deletes only when confirmed (${locale})`, async ({ page }) => {
    await useLocale(page, locale as Locale);
    await signUpViaApi(page);
    const courseId = await createCourseViaApi(page, `Review list ${locale} ${Date.now()}`);
    const questions = await missEveryQuestion(page, courseId);
    // Found by its Edit button's exact name: a filter by text would also match a card whose
    // answer holds the question's words (the fake model's phrases share a small vocabulary).
    const target = questions[0];
    await page.goto(`/dashboard/review/${courseId}/cards`);
    // In the page's main region: the confirmation toast (a list item too) quotes the card.
    const items = page
      .getByRole("main")
      .getByRole("listitem")
      .filter({ has: page.getByRole("button", { name: `${l.edit}: ${target}`, exact: true }) });
    await expect(items).toHaveCount(1);
    const first = items.first();
    await waitForHydration(first.getByRole("button").first());

    // Suspend: the button says what it will do next, and the card is marked.
    await first.getByRole("button").nth(1).click();
    await expect(first.getByRole("button", { name: l.resume })).toHaveAttribute("aria-pressed", "true");

    // Delete asks first; "Keep" keeps the card.
    await first.getByRole("button").nth(2).click();
    await page.getByRole("button", { name: l.keep, exact: true }).click();
    await expect(items).toHaveCount(1);
    // The question's toast has gone before it is asked again.
    await expect(page.getByRole("button", { name: l.keep, exact: true })).toHaveCount(0);
    // Confirmed, the card is gone from the page and from the server.
    await first.getByRole("button").nth(2).click();
    await page.getByRole("button", { name: l.remove, exact: true }).click();
    await expect(page.getByText(l.deleted)).toBeVisible();
    await expect(items).toHaveCount(0);
    const listed = await page.request.get(`/api/review/cards?courseId=${courseId}`);
    expect(listed.status()).toBe(200);
    const { cards } = (await listed.json()) as { cards: { front: string }[] };
    expect(cards.map((card) => card.front)).not.toContain(target);
    expect(cards).toHaveLength(questions.length - 1);
  });
}
