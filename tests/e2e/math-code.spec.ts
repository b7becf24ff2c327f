import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { seriousAxeViolations } from "./axe";
import type { Page } from "@playwright/test";
import { MATH_CODE_FORMULAS } from "../fakes/math-code";
import { createCourseViaApi } from "./courses";
import { expect, LOCALES, signUpViaApi, test, useLocale, waitForHydration, type Locale } from "./fixtures";

/**
 * Formulas and code in a lesson, a chat answer and the PDF, against the fake model's lesson with
 * formulas and code (tests/fakes/math-code.ts): KaTeX's HTML and MathML made on the server,
 * highlighted code, no serious accessibility violation, in both UI languages.
 */
const FAKE_MODEL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 10}`;
/** Screenshots for a person to look at go to MATH_CODE_SHOTS when set (never into the repository). */
const SHOTS = process.env.MATH_CODE_SHOTS;

const copy = {
  pt: { chat: "Assistente do Curso", ask: "Faça uma pergunta…" },
  en: { chat: "Course Assistant", ask: "Ask a question…" },
} as const;

/** A course whose lessons and chat answers are the lesson with formulas and code. */
async function mathCourse(page: Page, locale: Locale) {
  await signUpViaApi(page);
  const topic = `Pythagoras ${locale} ${Date.now()}`;
  const scripted = await page.request.post(`${FAKE_MODEL}/__fake/script`, {
    data: { behaviour: "math-code", match: topic },
  });
  expect(scripted.ok()).toBe(true);
  const courseId = await createCourseViaApi(page, topic);
  await useLocale(page, locale);
  await page.goto(`/course/${courseId}`);
  await waitForHydration(page.getByRole("button", { name: copy[locale].chat }));
  return courseId;
}

/** What a lesson or answer shows: every formula KaTeX's, the code highlighted, prices as text. */
async function expectMathAndCode(page: Page, selector: string) {
  const area = page.locator(selector);
  await expect(area.locator(".katex")).toHaveCount(5);
  await expect(area.locator(".katex-display")).toHaveCount(2);
  await expect(area.locator("math")).toHaveCount(5);
  await expect(area.locator("math mfrac").first()).toBeAttached();
  await expect(area.locator("math mtable")).toHaveCount(1);
  await expect(area.locator(".katex-error")).toHaveText(MATH_CODE_FORMULAS.malformed);
  await expect(area.locator("annotation").first()).toHaveText(MATH_CODE_FORMULAS.inline);
  await expect(area.locator("code.language-javascript .hljs-keyword").first()).toHaveText("const");
  await expect(area.locator("code.language-python .hljs-keyword").first()).toHaveText("def");
  await expect(area.locator("code.language-sql .hljs-keyword").first()).toHaveText("SELECT");
  await expect(area.locator("code.language-brainfudge span")).toHaveCount(0);
  await expect(area).toContainText("It costs $5 and $10 in the shop.");
  await expect(area).not.toContainText("$$");
  // KaTeX's fonts came from the app and were used: the formula is laid out, not plain text.
  const fonts = await page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].filter((f) => f.family.startsWith("KaTeX") && f.status === "loaded").length;
  });
  expect(fonts).toBeGreaterThan(0);
}

for (const locale of LOCALES) {
  test.describe(`Math and code (${locale})`, () => {
    test("a lesson and a chat answer show formulas and highlighted code, accessibly", async ({ page }) => {
      test.setTimeout(90_000);
      const fontRequests: string[] = [];
      page.on("request", (r) => {
        if (/KaTeX_/.test(r.url())) fontRequests.push(r.url());
      });
      await mathCourse(page, locale);
      const theory = '[data-testid="lesson-theory"]';
      await expect(page.locator(theory)).toBeVisible({ timeout: 30_000 });
      await expectMathAndCode(page, theory);
      // Served by the app itself, never a CDN.
      expect(fontRequests.length).toBeGreaterThan(0);
      for (const url of fontRequests) expect(new URL(url).origin).toBe(new URL(page.url()).origin);
      expect(await seriousAxeViolations(page, theory)).toEqual([]);
      if (SHOTS) await page.locator(theory).screenshot({ path: `${SHOTS}/lesson-${locale}.png` });
      await page.evaluate(() => window.scrollTo(0, 0));
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/lesson-page-${locale}.png` });

      await page.getByRole("button", { name: copy[locale].chat }).click();
      const dialog = page.getByRole("dialog", { name: copy[locale].chat });
      await dialog.getByPlaceholder(copy[locale].ask).fill("How do I compute the hypotenuse?");
      await dialog.getByPlaceholder(copy[locale].ask).press("Enter");
      const answer = '[data-testid="chat-bot-message"]:not([aria-busy])';
      await expect(page.locator(answer).locator(".katex").first()).toBeVisible({ timeout: 30_000 });
      await expectMathAndCode(page, answer);
      expect(await seriousAxeViolations(page, answer)).toEqual([]);
      if (SHOTS) await page.locator(answer).screenshot({ path: `${SHOTS}/chat-${locale}.png` });

      // In the history too, after a reload.
      await page.reload();
      await waitForHydration(page.getByRole("button", { name: copy[locale].chat }));
      await page.getByRole("button", { name: copy[locale].chat }).click();
      await expectMathAndCode(page, answer);
    });
  });
}

