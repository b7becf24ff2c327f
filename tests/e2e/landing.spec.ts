import { copy } from "./copy";
import { expect, LOCALES, test, useLocale } from "./fixtures";

for (const locale of LOCALES) {
  test(`the landing header has the anchors, login, get started, theme and language (${locale})`, async ({ page }) => {
    await useLocale(page, locale);
    await page.goto("/");
    const t = copy[locale].landing;
    const header = page.getByRole("banner");
    const nav = header.getByRole("navigation", { name: t.navLabel });
    await expect(nav.getByRole("link", { name: t.features })).toHaveAttribute("href", "/#features");
    await expect(nav.getByRole("link", { name: t.howItWorks })).toHaveAttribute("href", "/#how-it-works");
    await expect(nav.getByRole("link", { name: t.pricing })).toHaveAttribute("href", "/#pricing");
    await expect(header.getByRole("button", { name: copy[locale].toggleTheme })).toBeVisible();
    await expect(
      header.getByRole("button", { name: `${copy[locale].language}: ${locale.toUpperCase()}`, exact: true }),
    ).toBeVisible();

    await header.getByRole("link", { name: t.getStarted }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole("heading", { name: copy[locale].signup.heading })).toBeVisible();
    await page.goBack();
    await header.getByRole("link", { name: t.login, exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { name: copy[locale].login.heading })).toBeVisible();
  });
}

test("the hero's call to action goes to the dashboard (login first when signed out)", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Crie seu curso" }).click();
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fdashboard$/);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 800 }, hasTouch: true });

  for (const locale of LOCALES) {
    test(`the landing page does not scroll sideways and keeps login and get started (${locale})`, async ({ page }) => {
      await useLocale(page, locale);
      await page.goto("/");
      const t = copy[locale].landing;
      await expect(page.getByRole("heading", { level: 1, name: t.heroTitle })).toBeVisible();
      await expect(page.getByRole("banner").getByRole("link", { name: t.login, exact: true })).toBeInViewport({
        ratio: 1,
      });
      await expect(page.getByRole("banner").getByRole("link", { name: t.getStarted })).toBeInViewport({ ratio: 1 });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
    });
  }
});
