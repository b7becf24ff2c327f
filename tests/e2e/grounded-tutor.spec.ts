import type { Page } from "@playwright/test";
import { seriousAxeViolations } from "./axe";
import { expect, LOCALES, signUpViaApi, test, useLocale, waitForHydration } from "./fixtures";

/**
 * The tutor from the course's material (decision 028): a course made from the learner's text,
 * "only from my sources" turned on from the Material page, then an answer with superscripts
 * linking to its sources list (quote, source, page), and a question the material does not cover
 * answered as such. In pt and en, axe-clean.
 */
const copy = {
  pt: {
    sourcesOnly: "Só das minhas fontes",
    on: "O tutor agora responde só a partir das suas fontes.",
    chat: "Assistente do Curso",
    ask: "Faça uma pergunta…",
    sources: "Fontes",
    page: "p. 1",
  },
  en: {
    sourcesOnly: "Only from my sources",
    on: "The tutor now answers only from your sources.",
    chat: "Course Assistant",
    ask: "Ask a question…",
    sources: "Sources",
    page: "p. 1",
  },
} as const;

const MATERIAL =
  "Chlorophyll absorbs red and blue light in the leaves and passes its energy on.\n\n" +
  "Root hairs take up water and dissolved minerals from the soil by osmosis.";

/** A course made as the Generate page makes one with material: source, outline with sourceIds, course. */
async function courseFromMaterial(page: Page, title: string): Promise<string> {
  const added = await page.request.post("/api/sources", { data: { title, text: MATERIAL } });
  expect(added.status()).toBe(202);
  const { sourceId } = (await added.json()) as { sourceId: string };
  await expect
    .poll(
      async () => ((await (await page.request.get(`/api/sources/${sourceId}`)).json()) as { status: string }).status,
      {
        timeout: 20_000,
      },
    )
    .toBe("ready");
  const outline = await page.request.post("/api/prompt", {
    data: {
      topic: "Plants",
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
    data: { mainTopic: "Plants", type: "Text & Image Course", lang: "English", content: generatedText, outlineId },
  });
  expect(course.status()).toBe(201);
  return ((await course.json()) as { courseId: string }).courseId;
}

for (const locale of LOCALES) {
  const c = copy[locale];
  test.describe(`grounded tutor (${locale})`, () => {
    test("only from my sources on the Material page; the tutor's answer cites the material, or says it does not cover the question", async ({
      page,
    }) => {
      await useLocale(page, locale);
      await signUpViaApi(page);
      const title = `Plant notes ${locale}`;
      const courseId = await courseFromMaterial(page, title);

      await page.goto(`/course/${courseId}/material`);
      const toggle = page.getByRole("switch", { name: c.sourcesOnly });
      await waitForHydration(toggle);
      await expect(toggle).toHaveAttribute("aria-checked", "false");
      // Keyboard: focus and Space.
      await toggle.focus();
      await page.keyboard.press("Space");
      await expect(page.getByRole("status").filter({ hasText: c.on })).toBeVisible();
      await expect(toggle).toHaveAttribute("aria-checked", "true");
      expect(await seriousAxeViolations(page, "main")).toEqual([]);
      await page.reload();
      await expect(page.getByRole("switch", { name: c.sourcesOnly })).toHaveAttribute("aria-checked", "true");

      await page.goto(`/course/${courseId}`);
      const chatButton = page.getByRole("button", { name: c.chat });
      await waitForHydration(chatButton);
      await chatButton.click();
      const dialog = page.getByRole("dialog", { name: c.chat });
      const box = dialog.getByPlaceholder(c.ask);
      await box.fill("How does chlorophyll absorb light?");
      await box.press("Enter");
      const answer = dialog.getByTestId("chat-bot-message").last();
      await expect(answer).not.toHaveAttribute("aria-busy", "true", { timeout: 20_000 });
      await expect(answer).toContainText("Chlorophyll absorbs red and blue light");
      // The superscript links to its quote in the sources list under the answer.
      const sup = answer.locator("sup.citation a").first();
      await expect(sup).toHaveText("1");
      const target = (await sup.getAttribute("href"))!;
      expect(target).toMatch(/^#m[0-9a-f-]+-cite-1$/);
      const sources = answer.getByTestId("chat-sources");
      await expect(sources).toContainText(c.sources);
      const quote = sources.locator(target.replace(/^#/, "[id='").concat("']"));
      await expect(quote).toContainText("Chlorophyll absorbs red and blue light");
      await expect(quote).toContainText(title);
      await expect(quote).toContainText(c.page);
      // The quote is the course's text: marked with the course's language.
      await expect(quote.locator("q")).toHaveAttribute("lang", "en");

      await box.fill("What is the boiling point of mercury?");
      await box.press("Enter");
      await expect(dialog.getByTestId("chat-bot-message")).toHaveCount(2);
      const second = dialog.getByTestId("chat-bot-message").last();
      await expect(second).not.toHaveAttribute("aria-busy", "true", { timeout: 20_000 });
      await expect(second).toContainText("Your material does not cover this question.");
      await expect(second.getByTestId("chat-sources")).toHaveCount(0);
      expect(await seriousAxeViolations(page, "[role=dialog]")).toEqual([]);

      // The history keeps the citations.
      await page.reload();
      await waitForHydration(page.getByRole("button", { name: c.chat }));
      await page.getByRole("button", { name: c.chat }).click();
      const first = page.getByRole("dialog").getByTestId("chat-bot-message").first();
      await expect(first.getByTestId("chat-sources")).toContainText(title);
      await expect(first.locator("sup.citation a").first()).toHaveAttribute("href", target);
    });
  });
}
