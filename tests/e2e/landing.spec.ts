import { copy } from "./copy";
import { expect, LOCALES, test, uniqueEmail, useLocale } from "./fixtures";
import { SignupPage } from "./pages";

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

for (const locale of LOCALES) {
  test(`the hero's call to action leads a new visitor to sign-up, then to Generate; someone signed in goes straight there (${locale})`, async ({
    page,
  }) => {
    await useLocale(page, locale);
    const t = copy[locale];
    await page.goto("/");
    await page.getByRole("link", { name: t.landing.heroCta }).click();
    await expect(page).toHaveURL("/signup?callbackUrl=%2Fdashboard%2Fgenerate-course");
    const signup = new SignupPage(page, locale);
    await signup.expectShown();
    // "Log in" is there for someone who has an account, and keeps where they were going.
    await expect(page.getByRole("link", { name: t.signup.loginLink, exact: true })).toHaveAttribute(
      "href",
      "/login?callbackUrl=%2Fdashboard%2Fgenerate-course",
    );
    await signup.fillIn({ name: "Hero", email: uniqueEmail("hero"), password: "a-long-password", terms: true });
    await signup.submit.click();
    await expect(page).toHaveURL(/\/dashboard\/generate-course$/);

    // Signed in, the same link goes straight to Generate.
    await page.goto("/");
    await page.getByRole("link", { name: t.landing.heroCta }).click();
    await expect(page).toHaveURL(/\/dashboard\/generate-course$/);
  });
}

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
