import type { Page } from "@playwright/test";
import en from "../../messages/en.json";
import pt from "../../messages/pt.json";
import { expectAxeCleanInBothThemes } from "./axe";
import { courseContentOf, lessonIdsOf } from "./course-content";
import { createCourseViaApi } from "./courses";
import { expect, LOCALES, signInViaApi, signUpViaApi, test, useLocale, waitForHydration } from "./fixtures";

/**
 * Issue 33, items 4 and 9 (the viewer's part), in pt and en at 1280, 390 and 360 px, measured in
 * the page rather than compared as pictures: the header leaves the course's name the room (also
 * while "Write all lessons" runs) and keeps the theme button whole; a Latin name in a
 * right-to-left course is cut at its own end; the phone's bar and study strip keep their words;
 * "Write all lessons" shows what it could not write, with Retry and marks in the outline, and the
 * course card says how far it is; the first line of a code block lines up; the export's question
 * about unwritten lessons is a dialog; a suspended review card keeps its contrast.
 */
const copy = { pt, en } as const;

/** The fake model of tests/fakes/, started by scripts/e2e-server.mjs on E2E_PORT + 10. */
const FAKE_MODEL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 10}`;

async function script(page: Page, rule: Record<string, unknown>) {
  expect((await page.request.post(`${FAKE_MODEL}/__fake/script`, { data: rule })).ok()).toBe(true);
}

/** A message's `{name}` arguments and `# unit` plurals filled in for `count` (the few used here). */
function fill(message: string, values: Record<string, string | number>): string {
  const plural = message.replace(
    /\{(\w+), plural, one \{([^}]*)\} other \{([^}]*)\}\}/g,
    (_, name: string, one: string, other: string) =>
      (Number(values[name]) === 1 ? one : other).replace("#", String(values[name])),
  );
  return plural.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}

/** Width and overflow of what the test must see whole, measured in the page. */
async function boxes(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((els) =>
    els
      .filter((el) => (el as HTMLElement).getClientRects().length > 0)
      .map((el) => {
        const r = el.getBoundingClientRect();
        return {
          text: (el.textContent ?? "").trim(),
          width: r.width,
          left: r.left,
          right: r.right,
          cut: (el as HTMLElement).scrollWidth > (el as HTMLElement).clientWidth + 0.5,
        };
      }),
  );
}

async function noSidewaysScroll(page: Page) {
  const { scroll, inner } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(scroll, `page ${scroll} px wide in a ${inner} px window`).toBeLessThanOrEqual(inner);
}

/** The theme button is inside the window and not covered at its centre. */
async function themeButtonWhole(page: Page, scope: string, label: string) {
  const button = page.locator(scope).getByRole("button", { name: label });
  await expect(button).toBeVisible();
  const { left, right, top, bottom, inner, hit } = await button.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return {
      left: r.left,
      right: r.right,
      top: r.top,
      bottom: r.bottom,
      inner: window.innerWidth,
      hit: at === el || el.contains(at),
    };
  });
  expect(left).toBeGreaterThanOrEqual(0);
  expect(right).toBeLessThanOrEqual(inner);
  expect(bottom - top).toBeGreaterThan(20);
  expect(hit, "the theme button is not covered").toBe(true);
}

