import { copy } from "./copy";
import { expect, signUpViaApi, test } from "./fixtures";
import { chooseLanguage, expectEmptyMyCourses, LoginPage } from "./pages";

test("the site is in Portuguese by default", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "pt");
  await expect(page.getByRole("heading", { level: 1, name: copy.pt.landing.heroTitle })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: copy.pt.landing.getStarted })).toBeVisible();
});

test("choosing English switches the texts, survives a reload and follows to other pages", async ({ page }) => {
  await page.goto("/");
  await chooseLanguage(page, "en");
  await expect(page.getByRole("heading", { level: 1, name: copy.en.landing.heroTitle })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: copy.en.landing.getStarted })).toBeVisible();
  await expect(page.getByText(copy.pt.landing.heroTitle)).toHaveCount(0);

  const cookie = (await page.context().cookies()).find((c) => c.name === "NEXT_LOCALE");
  expect(cookie?.value).toBe("en");

  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1, name: copy.en.landing.heroTitle })).toBeVisible();

  await page.getByRole("banner").getByRole("link", { name: copy.en.landing.login }).click();
  await new LoginPage(page, "en").expectShown();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  // And back: the menu works in both directions.
  await chooseLanguage(page, "pt");
  await new LoginPage(page, "pt").expectShown();
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "pt");
});

test("the language chosen in the dashboard applies to the whole shell", async ({ page }) => {
  await signUpViaApi(page);
  await page.goto("/dashboard");
  await expectEmptyMyCourses(page, "pt");
  await chooseLanguage(page, "en");
  await expectEmptyMyCourses(page, "en");
  await expect(
    page
      .getByRole("navigation", { name: copy.en.sidebar.label })
      .getByRole("link", { name: copy.en.sidebar.generateCourse }),
  ).toBeVisible();

  await page.goto("/this-does-not-exist");
  await expect(page.getByRole("heading", { name: copy.en.notFound.title })).toBeVisible();
});
