import { expect, LOCALES, signInViaApi, test, useLocale, waitForHydration } from "./fixtures";
import { seriousAxeViolations } from "./axe";

/** Seeded as paid (monthly) accounts by scripts/e2e-server.mjs: two sources need a paid plan. */
const PAID = { pt: "paid-1@e2e.test", en: "paid-2@e2e.test" } as const;
const PAID_PASSWORD = "e2e-password-1";

const copy = {
  pt: {
    open: "Adicionar material",
    title: "Título",
    text: "Texto",
    addText: "Adicionar texto",
    file: "Enviar um arquivo",
    ready: /Pronto/,
    remove: "Remover",
  },
  en: {
    open: "Add material",
    title: "Title",
    text: "Text",
    addText: "Add text",
    file: "Upload a file",
    ready: /Ready/,
    remove: "Remove",
  },
} as const;

let counter = 0;
const unique = (label: string) => `${label} ${Date.now().toString(36)}${process.pid}${++counter}`;

for (const locale of LOCALES) {
  const c = copy[locale];
  test.describe(`Add material (${locale})`, () => {
    test.beforeEach(async ({ page }) => {
      await useLocale(page, locale);
    });

    test("pasted text and a file are read (progress, then ready), one is removed, and the panel is axe-clean", async ({
      page,
    }) => {
      await signInViaApi(page, { email: PAID[locale], password: PAID_PASSWORD });
      await page.goto("/dashboard/generate-course");
      const open = page.getByRole("button", { name: c.open });
      await waitForHydration(open);
      await open.click();
      const panel = page.getByTestId("sources-panel");
      await expect(panel).toBeVisible();

      const textTitle = unique("Notes");
      await panel.getByLabel(c.title).fill(textTitle);
      await panel
        .getByLabel(c.text, { exact: true })
        .fill("Otters hold hands while they sleep so they do not drift apart.");
      await panel.getByRole("button", { name: c.addText }).click();
      const textItem = panel.getByTestId("source-item").filter({ hasText: textTitle });
      await expect(textItem).toHaveAttribute("data-status", "ready", { timeout: 20_000 });
      await expect(textItem).toContainText(c.ready);

      const fileTitle = unique("guide");
      await panel.getByLabel(c.file).setInputFiles({
        name: `${fileTitle}.md`,
        mimeType: "text/markdown",
        buffer: Buffer.from(
          "# Rivers\n\nRivers carry water and sediment to the sea.\n\n## Deltas\n\nA delta forms where a river slows.\n",
        ),
      });
      const fileItem = panel.getByTestId("source-item").filter({ hasText: fileTitle });
      await expect(fileItem).toBeVisible();
      await expect(fileItem).toHaveAttribute("data-status", "ready", { timeout: 20_000 });

      expect(await seriousAxeViolations(page, "[data-testid=sources-panel]")).toEqual([]);

      await textItem.getByRole("button", { name: new RegExp(c.remove) }).click();
      await expect(textItem).toHaveCount(0);
      await expect(fileItem).toBeVisible();
      // Gone on the server too: a reload lists the file only.
      await page.reload();
      await waitForHydration(open);
      await open.click();
      await expect(page.getByTestId("source-item").filter({ hasText: fileTitle })).toBeVisible();
      await expect(page.getByTestId("source-item").filter({ hasText: textTitle })).toHaveCount(0);
    });
  });
}
