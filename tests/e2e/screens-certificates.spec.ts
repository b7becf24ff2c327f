import { expectAxeCleanInBothThemes } from "./axe";
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import en from "../../messages/en.json";
import pt from "../../messages/pt.json";
import { createCourseViaApi } from "./courses";
import { expect, type Locale, LOCALES, signUpViaApi, test, useLocale } from "./fixtures";
import { completeCourseViaApi } from "./quiz-helpers";
import { siteCopy } from "./site-copy";

/**
 * Issue 24, item 5 and part of item 6: the certificate's verification page words the quiz as
 * right answers out of the questions (not the stored mark as a grade), names the course language
 * in the reader's language and dates the certificate one way, in the certificate's language,
 * whatever the reader's; the certificate frame says it is being drawn; the blog index lists the
 * reader's language only, without the featured post again under the latest; the PDF's cover.
 * Screenshots go to I24_SHOTS_DIR when set (not into the repository).
 */
const copy = { pt, en } as const;
const other = (locale: Locale): Locale => (locale === "pt" ? "en" : "pt");
const SHOTS = process.env.I24_SHOTS_DIR;

/** The e2e fake model's course (4 topics) gets 5 questions, all answered right by completeCourseViaApi. */
const GRADE: Record<Locale, string> = { pt: "5 de 5 (100%)", en: "5 of 5 (100%)" };
const ENGLISH: Record<Locale, string> = { pt: "Inglês", en: "English" };
/** A certificate's date, as Intl writes a long date in its language (UTC, like the app). */
const longDate = (locale: Locale) =>
  new Intl.DateTimeFormat(locale === "pt" ? "pt-BR" : "en-US", { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(),
  );

/** The seeded example posts' titles (src/features/site/seed/posts.ts), by language. */
const POSTS: Record<Locale, string[]> = {
  en: [
    "How Aula turns a topic into a course",
    "Five tips for choosing a good course topic",
    "Studying offline and exporting to PDF",
  ],
  pt: [
    "Como o Aula transforma um tema em um curso",
    "Cinco dicas para escolher um bom tema de curso",
    "Estudar offline e exportar em PDF",
  ],
};

/** The value beside a label in the verification page's list. */
const row = (page: Page, label: string) =>
  page
    .locator("dl > div")
    .filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) })
    .locator("dd");

for (const locale of LOCALES) {
  const m = copy[locale];

  test.describe(`certificates read right (${locale})`, () => {
    test("the verification page words the quiz and the course language for the reader, and dates it in the certificate's language", async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await useLocale(page, locale);
      await signUpViaApi(page, "Cert Reader");
      const courseId = await createCourseViaApi(page, `Certificate words ${locale}`, "English");
      const publicId = await completeCourseViaApi(page, courseId);

      await page.goto(`/certificates/${publicId}`);
      const v = m.quiz.verify;
      await expect(row(page, v.quiz)).toHaveText(GRADE[locale]);
      await expect(row(page, v.language)).toHaveText(ENGLISH[locale]);
      await expect(page.getByTestId("certificate-issued")).toHaveText(longDate(locale));
      await expect(page.getByTestId("certificate-frame")).toHaveAttribute("data-state", "ready", { timeout: 30_000 });
      await expectAxeCleanInBothThemes(page, `/certificates/{id} (${locale})`);
      if (SHOTS) {
        mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: `${SHOTS}/verification-${locale}.png`, fullPage: true });
      }

      // The same certificate read in the other UI language: the words change, its date does not.
      const reader = other(locale);
      await useLocale(page, reader);
      await page.goto(`/certificates/${publicId}`);
      await expect(row(page, copy[reader].quiz.verify.quiz)).toHaveText(GRADE[reader]);
      await expect(row(page, copy[reader].quiz.verify.language)).toHaveText(ENGLISH[reader]);
      await expect(page.getByTestId("certificate-issued")).toHaveText(longDate(locale));
      await expect(page.getByTestId("certificate-issued")).toHaveAttribute("lang", locale);

      // The owner's page: the same date, and the frame says the picture is being drawn until it is.
      await useLocale(page, locale);
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/api/certificates/*/image", async (route) => {
        await held;
        await route.continue();
      });
      // Not "load": that waits for the held picture.
      await page.goto(`/course/${courseId}/certificate`, { waitUntil: "domcontentloaded" });
      await expect(page.getByText(m.quiz.certificate.on.replace("{date}", longDate(locale)))).toBeVisible();
      const frame = page.getByTestId("certificate-frame");
      await expect(frame.getByRole("status")).toHaveText(m.quiz.certificate.drawing);
      await expect(frame).toHaveAttribute("aria-busy", "true");
      release();
      await expect(frame).toHaveAttribute("data-state", "ready", { timeout: 30_000 });
      await expect(frame.getByRole("status")).toHaveCount(0);
      await expect
        .poll(() =>
          page.getByTestId("certificate-image").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
        )
        .toBe(1200);
    });

    test("the PDF's cover and the shared page name the course language in the reader's language; the cover has the title, the date and the brand", async ({
      page,
    }, testInfo) => {
      test.setTimeout(120_000);
      await useLocale(page, locale);
      await signUpViaApi(page, "Cover Reader");
      const topic = `Cover ${locale}`;
      const courseId = await createCourseViaApi(page, topic, "English");
      const res = await page.request.get(`/api/courses/${courseId}/export?format=pdf`, { timeout: 90_000 });
      expect(res.status()).toBe(200);
      const file = testInfo.outputPath("course.pdf");
      writeFileSync(file, await res.body());
      const cover = execFileSync("pdftotext", ["-enc", "UTF-8", "-f", "1", "-l", "1", file, "-"])
        .toString()
        .replace(/\s+/g, " ");
      expect(cover).toContain("Aula");
      expect(cover).toContain(topic);
      expect(cover).toContain(m.export.language.replace("{language}", ENGLISH[locale]));
      expect(cover).toContain(m.export.coverDate.replace("{date}", longDate(locale)));
      // The shared page names the course's language the same way.
      const share = await page.request.post(`/api/courses/${courseId}/share`);
      expect(share.ok()).toBe(true);
      const { shareId } = (await share.json()) as { shareId: string };
      await page.goto(`/shareable?id=${shareId}`);
      await expect(page.getByTestId("shared-language")).toHaveText(ENGLISH[locale]);
      if (SHOTS)
        execFileSync("pdftoppm", ["-f", "1", "-l", "1", "-r", "70", "-png", file, `${SHOTS}/pdf-cover-${locale}`]);
    });
  });

  test.describe(`blog index in the reader's language (${locale})`, () => {
    test("lists the reader's language only, and the featured post not again among the latest", async ({ page }) => {
      await useLocale(page, locale);
      await page.goto("/blog");
      const featured = page.getByTestId("featured-post");
      await expect(featured).toContainText(siteCopy[locale].blog.firstPost);
      const latest = page.getByTestId("latest-posts").getByRole("listitem");
      await expect(latest.first()).toBeVisible();
      const titles = await latest.getByRole("heading", { level: 3 }).allTextContents();
      expect(titles).not.toContain(siteCopy[locale].blog.firstPost);
      for (const title of titles) expect(POSTS[locale]).toContain(title);
      for (const title of POSTS[other(locale)]) await expect(page.getByText(title, { exact: true })).toHaveCount(0);
      await expectAxeCleanInBothThemes(page, `/blog (${locale})`);
    });
  });
}
