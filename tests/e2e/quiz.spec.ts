import type { Page } from "@playwright/test";
import { createCourseViaApi } from "./courses";
import { expect, LOCALES, signUpViaApi, test, toast, useLocale, waitForHydration, type Locale } from "./fixtures";
import { waitForMail } from "./mailbox";

/**
 * Quiz, completion and certificate against the fake model, in both UI languages: a learner
 * reads every lesson, takes the quiz (Previous/Next rules, the clock running out, answers with
 * time left), fails, retakes and passes; progress reaches 100 %; the certificate is issued,
 * shown, downloaded, mailed and publicly verifiable; another user gets 404 everywhere.
 */
const copy = {
  pt: {
    certificate: "Certificado",
    incomplete: "Conclua o curso para obter o certificado",
    start: "Começar o quiz",
    previous: "Anterior",
    next: "Próxima",
    finish: "Finalizar",
    failed: "Ainda não foi desta vez",
    passed: "Quiz aprovado!",
    retake: "Refazer",
    back: "Voltar ao Curso",
    congratulations: "Parabéns!",
    download: "Baixar Certificado",
    downloaded: "Certificado baixado",
    mailSubject: (course: string) => `Seu certificado: ${course}`,
    valid: "Válido",
    notFound: "Página não encontrada",
  },
  en: {
    certificate: "Certificate",
    incomplete: "Complete course to get certificate",
    start: "Start quiz",
    previous: "Previous",
    next: "Next",
    finish: "Finish",
    failed: "Not passed yet",
    passed: "Quiz passed!",
    retake: "Retake",
    back: "Back to Course",
    congratulations: "Congratulations!",
    download: "Download Certificate",
    downloaded: "Certificate Downloaded",
    mailSubject: (course: string) => `Your certificate: ${course}`,
    valid: "Valid",
    notFound: "Page Not Found",
  },
} as const;

async function progressOf(page: Page): Promise<number> {
  const label = (await page.getByTestId("progress-ring").first().getAttribute("aria-label")) ?? "";
  return Number(label.match(/(\d+)%/)?.[1]);
}

const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);

/**
 * What the results show, question by question in the attempt's order: the question, its options
 * in the order shown, and the one marked right (letter and text).
 */
async function reviewed(
  page: Page,
): Promise<{ question: string; options: string[]; rightLetter: string; rightText: string }[]> {
  return page.getByTestId("quiz-result").evaluateAll((items) =>
    items.map((item) => {
      const right = item.querySelector('[data-state="correct"]');
      return {
        question: (item.querySelector("h2")?.textContent ?? "").replace(/^\d+\.\s*/, ""),
        options: [...item.querySelectorAll("li[data-letter] span[dir=auto]")].map((span) => span.textContent ?? ""),
        rightLetter: right?.getAttribute("data-letter") ?? "",
        rightText: right?.querySelector("span[dir=auto]")?.textContent ?? "",
      };
    }),
  );
}