test("the PDF carries the formulas as text, no raw TeX delimiters", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const courseId = await mathCourse(page, "en");
  await expect(page.getByTestId("lesson-theory").locator(".katex").first()).toBeVisible({ timeout: 30_000 });
  const res = await page.request.get(`/api/courses/${courseId}/export?format=pdf`, { timeout: 90_000 });
  expect(res.status()).toBe(200);
  const file = testInfo.outputPath("math.pdf");
  writeFileSync(file, await res.body());
  const text = execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"]).toString();
  expect(text).not.toContain("$$");
  // KaTeX's glyphs as text: the integral, the matrix's entries, the highlighted code.
  expect(text).toContain("∫");
  expect(text).toMatch(/a\s*2\s*\+\s*b\s*2\s*=\s*c\s*2/);
  expect(text).toContain("const total = prices.reduce");
  expect(text).toContain("It costs $5 and $10 in the shop.");
  if (SHOTS) execFileSync("pdftoppm", ["-r", "70", "-png", "-f", "3", "-l", "3", file, `${SHOTS}/pdf-page`]);
});

test.describe("offline", () => {
  test.use({ serviceWorkers: "allow" });

  test("a downloaded course shows its formulas offline, with KaTeX's fonts from the copy", async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await mathCourse(page, "en");
    await expect(page.getByTestId("lesson-theory").locator(".katex").first()).toBeVisible({ timeout: 30_000 });
    await expect
      .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker?.controller)), { timeout: 20_000 })
      .toBe(true);
    const offlineMenu = page.getByRole("button", { name: "Offline reading", exact: true });
    await waitForHydration(offlineMenu);
    await offlineMenu.click();
    await page.getByRole("menuitem", { name: "Download for offline" }).click();
    // The course's other lessons are not written: keep the copy without them (tests/e2e/write-all.spec.ts).
    await page.getByRole("button", { name: "Continue anyway" }).click();
    await expect(page.getByText("Available offline").first()).toBeVisible({ timeout: 60_000 });
    const stored = await page.evaluate(async () =>
      (await (await caches.open("aula-shell")).keys()).map((r) => new URL(r.url).pathname),
    );
    expect(stored.filter((p) => /KaTeX_Main-Regular\.[^/]*\.woff2$/.test(p))).toHaveLength(1);
    // WOFF2 only: the other formats are never read by a browser that runs the worker.
    expect(stored.filter((p) => /KaTeX_.*\.(woff|ttf)$/.test(p))).toEqual([]);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId("offline-banner")).toBeVisible();
    await expectMathAndCode(page, '[data-testid="lesson-theory"]');
    await context.setOffline(false);
  });
});
