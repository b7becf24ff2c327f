import type { Page } from "@playwright/test";
import { createCourseViaApi } from "./courses";
import { expect, LOCALES, signUpViaApi, test, useLocale } from "./fixtures";

/** What a person sees on small screens and in the browser's chrome, in both languages. */
async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

for (const locale of LOCALES) {
  test.describe(`screens (${locale})`, () => {
    test("no page scrolls sideways at 360 px", async ({ page }) => {
      await useLocale(page, locale);
      await page.setViewportSize({ width: 360, height: 740 });
      for (const path of ["/", "/login", "/signup", "/forgot-password", "/no-such-page"]) {
        await page.goto(path);
        expect(await horizontalOverflow(page), path).toBeLessThanOrEqual(0);
      }
      await signUpViaApi(page);
      const courseId = await createCourseViaApi(page, `Narrow Screens ${locale}`);
      for (const path of ["/dashboard", "/dashboard/generate-course", "/dashboard/profile", `/course/${courseId}`]) {
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        expect(await horizontalOverflow(page), path).toBeLessThanOrEqual(0);
      }
    });

    test("the not-found page names itself in the tab, and the notifications region speaks the page's language", async ({
      page,
    }) => {
      await useLocale(page, locale);
      await page.goto("/no-such-page");
      await expect(page).toHaveTitle(locale === "pt" ? "Página não encontrada · Aula" : "Page Not Found · Aula");
      const region = page.getByRole("region", {
        name: locale === "pt" ? "Notificações" : "Notifications",
        exact: true,
      });
      await expect(region).toBeAttached();
    });
  });
}
