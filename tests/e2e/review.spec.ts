import type { Page } from "@playwright/test";
import { expectAxeCleanInBothThemes } from "./axe";
import { lessonIdsOf, writeLessons } from "./course-content";
import { createCourseViaApi } from "./courses";
import {
  expect,
  LOCALES,
  signInViaApi,
  signUpViaApi,
  test,
  useLocale,
  waitForHydration,
  type Locale,
} from "./fixtures";
import { dashboardNav } from "./pages";

/**
 * Spaced review in both UI languages: the quiz's missed questions are the learner's cards; the
 * review screen is driven by the keyboard only (Space shows the answer, 1–4 grade, Ctrl+Z undoes
 * exactly), pass/fail mode shows two buttons, the last grade reaches "all caught up" with the
 * next due time, and the screen is axe clean in both themes with a card and when caught up.
 * With the offline worker active, as users have it: the page opens offline from its address and
 * the sidebar once visited, and queued grades say when they are sent. The review page, its
 * per-course summary and "What I know" count due cards alike and explain the new-card cap; a
 * right-to-left course's cards run right to left.
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

    // Pass/fail mode: Again and Good only. After the switch, by mouse or by keyboard, Space shows
    // the answer (the switch hands focus back to the card).
    await page.getByLabel(c.passFail).check();
    await page.keyboard.press("Space");
    await expect(page.getByTestId("review-back")).toBeVisible();
    await expect(page.getByTestId("review-grade-2")).toHaveCount(0);
    await expect(page.getByTestId("review-grade-4")).toHaveCount(0);
    await expect(page.getByTestId("review-grade-3")).toContainText(c.good);
    await page.getByLabel(c.passFail).focus();
    await page.keyboard.press("Space");
    await expect(page.getByLabel(c.passFail)).not.toBeChecked();
    await expect(page.getByTestId("review-grade-4")).toBeVisible();

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
  // Each queued grade has its own id and the time it was given.
  const queued = await page.evaluate(
    () => JSON.parse(localStorage.getItem("aula-offline-review-grades") ?? "[]") as { gradeId: string; at: number }[],
  );
  expect(queued).toHaveLength(2);
  expect(new Set(queued.map((g) => g.gradeId)).size).toBe(2);
  for (const grade of queued)
    expect(grade.gradeId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

  await expect(page.getByTestId("review-sync")).toHaveText(
    "2 grades are waiting to be sent: they go as soon as you are back online.",
  );

  await context.setOffline(false);
  await expect(page.getByTestId("review-sync")).toHaveText("2 offline grades sent.");
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

test("opens offline from its address and from the sidebar once visited online, and says when queued grades are sent", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await useLocale(page, "en");
  await signUpViaApi(page);
  const courseId = await createCourseViaApi(page, `Review offline page ${Date.now()}`);
  const questions = await missEveryQuestion(page, courseId);

  // Reached from the sidebar: the router draws it without a page load the worker could store.
  await page.goto("/dashboard");
  const nav = dashboardNav(page, "en");
  await nav.getByRole("link", { name: "Review", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/review$/);
  await expect(page.getByTestId("review-left")).toHaveText(new RegExp(`^${questions.length}\\D`));
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const stored = await caches.match("/dashboard/review", { cacheName: "aula-review" });
          return Boolean(stored) && (await caches.has("aula-shell"));
        }),
      { message: "the worker keeps the review page", timeout: 30_000 },
    )
    .toBe(true);

  // Offline, from its address: the kept page with today's cards.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Review" })).toBeVisible();
  await expect(page.getByTestId("review-offline")).toBeVisible();
  await expect(page.getByTestId("review-left")).toHaveText(new RegExp(`^${questions.length}\\D`));
  await waitForHydration(page.getByTestId("review-reveal"));
  await page.keyboard.press("Space");
  await expect(page.getByTestId("review-back")).toBeVisible();
  await page.keyboard.press("3");
  await expect(page.getByTestId("review-sync")).toHaveText(
    "1 grade is waiting to be sent: it goes as soon as you are back online.",
  );

  // Offline, from the sidebar: the router cannot reach the server and loads the page, which the worker answers.
  await nav.getByRole("link", { name: "Review", exact: true }).click();
  await expect(page.getByTestId("review-offline")).toBeVisible();
  await expect(page.getByText("this page was not downloaded")).toHaveCount(0);
  await expect(page.getByTestId("review-left")).toHaveText(new RegExp(`^${questions.length - 1}\\D`));
  await expect(page.getByTestId("review-sync")).toHaveText(
    "1 grade is waiting to be sent: it goes as soon as you are back online.",
  );

  // Back online, the queued grade goes and the page says so.
  await context.setOffline(false);
  await expect(page.getByTestId("review-sync")).toHaveText("1 offline grade sent.");
  const queue = await page.request.get("/api/review/queue");
  expect(((await queue.json()) as { cards: unknown[] }).cards.length).toBeLessThanOrEqual(questions.length);
  expect(((await queue.json()) as { doneToday: number }).doneToday).toBe(1);
});

const capCopy = {
  pt: {
    counts: "22 cartões, 20 para revisar agora",
    heldBack: "2 cartões novos ficam para amanhã: no máximo 20 cartões novos por dia.",
    left: "20 cartões restantes",
    nav: "O que eu sei",
  },
  en: {
    counts: "22 cards, 20 due now",
    heldBack: "2 new cards wait for tomorrow: at most 20 new cards a day.",
    left: "20 cards left",
    nav: "What I know",
  },
} as const;

for (const locale of LOCALES) {
  const cap = capCopy[locale as Locale];
  test(`one count of due cards on the review page, its course summary and What I know, the new-card cap explained (${locale})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await useLocale(page, locale as Locale);
    await signUpViaApi(page);
    const courseId = await createCourseViaApi(page, `Review cap ${locale} ${Date.now()}`);
    const sentences = Array.from({ length: 22 }, (_, i) => `Fact number ${i + 1} is worth a card of its own.`);
    await writeLessons(page, courseId, [{ theory: `<p>${sentences.join(" ")}</p>` }]);
    const [lessonId] = await lessonIdsOf(page, courseId);
    // 22 new cards: two more than the 20 new cards a day.
    for (const [i, sentence] of sentences.entries()) {
      const made = await page.request.post("/api/review/cards", {
        data: { lessonId, front: `Which fact is number ${i + 1}?`, back: `Fact ${i + 1}`, sentence },
      });
      expect(made.status()).toBe(201);
    }

    await page.goto("/dashboard/review");
    await expect(page.getByTestId("review-course-counts")).toHaveText(cap.counts);
    await expect(page.getByTestId("review-course-held-back")).toHaveText(cap.heldBack);
    await expect(page.getByTestId("review-left")).toHaveText(cap.left);
    await expect(page.getByTestId("review-held-back")).toHaveText(cap.heldBack);

    await dashboardNav(page, locale as Locale)
      .getByRole("link", { name: cap.nav, exact: true })
      .click();
    await expect(page.getByTestId("knowledge-due").locator("dd").first()).toHaveText(/^20\D/);
    await expect(page.getByTestId("knowledge-held-back")).toHaveText(cap.heldBack);
  });
}

test("cards of a right-to-left course are laid out right to left, in the UI's own direction around them", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await useLocale(page, "en");
  await signInViaApi(page, { email: "paid-4@e2e.test", password: "e2e-password-1" });
  const courseId = await createCourseViaApi(page, `مراجعة ${Date.now()}`, "Arabic");
  await missEveryQuestion(page, courseId);
  await page.goto(`/dashboard/review?course=${courseId}`);
  const front = page.getByTestId("review-front");
  await expect(front).toBeVisible();
  const layout = (target: typeof front) =>
    target.evaluate((el) => ({
      direction: getComputedStyle(el).direction,
      lang: el.closest("[lang]")?.getAttribute("lang"),
    }));
  expect(await layout(front)).toEqual({ direction: "rtl", lang: "ar" });
  await waitForHydration(page.getByTestId("review-reveal"));
  await page.keyboard.press("Space");
  expect(await layout(page.getByTestId("review-back"))).toEqual({ direction: "rtl", lang: "ar" });
  // The buttons around the card keep the interface's language and direction.
  expect(await layout(page.getByTestId("review-grade-3"))).toEqual({ direction: "ltr", lang: "en" });
  // The course's card list too.
  await page.goto(`/dashboard/review/${courseId}/cards`);
  const listed = page.getByRole("main").getByRole("listitem").first().locator("p").first();
  expect(await layout(listed)).toEqual({ direction: "rtl", lang: "ar" });
});
