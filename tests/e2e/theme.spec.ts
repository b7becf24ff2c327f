import type { Page } from "@playwright/test";
import { copy } from "./copy";
import { expect, isDark, type Locale, signUpViaApi, test, useLocale, waitForHydration } from "./fixtures";
import { dashboardNav } from "./pages";

/**
 * Loads a page with only the server's HTML and its inline scripts: the app's bundles are
 * blocked, so React never hydrates and nothing could correct a wrong theme after the first paint.
 * What this sees is what the first paint shows.
 */
async function themeBeforeHydration(page: Page, url: string): Promise<"dark" | "light"> {
  await page.route("**/_next/static/**/*.js", (route) => route.abort());
  try {
    await page.goto(url, { waitUntil: "domcontentloaded" });
    return (await isDark(page)) ? "dark" : "light";
  } finally {
    await page.unroute("**/_next/static/**/*.js");
  }
}

// The bundles are blocked by page.route, which never sees what the offline worker fetches itself.
test.use({ serviceWorkers: "block" });

// Each system preference is tried in one of the two UI languages.
const cases: { system: "dark" | "light"; locale: Locale }[] = [
  { system: "dark", locale: "pt" },
  { system: "light", locale: "en" },
];

for (const { system, locale } of cases) {
  const other = system === "dark" ? "light" : "dark";

  test.describe(`the system prefers ${system} (${locale})`, () => {
    test.use({ colorScheme: system });
    test.beforeEach(async ({ page }) => useLocale(page, locale));

    test("the first paint already has the system's theme", async ({ page }) => {
      expect(await themeBeforeHydration(page, "/")).toBe(system);
      expect(await themeBeforeHydration(page, "/login")).toBe(system);
      // And hydration keeps it.
      await page.goto("/");
      await waitForHydration(page.getByRole("button", { name: copy[locale].toggleTheme }));
      expect(await isDark(page)).toBe(system === "dark");
    });

    test("the header toggle switches the theme and the choice survives a reload with no flash", async ({ page }) => {
      await page.goto("/");
      const toggle = page.getByRole("banner").getByRole("button", { name: copy[locale].toggleTheme });
      await waitForHydration(toggle);
      await toggle.click();
      await expect.poll(() => isDark(page)).toBe(other === "dark");

      await page.reload();
      expect(await isDark(page)).toBe(other === "dark");
      // The stored choice is applied before the first paint, not after hydration.
      expect(await themeBeforeHydration(page, "/")).toBe(other);
      expect(await themeBeforeHydration(page, "/signup")).toBe(other);

      // Toggling again comes back to the system's theme.
      await page.goto("/");
      await waitForHydration(toggle);
      await toggle.click();
      await expect.poll(() => isDark(page)).toBe(system === "dark");
      await page.reload();
      expect(await isDark(page)).toBe(system === "dark");
    });
  });
}

test.describe("in the dashboard", () => {
  test.use({ colorScheme: "light" });

  test("the sidebar's Toggle Theme switches to dark and it stays across pages and reloads", async ({ page }) => {
    await signUpViaApi(page);
    await page.goto("/dashboard");
    const toggle = dashboardNav(page, "pt").getByRole("button", { name: copy.pt.sidebar.toggleTheme });
    await waitForHydration(toggle);
    expect(await isDark(page)).toBe(false);
    await toggle.click();
    await expect.poll(() => isDark(page)).toBe(true);
    expect(await themeBeforeHydration(page, "/dashboard")).toBe("dark");
    expect(await themeBeforeHydration(page, "/")).toBe("dark");
  });
});