for (const locale of LOCALES) {
  const c = copy[locale as Locale];

  test.describe(`quiz and certificate (${locale})`, () => {
    test("read every lesson, fail the quiz, retake and pass, get, download and verify the certificate", async ({
      page,
      browser,
    }) => {
      test.setTimeout(180_000);
      await useLocale(page, locale);
      const learner = await signUpViaApi(page, `Quiz Learner ${locale}`);
      const topic = `Quiz Course ${locale}`;
      const courseId = await createCourseViaApi(page, topic);

      // Before completion: the toast, nothing issued.
      await page.goto(`/course/${courseId}`);
      const action = page.getByTestId("certificate-action");
      await waitForHydration(action);
      await action.click();
      await expect(toast(page, c.incomplete)).toBeVisible();
      expect((await page.request.post("/api/finish", { data: { courseId } })).status()).toBe(403);

      // Every lesson read: opened through the lesson stream, as the viewer opens one. (Not
      // /api/generate: it leaves a lesson the background prefetch already wrote not done.)
      const lessonIds = await page
        .locator("#course-outline [data-lesson-id]")
        .evaluateAll((els) => els.map((el) => el.getAttribute("data-lesson-id")!));
      for (const lessonId of lessonIds.slice(1)) {
        const res = await page.request.post("/api/lesson/stream", { data: { courseId, lessonId } });
        expect(res.status()).toBe(200);
        expect(await res.text()).toContain('"type":"done"');
      }
      await page.reload();
      expect(await progressOf(page)).toBe(Math.round((lessonIds.length / (lessonIds.length + 1)) * 100));

      // The quiz: skeleton, intro, questions.
      await page.getByTestId("quiz-entry").click();
      await expect(page).toHaveURL(new RegExp(`/course/${courseId}/quiz$`));
      await page.clock.install();
      await page.reload();
      await page.clock.runFor(1600);
      const start = page.getByRole("button", { name: c.start });
      await waitForHydration(start);
      await start.click();
      const previous = page.getByRole("button", { name: c.previous });
      const next = page.getByRole("button", { name: c.next });
      // The start waits for the quiz to be written (one request): on a loaded machine, longer than 10 s.
      await expect(previous).toBeDisabled({ timeout: 60_000 });
      await expect(next).toBeDisabled();
      const firstQuestion = await page.locator("legend h1").innerText();
      await page.getByRole("radio").first().check();
      await expect(next).toBeEnabled();
      await next.click();
      await expect(previous).toBeEnabled();
      await previous.click();
      await expect(page.getByRole("radio").first()).toBeChecked();
      await next.click();
      await expect(page.getByTestId("quiz-timer")).toBeVisible();

      // The clock runs out (60 s a question, at most 10): one answer of five or more fails.
      await page.clock.runFor(11 * 60_000);
      await expect(page.getByTestId("quiz-verdict")).toContainText(c.failed);
      const ring = page.getByTestId("quiz-ring");
      expect(Number(await ring.getAttribute("data-percent"))).toBeLessThan(50);
      await expect(ring).toHaveClass(/stroke-red-600/);
      const review = await reviewed(page);
      expect(review.every((r) => /^[a-d]$/.test(r.rightLetter) && r.rightText !== "")).toBe(true);
      expect(review[0].question).toBe(firstQuestion);
      const rightText = new Map(review.map((r) => [r.question, r.rightText]));

      // Retake: a new attempt, the same questions in a new order (the letters the review showed
      // are no key to it); answered right by what the review taught, with time left.
      await page.getByRole("button", { name: c.retake }).click();
      const retaken: { question: string; options: string[] }[] = [];
      for (let i = 0; i < review.length; i++) {
        if (i > 0) await expect(page.locator("legend h1")).not.toHaveText(retaken[i - 1].question);
        const question = (await page.locator("legend h1").innerText()).trim();
        const options = await page.locator('fieldset label span[dir="auto"]').allInnerTexts();
        retaken.push({ question, options });
        expect(rightText.has(question)).toBe(true);
        await page
          .locator("fieldset label")
          .filter({ has: page.locator('span[dir="auto"]', { hasText: exactly(rightText.get(question)!) }) })
          .locator('input[type="radio"]')
          .check();
        await page.getByRole("button", { name: i === review.length - 1 ? c.finish : c.next }).click();
      }
      expect(retaken.map((r) => r.question).sort()).toEqual(review.map((r) => r.question).sort());
      expect(retaken).not.toEqual(review.map(({ question, options }) => ({ question, options })));
      await expect(page.getByTestId("quiz-verdict")).toHaveText(c.passed);
      await expect(page.getByTestId("quiz-ring")).toHaveAttribute("data-percent", "100");
      await expect(page.getByTestId("quiz-ring")).toHaveClass(/stroke-emerald-600/);

      // Back in the course: 100 %, then the certificate.
      await page.getByRole("link", { name: c.back }).click();
      await expect(page).toHaveURL(new RegExp(`/course/${courseId}$`));
      expect(await progressOf(page)).toBe(100);
      const action2 = page.getByTestId("certificate-action");
      await waitForHydration(action2);
      await action2.click();
      await expect(page).toHaveURL(new RegExp(`/course/${courseId}/certificate$`));
      await expect(page.getByRole("heading", { name: c.congratulations })).toBeVisible();
      const image = page.getByTestId("certificate-image");
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 30_000 })
        .toBe(1200);

      const download = page.waitForEvent("download");
      const button = page.getByRole("button", { name: c.download });
      await waitForHydration(button);
      await button.click();
      expect((await download).suggestedFilename()).toBe(`${topic}.png`);
      await expect(toast(page, c.downloaded)).toBeVisible();

      const mail = await waitForMail(learner.email, c.mailSubject(topic));
      expect(mail.attachments).toEqual([
        expect.objectContaining({ filename: "certificate.png", contentType: "image/png" }),
      ]);
      expect(mail.attachments![0].bytes).toBeGreaterThan(10_000);
      const publicUrl = await page.getByTestId("certificate-public-link").getAttribute("href");
      expect(mail.text).toContain(publicUrl!);

      // Anyone, signed out, can verify it.
      const stranger = await browser.newContext();
      const visitor = await stranger.newPage();
      await useLocale(visitor, locale);
      await visitor.goto(publicUrl!);
      await expect(visitor.getByTestId("certificate-status")).toHaveText(c.valid);
      await expect(visitor.getByText(learner.name, { exact: true })).toBeVisible();
      await expect(visitor.getByText(topic, { exact: true })).toBeVisible();
      expect(await visitor.locator('meta[property="og:image"]').getAttribute("content")).toContain("/image");

      // Another user: 404 on the pages and every call.
      const otherContext = await browser.newContext();
      const other = await otherContext.newPage();
      await useLocale(other, locale);
      await signUpViaApi(other, "Someone Else");
      for (const path of [`/course/${courseId}/quiz`, `/course/${courseId}/certificate`]) {
        const response = await other.goto(path);
        expect(response?.status()).toBe(404);
        await expect(other.getByText(c.notFound)).toBeVisible();
      }
      for (const [route, data] of [
        ["/api/aiexam", { courseId }],
        ["/api/quiz/submit", { courseId, answers: review.map((r) => r.rightLetter) }],
        ["/api/getmyresult", { courseId }],
        ["/api/updateresult", { courseId, marksString: "100" }],
        ["/api/finish", { courseId }],
        ["/api/sendcertificate", { courseId }],
      ] as const) {
        expect((await other.request.post(route, { data })).status(), route).toBe(404);
      }
      await Promise.all([stranger.close(), otherContext.close()]);
    });
  });
}