for (const locale of LOCALES) {
  const m = copy[locale];

  test.describe(`the viewer's walk (${locale})`, () => {
    test.beforeEach(async ({ page }) => {
      await useLocale(page, locale);
    });

    test("the header leaves the course's name its room, writing or not; the phone's bars keep their words", async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await signUpViaApi(page);
      const topic = `Fotossíntese e respiração celular nas plantas tropicais ${locale} ${Date.now()}`;
      const courseId = await createCourseViaApi(page, topic);
      // Slow lessons: "Write all lessons" is still running while the header is measured.
      await script(page, { behaviour: "ok", match: topic, tokensPerSecond: 30 });

      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`/course/${courseId}`);
      const title = page.getByTestId("viewer-course-title");
      const action = page.getByRole("button", { name: m.writeAll.action });
      await waitForHydration(action);
      const idle = (await boxes(page, '[data-testid="viewer-course-title"]'))[0];
      // The walk found 42 px ("Fot…"); now the name gets most of the bar.
      expect(idle.width).toBeGreaterThanOrEqual(400);
      await themeButtonWhole(page, "header", m.common.theme.toggle);
      await noSidewaysScroll(page);

      await action.click();
      await expect(page.getByTestId("write-all-progress")).toBeVisible();
      const writing = (await boxes(page, '[data-testid="viewer-course-title"]'))[0];
      expect(writing.width).toBeGreaterThanOrEqual(400);
      await expect(title).toHaveText(topic);
      await themeButtonWhole(page, "header", m.common.theme.toggle);
      await noSidewaysScroll(page);
      expect((await page.request.delete(`/api/courses/${courseId}/write-all`)).status()).toBe(200);

      for (const width of [390, 360]) {
        await page.setViewportSize({ width, height: 760 });
        await page.goto(`/course/${courseId}`);
        const bar = page.getByTestId("mobile-bar");
        await waitForHydration(bar.getByRole("button", { name: m.viewer.courseContent }));
        // Every word of the bottom bar and of the study strip whole, inside the screen.
        const labels = await boxes(page, '[data-testid="mobile-bar"] span, [data-testid="study-floating"] span');
        expect(labels.map((l) => l.text)).toEqual(
          expect.arrayContaining([m.viewer.barContent, m.viewer.certificate, m.viewer.notesShort, m.viewer.chatShort]),
        );
        for (const label of labels) {
          expect(label.cut, `"${label.text}" cut at ${width} px`).toBe(false);
          expect(label.left).toBeGreaterThanOrEqual(0);
          expect(label.right).toBeLessThanOrEqual(width);
        }
        // The study buttons keep their whole names for screen readers.
        await expect(page.getByRole("button", { name: m.viewer.chatButton })).toBeVisible();
        await expect(page.getByRole("button", { name: m.viewer.notesButton })).toBeVisible();
        await themeButtonWhole(page, '[data-testid="mobile-bar"]', m.common.theme.toggle);
        await noSidewaysScroll(page);
      }
      await expectAxeCleanInBothThemes(page, `the viewer at 360 px (${locale})`);
    });

    test("a Latin name in a right-to-left course is cut at its own end", async ({ page }) => {
      test.setTimeout(90_000);
      // Other course languages need a paid plan: the seeded paid account.
      await signInViaApi(page, { email: "paid-4@e2e.test", password: "e2e-password-1" });
      const topic = `Photosynthesis and cellular respiration in the tropical plants ${locale} ${Date.now()}`;
      const courseId = await createCourseViaApi(page, topic, "Arabic");
      await page.setViewportSize({ width: 390, height: 760 });
      await page.goto(`/course/${courseId}`);
      const title = page.getByTestId("viewer-course-title");
      await expect(title).toHaveText(topic);
      await expect(title).toHaveAttribute("lang", "ar");
      const read = await title.evaluate((el) => ({
        direction: getComputedStyle(el).direction,
        cut: el.scrollWidth > el.clientWidth,
      }));
      // Truncated, and from its end: a left-to-right name keeps its start in view.
      expect(read).toEqual({ direction: "ltr", cut: true });
    });

    test("Write all lessons shows what it could not write, with Retry and marks; the card says how far it is", async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await signUpViaApi(page);
      const topic = `Glaciares ${locale} ${Date.now()}`;
      const courseId = await createCourseViaApi(page, topic);
      const topics = Object.values(await courseContentOf(page, courseId))[0];
      // Two lessons the model cannot write (empty answers, every try of the call); the rest slow
      // enough for the card to be seen while they are written.
      const failing = [
        { topic: topics[0].title, lesson: topics[0].subtopics[1].title },
        { topic: topics[1].title, lesson: topics[1].subtopics[0].title },
      ];
      for (const f of failing) {
        await script(page, {
          behaviour: "malformed",
          match: `"topic": ${JSON.stringify(f.topic)},\n  "lesson": ${JSON.stringify(f.lesson)}`,
          times: 4,
        });
      }
      await script(page, { behaviour: "ok", match: topic, tokensPerSecond: 150 });

      await page.goto(`/course/${courseId}`);
      const action = page.getByRole("button", { name: m.writeAll.action });
      await waitForHydration(action);
      await action.click();
      await expect(page.getByTestId("write-all-progress")).toBeVisible();

      // My Courses: the card says how far it is while it runs, and that the course is under way.
      await page.goto("/dashboard");
      const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: topic }) });
      const writing = card.getByTestId("course-writing");
      const total = (await lessonIdsOf(page, courseId)).length;
      const pattern = new RegExp(
        fill(m.courses.writing, { written: 999, total }).replace("999", "\\d+").replace(/[()]/g, "\\$&"),
      );
      await expect(writing).toHaveText(pattern);
      await expect(card.getByTestId("course-status")).toHaveText(m.courses.inProgress);
      await expectAxeCleanInBothThemes(page, `My Courses with a course being written (${locale})`);
      // Gone once the batch is over.
      await expect(writing).toHaveCount(0, { timeout: 150_000 });

      // The viewer: how many could not be written, which (marked in the outline), and Retry. The
      // batch can end before the second failing lesson's job has failed for good: wait for that state.
      const failedNow = async () =>
        ((await (await page.request.get(`/api/courses/${courseId}/progress`)).json()) as { failed: number }).failed;
      await expect.poll(failedNow, { timeout: 60_000 }).toBe(2);
      await page.goto(`/course/${courseId}`);
      const failures = page.getByTestId("write-all-failures");
      await expect(failures).toContainText(fill(m.writeAll.failedHeading, { count: 2 }));
      const outline = page.locator("#course-outline");
      await expect(outline.getByTestId("lesson-failed")).toHaveCount(2);
      for (const f of failing) {
        await expect(
          outline.getByRole("button", { name: new RegExp(`${m.viewer.notWritten}.*${f.lesson}`) }),
        ).toBeVisible();
      }
      await expectAxeCleanInBothThemes(page, `the viewer with lessons not written (${locale})`);

      const retry = failures.getByRole("button", { name: m.writeAll.retry });
      await waitForHydration(retry);
      await retry.click();
      await expect(failures).toHaveCount(0);
      await expect
        .poll(
          async () =>
            ((await (await page.request.get(`/api/courses/${courseId}/progress`)).json()) as { written: number })
              .written,
          { timeout: 60_000 },
        )
        .toBe(total);
      await page.reload();
      await expect(page.locator("#course-outline").getByTestId("lesson-failed")).toHaveCount(0);
      await expect(page.getByTestId("write-all-failures")).toHaveCount(0);
    });

    test("the first line of a code block lines up with the rest", async ({ page }) => {
      await signUpViaApi(page);
      const topic = `Code blocks ${locale} ${Date.now()}`;
      await script(page, { behaviour: "math-code", match: topic });
      const courseId = await createCourseViaApi(page, topic);
      await page.goto(`/course/${courseId}`);
      const block = page.getByTestId("lesson-theory").locator("pre code").filter({ hasText: "def area" });
      await expect(block).toBeVisible();
      const lefts = await block.evaluate((code) => {
        // The left edge of each line's first character.
        const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
        const starts: number[] = [];
        let atLineStart = true;
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? "";
          for (let i = 0; i < text.length; i++) {
            if (text[i] === "\n") {
              atLineStart = true;
              continue;
            }
            if (atLineStart) {
              const range = document.createRange();
              range.setStart(node, i);
              range.setEnd(node, i + 1);
              starts.push(range.getBoundingClientRect().left);
              atLineStart = false;
            }
          }
        }
        return starts;
      });
      expect(lefts.length).toBeGreaterThanOrEqual(3);
      // Line 2 is indented by the code itself ("    return"); lines 1 and 3 start at the same edge.
      expect(Math.abs(lefts[0] - lefts[2])).toBeLessThan(0.5);
    });

    test("the export's question about unwritten lessons is a dialog", async ({ page }) => {
      await signUpViaApi(page);
      const courseId = await createCourseViaApi(page, `Export question ${locale} ${Date.now()}`);
      await page.goto(`/course/${courseId}`);
      const exportButton = page.getByRole("button", { name: m.export.export, exact: true });
      await waitForHydration(exportButton);
      await exportButton.click();
      await page.getByRole("menuitem", { name: "PDF" }).click();
      const dialog = page.getByRole("alertdialog");
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("heading")).toHaveText(/\d+/);
      await expect(dialog).toContainText(m.writeAll.missingPdf);
      // Held in the dialog: its buttons are the way out, and Tab stays inside.
      await expect(dialog.getByRole("button", { name: m.writeAll.continueAnyway })).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(dialog.getByRole("button", { name: m.writeAll.writeFirst })).toBeFocused();
      await expectAxeCleanInBothThemes(page, `the export's question (${locale})`);
      // Escape dismisses it: nothing is written, nothing downloaded, focus back on Export.
      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);
      await expect(exportButton).toBeFocused();
      const progress = (await (await page.request.get(`/api/courses/${courseId}/progress`)).json()) as {
        batch: number;
      };
      expect(progress.batch).toBe(0);
    });

    test("a suspended review card is dimmed without losing contrast", async ({ page }) => {
      await signUpViaApi(page);
      const courseId = await createCourseViaApi(page, `Suspended ${locale} ${Date.now()}`);
      const served = await page.request.post("/api/aiexam", { data: { courseId } });
      const body = (await served.json()) as { message: string; attemptId: string };
      const questions = JSON.parse(body.message) as unknown[];
      const graded = await page.request.post("/api/quiz/submit", {
        data: { courseId, attemptId: body.attemptId, answers: questions.map(() => "") },
      });
      expect(graded.status()).toBe(200);
      await page.goto(`/dashboard/review/${courseId}/cards`);
      const first = page.getByTestId("card-list").getByRole("listitem").first();
      const pause = first.getByRole("button", { name: m.review.suspendCard.replace("{front}", "") });
      await waitForHydration(pause);
      await pause.click();
      await expect(first.getByRole("button", { name: m.review.resumeCard.replace("{front}", "") })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      await expectAxeCleanInBothThemes(page, `the card list with a suspended card (${locale})`);
    });
  });
}
