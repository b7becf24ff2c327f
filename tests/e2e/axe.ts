import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * The serious and critical axe-core findings on the page (or inside `include`), one line each:
 * what the specs assert to be empty. Legacy mode runs axe inside the page itself: the default
 * mode finishes in a blank page it opens in the same context, and with Debian's Chromium that
 * page never resolved in CI. tests/e2e/a11y.spec.ts adds one more rule for its page sweep.
 */
export async function seriousAxeViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]);
  if (include) builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** No serious or critical finding in the light theme, then in the dark one (the system's, switched in place). */
export async function expectAxeCleanInBothThemes(page: Page, what: string): Promise<void> {
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
    expect(await seriousAxeViolations(page), `${what} (${theme}): serious or critical axe violations`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: "light" });
}
