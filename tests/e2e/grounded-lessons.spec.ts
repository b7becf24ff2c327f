import { makePdf, SEABIRD_PAGES } from "../fakes/source-documents.mjs";
import { expectAxeCleanInBothThemes } from "./axe";
import { expect, LOCALES, signUpViaApi, test, useLocale, waitForHydration } from "./fixtures";
import { generationCopy } from "./generation-copy";

/**
 * A course made from the learner's own file (decision 027): its lesson cites the file with
 * superscripts; one opened by keyboard shows the quote, the file's title and the page in a side
 * panel that Escape closes (focus back on the superscript); the Sources list below holds every
 * quote. pt and en, axe-clean in both themes.
 */

const copy = {
  pt: { open: "Adicionar material", file: "Enviar um arquivo", sources: "Fontes", source: (n: number) => `Fonte ${n}` },
  en: { open: "Add material", file: "Upload a file", sources: "Sources", source: (n: number) => `Source ${n}` },
} as const;

const PDF = makePdf(SEABIRD_PAGES);
const SENTENCES = SEABIRD_PAGES.flat();

for (const locale of LOCALES) {
  const c = copy[locale];
  const g = generationCopy[locale].generate;

  test(`a lesson made from an uploaded file cites it: superscripts, the side panel by keyboard, the Sources list (${locale})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await useLocale(page, locale);
    await signUpViaApi(page);
    await page.goto("/dashboard/generate-course");
    const open = page.getByRole("button", { name: c.open });
    await waitForHydration(open);
    await open.click();
    const panel = page.getByTestId("sources-panel");
    await panel.getByLabel(c.file).setInputFiles({ name: "seabirds.pdf", mimeType: "application/pdf", buffer: PDF });
    const item = panel.getByTestId("source-item").filter({ hasText: "seabirds" });
    await expect(item).toHaveAttribute("data-status", "ready", { timeout: 30_000 });

    await page.getByLabel(g.topic, { exact: true }).fill("Seabirds");
    await page.getByRole("button", { name: g.submit, exact: true }).click();
    const generate = page.getByRole("button", { name: g.generateCourse });
    await expect(generate).toBeEnabled({ timeout: 30_000 });
    await generate.click();
    await page.waitForURL(/\/course\/[0-9a-f-]{36}$/, { timeout: 60_000 });

    // The first lesson, written from the file: superscripts that are links.
    const theory = page.getByTestId("lesson-theory");
    const links = theory.locator("sup.citation a");
    await expect(links.first()).toBeVisible();
    const first = links.first();
    const n = Number(await first.textContent());
    // The links are the stored HTML's: the text's container carries the handler.
    await waitForHydration(theory);

    // By keyboard: focus the superscript, Enter opens the side panel with the quote.
    await first.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: c.source(n) });
    await expect(dialog).toBeVisible();
    const quote = dialog.getByTestId("citation-quote");
    await expect(quote).toHaveAttribute("lang", "en");
    const quoted = (await quote.textContent()) ?? "";
    expect(SENTENCES.some((sentence) => quoted.includes(sentence))).toBe(true);
    await expect(dialog.getByTestId("citation-source")).toHaveText("seabirds");
    await expect(dialog.getByTestId("citation-pages")).toHaveText(/^pp?\. [12](–2)?$/);
    await expectAxeCleanInBothThemes(page, `citation panel (${locale})`);

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(first).toBeFocused();

    // The Sources list below the lesson: the link's target, the same quote.
    const sources = page.getByRole("region", { name: c.sources });
    await expect(sources).toBeVisible();
    const entry = sources.locator(`[id="cite-${n}"]`);
    await expect(entry).toContainText(quoted.trim().slice(0, 40));
    await expect(entry).toContainText("seabirds");
    await expect(first).toHaveAttribute("href", `#cite-${n}`);
    await expectAxeCleanInBothThemes(page, `grounded lesson (${locale})`);

    // The print view (what the PDF is printed from): the lesson's quotes under it, and every
    // superscript's link lands on an id that exists once in the whole document.
    const courseId = page.url().match(/\/course\/([0-9a-f-]{36})/)![1];
    await page.goto(`/course/${courseId}/print`);
    const printed = page.getByTestId("print-view");
    await expect(printed.getByRole("heading", { name: c.sources }).first()).toBeVisible();
    const targets = await printed
      .locator(".print-theory sup.citation a")
      .evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
    expect(targets.length).toBeGreaterThan(0);
    for (const href of targets) {
      expect(href).toMatch(/^#cite-[0-9a-f-]{36}-\d+$/);
      await expect(page.locator(`[id="${href.slice(1)}"]`)).toHaveCount(1);
    }
  });
}
