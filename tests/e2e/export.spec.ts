import { execFileSync } from "node:child_process";
import { readdirSync, writeFileSync } from "node:fs";
import { expect, signInViaApi, signUpViaApi, test, useLocale, waitForHydration } from "./fixtures";
import { RED_PNG, writeLessons } from "./course-content";
import { createCourseViaApi } from "./courses";
import { comparable, SCRIPT_SAMPLES } from "./scripts-sample";

const pdfText = (file: string, pages?: { first: number; last: number }) =>
  execFileSync("pdftotext", [
    "-enc",
    "UTF-8",
    ...(pages ? ["-f", String(pages.first), "-l", String(pages.last)] : []),
    file,
    "-",
  ]).toString();

test.describe("PDF export", () => {
  test("prints ten scripts in order, wrapped, with an Index of page numbers, pictures and the placeholder for unwritten lessons", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    await useLocale(page, "en");
    await signUpViaApi(page);
    const courseId = await createCourseViaApi(page, "Photosynthesis Scripts");
    // Nine lessons carry the ten scripts (Russian and Portuguese share the last); the tenth stays unwritten.
    const paragraphs = SCRIPT_SAMPLES.map((s) => `<p>${s.text.repeat(6)}</p>`);
    const lessons = [...paragraphs.slice(0, 8), paragraphs[8] + paragraphs[9]].map((theory, i) => ({
      theory,
      image: i === 0 ? RED_PNG : undefined,
    }));
    const titles = await writeLessons(page, courseId, lessons);
    expect(titles.length).toBeGreaterThan(lessons.length);

    const res = await page.request.get(`/api/courses/${courseId}/export?format=pdf`, { timeout: 90_000 });
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("application/pdf");
    expect(res.headers()["content-disposition"]).toContain("filename*=UTF-8''Photosynthesis%20Scripts.pdf");
    const file = testInfo.outputPath("course.pdf");
    writeFileSync(file, await res.body());

    const info = execFileSync("pdfinfo", [file]).toString();
    expect(info).toMatch(/Page size:\s+595\.\d+ x 84[12]\.\d+ pts \(A4\)/);
    expect(info).toMatch(/Tagged:\s+yes/);

    // Real, searchable text: every script's marker, in the lessons' order.
    const text = comparable(pdfText(file));
    let at = text.indexOf(comparable(titles[0]), text.indexOf(comparable("Index")) + 1);
    for (const sample of SCRIPT_SAMPLES) {
      const found = text.indexOf(comparable(sample.marker), at + 1);
      expect(found, `${sample.lang} after the one before`).toBeGreaterThan(at);
      at = found;
    }
    expect(text).toContain(
      comparable(
        `Please visit ${titles[lessons.length]} topic to export as PDF. Only topics that are completed will be added to the PDF.`,
      ),
    );
    for (const title of titles.slice(0, lessons.length))
      expect(text).not.toContain(comparable(`Please visit ${title} topic`));

    // The Index (page 2) gives each lesson the page its heading is on.
    const indexPage = comparable(pdfText(file, { first: 2, last: 2 }));
    expect(indexPage).toContain("Index");
    const pages = Number(/Pages:\s+(\d+)/.exec(info)![1]);
    let firstLessonPage = 0;
    for (let n = 3; n <= pages && !firstLessonPage; n++)
      if (comparable(pdfText(file, { first: n, last: n })).includes(comparable(SCRIPT_SAMPLES[0].marker)))
        firstLessonPage = n;
    expect(firstLessonPage).toBeGreaterThan(2);
    expect(indexPage).toContain(`${comparable(titles[0])}${firstLessonPage}`);

    // The lesson's picture is in the PDF.
    const images = execFileSync("pdfimages", ["-list", file]).toString().trim().split("\n").slice(2);
    expect(images.length).toBeGreaterThanOrEqual(1);

    // Pages to look at (wrapping, shaping, right to left).
    execFileSync("pdftoppm", ["-r", "60", "-png", file, testInfo.outputPath("page")]);
    expect(readdirSync(testInfo.outputPath()).filter((f) => f.startsWith("page")).length).toBe(pages);
  });

  test("an Arabic course's print view is right to left, and its PDF carries Arabic text", async ({
    page,
  }, testInfo) => {
    await useLocale(page, "en");
    await signInViaApi(page, { email: "paid-3@e2e.test", password: "e2e-password-1" });
    const outline = await page.request.post("/api/prompt", {
      data: {
        topic: "الطاقة الشمسية",
        subtopics: [],
        topicsLimit: "4",
        courseType: "Text & Image Course",
        language: "Arabic",
      },
    });
    expect(outline.status()).toBe(200);
    const { generatedText, outlineId } = (await outline.json()) as { generatedText: string; outlineId: string };
    const created = await page.request.post("/api/course", {
      data: {
        mainTopic: "الطاقة الشمسية",
        type: "Text & Image Course",
        lang: "Arabic",
        content: generatedText,
        outlineId,
      },
    });
    expect(created.status()).toBe(201);
    const { courseId } = (await created.json()) as { courseId: string };

    await page.goto(`/course/${courseId}/print`);
    const doc = page.getByTestId("print-view");
    await expect(doc).toHaveAttribute("dir", "rtl");
    await expect(doc).toHaveAttribute("lang", "ar");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("الطاقة الشمسية");

    const res = await page.request.get(`/api/courses/${courseId}/export?format=pdf`, { timeout: 90_000 });
    expect(res.status()).toBe(200);
    const file = testInfo.outputPath("arabic.pdf");
    writeFileSync(file, await res.body());
    expect(comparable(pdfText(file))).toMatch(/\p{Script=Arabic}{4,}/u);
    execFileSync("pdftoppm", ["-r", "60", "-f", "1", "-l", "3", "-png", file, testInfo.outputPath("arabic")]);
  });

  test("the viewer's Export menu downloads the PDF, Markdown and SCORM files", async ({ page }) => {
    test.setTimeout(120_000);
    await useLocale(page, "en");
    await signUpViaApi(page);
    const courseId = await createCourseViaApi(page, "Export Menu Course");
    await page.goto(`/course/${courseId}`);
    const exportButton = page.getByRole("button", { name: "Export", exact: true });
    await waitForHydration(exportButton);
    for (const [item, name] of [
      ["PDF", "Export Menu Course.pdf"],
      ["Markdown (.zip)", "Export-Menu-Course.md.zip"],
      ["SCORM 1.2 (.zip)", "Export-Menu-Course.scorm.zip"],
    ] as const) {
      await page.getByRole("button", { name: "Export", exact: true }).click();
      const download = page.waitForEvent("download", { timeout: 90_000 });
      await page.getByRole("menuitem", { name: item }).click();
      if (item === "PDF") {
        // The course's other lessons are not written: the PDF asks first (tests/e2e/write-all.spec.ts).
        await page.getByRole("button", { name: "Continue anyway" }).click();
        await expect(page.getByRole("button", { name: "Exporting...", exact: true })).toBeVisible();
      }
      expect((await download).suggestedFilename()).toBe(name);
      await expect(page.getByRole("button", { name: "Export", exact: true })).toBeEnabled();
    }
  });
});
