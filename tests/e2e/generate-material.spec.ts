import { makePdf, SEABIRD_PAGES } from "../fakes/source-documents.mjs";
import { expectAxeCleanInBothThemes } from "./axe";
import { expect, LOCALES, signUpViaApi, test, useLocale, waitForHydration } from "./fixtures";
import { generationCopy } from "./generation-copy";

/**
 * Material is never silently ignored (issue 33): material added earlier is listed, ticked, under
 * the collapsed "Add material" after a reload; what the learner unticks is left out of the
 * outline request (and stays unticked after a cancelled preview), what is ticked is sent and the
 * lesson cites it; the side panel highlights the quote's supporting sentence; the Course
 * Assistant says when "Only from my sources" holds. pt and en, axe-clean in both themes.
 */
const copy = {
  pt: {
    open: "Adicionar material",
    hide: "Ocultar",
    file: "Enviar um arquivo",
    oneUsed: "1 fonte será usada",
    noneUsed: "Nenhum material será usado",
    source: (n: number) => `Fonte ${n}`,
    support: "Em destaque: a frase que sustenta o texto da aula.",
    chat: "Assistente do Curso",
    sourcesOnly:
      "Só das minhas fontes está ativado: as respostas vêm apenas do material deste curso e dizem quando ele não cobre uma pergunta.",
    change: "Altere na página Material",
    empty: "Nenhuma mensagem ainda. Pergunte o que quiser sobre este curso.",
  },
  en: {
    open: "Add material",
    hide: "Hide",
    file: "Upload a file",
    oneUsed: "1 source will be used",
    noneUsed: "No material will be used",
    source: (n: number) => `Source ${n}`,
    support: "Highlighted: the sentence that supports the lesson's text.",
    chat: "Course Assistant",
    sourcesOnly:
      "Only from my sources is on: answers come from this course's material alone and say when it does not cover a question.",
    change: "Change it on the Material page",
    empty: "No messages yet. Ask anything about this course.",
  },
} as const;

const PDF = makePdf(SEABIRD_PAGES);
const SENTENCES = SEABIRD_PAGES.flat();

for (const locale of LOCALES) {
  const c = copy[locale];
  const g = generationCopy[locale].generate;

  test(`material added earlier is used with the panel collapsed, an unticked source is left out, and the lesson cites what is ticked (${locale})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await useLocale(page, locale);
    await signUpViaApi(page);
    await page.goto("/dashboard/generate-course");
    const open = page.getByRole("button", { name: c.open });
    await waitForHydration(open);
    await open.click();
    const panel = page.getByTestId("sources-panel");
    await panel.getByLabel(c.file).setInputFiles({ name: "seabirds.pdf", mimeType: "application/pdf", buffer: PDF });
    await expect(panel.getByTestId("source-item").filter({ hasText: "seabirds" })).toHaveAttribute(
      "data-status",
      "ready",
      { timeout: 30_000 },
    );
    await page.getByRole("button", { name: c.hide }).click();

    // Added earlier: after a reload the panel is closed, and the material is still listed, ticked.
    await page.reload();
    await waitForHydration(page.getByRole("button", { name: c.open }));
    await expect(page.getByTestId("sources-panel")).toHaveCount(0);
    const choice = page.getByTestId("material-choice");
    await expect(choice.getByTestId("material-count")).toHaveText(c.oneUsed);
    const tick = choice.getByRole("checkbox", { name: "seabirds" });
    await expect(tick).toBeChecked();
    const sourceId = (await tick.getAttribute("data-source-id"))!;
    await expectAxeCleanInBothThemes(page, `generate with material collapsed (${locale})`);

    // Unticked: the outline is asked without it, and it stays unticked after Cancel.
    await tick.uncheck();
    await expect(choice.getByTestId("material-count")).toHaveText(c.noneUsed);
    await page.getByLabel(g.topic, { exact: true }).fill("Seabirds");
    const withoutIt = page.waitForRequest((r) => r.url().endsWith("/api/prompt/stream"));
    await page.getByRole("button", { name: g.submit, exact: true }).click();
    expect((await withoutIt).postDataJSON()).not.toHaveProperty("sourceIds");
    await expect(page.getByRole("button", { name: g.generateCourse })).toBeEnabled({ timeout: 30_000 });
    await page.getByRole("button", { name: g.cancel }).click();
    await expect(tick).not.toBeChecked();

    // Ticked again: the outline request carries it, and the course made from it cites it.
    await tick.check();
    await expect(choice.getByTestId("material-count")).toHaveText(c.oneUsed);
    const withIt = page.waitForRequest((r) => r.url().endsWith("/api/prompt/stream"));
    await page.getByRole("button", { name: g.submit, exact: true }).click();
    expect((await withIt).postDataJSON()).toMatchObject({ sourceIds: [sourceId] });
    const generate = page.getByRole("button", { name: g.generateCourse });
    await expect(generate).toBeEnabled({ timeout: 30_000 });
    await generate.click();
    await page.waitForURL(/\/course\/[0-9a-f-]{36}$/, { timeout: 60_000 });
    const courseId = page.url().match(/\/course\/([0-9a-f-]{36})/)![1];

    const theory = page.getByTestId("lesson-theory");
    const first = theory.locator("sup.citation a").first();
    await expect(first).toBeVisible();
    await waitForHydration(theory);
    const n = Number(await first.textContent());
    await first.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: c.source(n) });
    await expect(dialog).toBeVisible();
    // The sentence of the quote that supports the lesson's claim is highlighted, and said so.
    const support = dialog.getByTestId("citation-support");
    await expect(support).toBeVisible();
    expect(SENTENCES).toContain((await support.textContent())?.trim());
    await expect(dialog.getByText(c.support)).toBeVisible();
    await expectAxeCleanInBothThemes(page, `citation panel with its supporting sentence (${locale})`);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    // "Only from my sources" on: the assistant says so, and where to change it.
    const set = await page.request.put(`/api/courses/${courseId}/sources-only`, { data: { sourcesOnly: true } });
    expect(set.status()).toBe(200);
    await page.reload();
    const chatButton = page.getByRole("button", { name: c.chat });
    await waitForHydration(chatButton);
    await chatButton.click();
    const chat = page.getByRole("dialog", { name: c.chat });
    const note = chat.getByTestId("chat-sources-only");
    await expect(note).toContainText(c.sourcesOnly);
    await expect(note.getByRole("link", { name: c.change })).toHaveAttribute("href", `/course/${courseId}/material`);
    await expectAxeCleanInBothThemes(page, `assistant with only from my sources (${locale})`);

    // Off again: the note goes.
    await page.request.put(`/api/courses/${courseId}/sources-only`, { data: { sourcesOnly: false } });
    await page.reload();
    await waitForHydration(page.getByRole("button", { name: c.chat }));
    await page.getByRole("button", { name: c.chat }).click();
    // Once the conversation has loaded (the answer that carries the setting), no note.
    await expect(page.getByRole("dialog", { name: c.chat }).getByText(c.empty)).toBeVisible();
    await expect(page.getByTestId("chat-sources-only")).toHaveCount(0);
  });
}
