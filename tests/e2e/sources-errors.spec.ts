import { expect, LOCALES, signUpViaApi, test, useLocale, waitForHydration } from "./fixtures";

/**
 * A refused address or file is told under its own field (issue 33 item 10): a web address whose
 * name does not resolve says so, not "no text"; the field is marked invalid and described by the
 * message, which goes once the address is edited.
 */
const copy = {
  pt: {
    open: "Adicionar material",
    url: "Endereço da web",
    add: "Adicionar",
    file: "Enviar um arquivo",
    unresolved: /Não encontramos este endereço da web/,
    unsupported: /Envie um arquivo PDF, DOCX, PPTX, TXT ou Markdown/,
  },
  en: {
    open: "Add material",
    url: "Web address",
    add: "Add",
    file: "Upload a file",
    unresolved: /This web address was not found/,
    unsupported: /Upload a PDF, DOCX, PPTX, TXT or Markdown file/,
  },
} as const;

for (const locale of LOCALES) {
  const c = copy[locale];
  test(`an address that does not resolve and a refused file are told under their fields (${locale})`, async ({
    page,
  }) => {
    await useLocale(page, locale);
    await signUpViaApi(page);
    await page.goto("/dashboard/generate-course");
    const open = page.getByRole("button", { name: c.open });
    await waitForHydration(open);
    await open.click();
    const panel = page.getByTestId("sources-panel");

    const address = panel.getByLabel(c.url);
    await address.fill("https://no-such-host.invalid/notes");
    await panel.getByRole("button", { name: c.add, exact: true }).click();
    await expect(address).toHaveAttribute("aria-invalid", "true");
    await expect(address).toHaveAccessibleDescription(c.unresolved);
    await expect(panel.getByRole("alert").filter({ hasText: c.unresolved })).toBeVisible();
    await address.fill("https://example.org/notes");
    await expect(address).not.toHaveAttribute("aria-invalid", "true");
    await expect(panel.getByText(c.unresolved)).toHaveCount(0);

    const file = panel.getByLabel(c.file);
    await file.setInputFiles({ name: "grades.xlsx", mimeType: "application/octet-stream", buffer: Buffer.from("PK") });
    await expect(file).toHaveAttribute("aria-invalid", "true");
    await expect(file).toHaveAccessibleDescription(c.unsupported);
    await expect(panel.getByTestId("source-item")).toHaveCount(0);
  });
}
