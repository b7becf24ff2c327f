import { copy } from "./copy";
import { expect, LOCALES, signUpViaApi, test, useLocale } from "./fixtures";
import { expectEmptyMyCourses } from "./pages";

for (const locale of LOCALES) {
  test(`an unknown route answers 404 with the not-found page (${locale})`, async ({ page }) => {
    await useLocale(page, locale);
    const t = copy[locale].notFound;
    const response = await page.goto("/this-page-does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expect(page.getByRole("heading", { name: t.title })).toBeVisible();
    await expect(page.getByRole("link", { name: t.returnHome })).toHaveAttribute("href", "/");
    await expect(page.getByRole("link", { name: t.goDashboard })).toHaveAttribute("href", "/dashboard");

    await page.getByRole("link", { name: t.returnHome }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1, name: copy[locale].landing.heroTitle })).toBeVisible();

    // Signed out, the dashboard button leads to the login, which comes back to the dashboard.
    await page.goto("/nothing/here");
    await page.getByRole("link", { name: t.goDashboard }).click();
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fdashboard$/);
  });
}

test("the not-found page's dashboard button takes a signed-in user to My Courses", async ({ page }) => {
  await signUpViaApi(page);
  const response = await page.goto("/dashboard/does-not-exist");
  expect(response?.status()).toBe(404);
  await page.getByRole("link", { name: copy.pt.notFound.goDashboard }).click();
  await expectEmptyMyCourses(page, "pt");
});
