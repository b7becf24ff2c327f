import type { Locator, Page } from "@playwright/test";
import { copy } from "./copy";
import { expect, type Locale, LOCALES, signUpViaApi, test, useLocale, waitForHydration } from "./fixtures";
import { dashboardNav } from "./pages";

const SEVEN_DAYS_S = 7 * 24 * 60 * 60;

function trigger(page: Page, locale: Locale): Locator {
  return page.getByRole("button", { name: copy[locale].sidebar.toggleSidebar });
}

/** The desktop column holding the dashboard navigation. */
function sidebarColumn(page: Page, locale: Locale): Locator {
  return page.getByRole("complementary").filter({ has: dashboardNav(page, locale) });
}

async function widthOf(target: Locator): Promise<number> {
  return target.evaluate((el) => Math.round(el.getBoundingClientRect().width));
}

/**
 * Presses a shortcut until the sidebar reaches the wanted state. Pressing only while the state
 * is still the old one never toggles twice; the retry covers a press that lands before React
 * attached its key listener.
 */
async function pressUntil(page: Page, key: string, reached: () => Promise<boolean>) {
  await expect(async () => {
    if (!(await reached())) await page.keyboard.press(key);
    await expect.poll(reached, { timeout: 1_000 }).toBe(true);
  }).toPass({ timeout: 10_000 });
}

function expandedIs(button: Locator, expanded: boolean) {
  return async () => (await button.getAttribute("aria-expanded")) === String(expanded);
}

async function sidebarCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === "sidebar_state");
}

for (const locale of LOCALES) {
  test(`Ctrl+B and Cmd+B fold the sidebar to icons and back, kept in a 7-day cookie (${locale})`, async ({ page }) => {
    await useLocale(page, locale);
    await signUpViaApi(page);
    await page.goto("/dashboard");
    const t = copy[locale].sidebar;
    const column = sidebarColumn(page, locale);
    const button = trigger(page, locale);
    const home = dashboardNav(page, locale).getByRole("link", { name: t.home });

    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect.poll(() => widthOf(column)).toBe(256);
    await expect(home.getByText(t.home)).toBeVisible();

    await waitForHydration(button);
    await pressUntil(page, "Control+b", expandedIs(button, false));
    await expect.poll(() => widthOf(column)).toBe(48);
    // Icons only, still named for screen readers and with a tooltip.
    await expect(home.getByText(t.home)).not.toBeInViewport();
    await expect(home).toHaveAttribute("title", t.home);

    const cookie = await sidebarCookie(page);
    expect(cookie?.value).toBe("false");
    expect(cookie!.expires).toBeGreaterThan(Date.now() / 1000 + SEVEN_DAYS_S - 120);
    expect(cookie!.expires).toBeLessThan(Date.now() / 1000 + SEVEN_DAYS_S + 120);

    // The server renders it folded: no wide-then-narrow jump on reload.
    const response = await page.reload();
    const html = await response!.text();
    expect(html).toContain('data-state="collapsed"');
    expect(await widthOf(column)).toBe(48);
    await expect(button).toHaveAttribute("aria-expanded", "false");

    await pressUntil(page, "Meta+b", expandedIs(button, true));
    await expect.poll(() => widthOf(column)).toBe(256);
    expect((await sidebarCookie(page))?.value).toBe("true");
    await page.reload();
    expect(await widthOf(column)).toBe(256);

    // The trigger button does the same as the shortcut.
    await waitForHydration(button);
    await button.click();
    await expect.poll(() => widthOf(column)).toBe(48);
    await expect.poll(async () => (await sidebarCookie(page))?.value).toBe("false");
  });
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 800 }, hasTouch: true });

  for (const locale of LOCALES) {
    test(`the sidebar is a drawer opened by the trigger or Ctrl+B (${locale})`, async ({ page }) => {
      await useLocale(page, locale);
      await signUpViaApi(page);
      await page.goto("/dashboard");
      const t = copy[locale].sidebar;
      const button = trigger(page, locale);
      await expect(button).toBeVisible();
      await expect(dashboardNav(page, locale)).toBeHidden();
      await expect(page.getByRole("heading", { level: 1, name: copy[locale].dashboard.myCourses })).toBeInViewport();

      await waitForHydration(button);
      await expect(async () => {
        if (!(await page.getByRole("dialog").isVisible())) await button.tap();
        await expect(page.getByRole("dialog")).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 10_000 });
      const drawer = page.getByRole("dialog");
      expect(await widthOf(drawer)).toBe(288);
      const nav = drawer.getByRole("navigation", { name: t.label });
      for (const name of [t.home, t.profile, t.pricing, t.generateCourse]) {
        await expect(nav.getByRole("link", { name })).toBeVisible();
      }
      await expect(nav.getByRole("link", { name: t.adminPanel })).toHaveCount(0);
      await expect(nav.getByRole("button", { name: t.logout })).toBeVisible();

      // Following a link closes the drawer.
      await nav.getByRole("link", { name: t.home }).tap();
      await expect(drawer).toBeHidden();
      await expect(page).toHaveURL(/\/dashboard$/);

      await pressUntil(page, "Control+b", () => page.getByRole("dialog").isVisible());
      expect(await widthOf(page.getByRole("dialog"))).toBe(288);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toBeHidden();

      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
    });
  }
});

test("Desktop App appears only when the browser offers to install, and asks the browser", async ({ page }) => {
  await useLocale(page, "en");
  await signUpViaApi(page);
  await page.goto("/dashboard");
  const nav = dashboardNav(page, "en");
  const logout = nav.getByRole("button", { name: copy.en.sidebar.logout });
  await waitForHydration(logout);
  const install = nav.getByRole("button", { name: copy.en.sidebar.installApp });
  await expect(install).toHaveCount(0);

  // What Chromium fires when the app is installable; it records whether the prompt was shown.
  await page.evaluate(() => {
    const offer = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
      prompt: async () => {
        (window as unknown as { installPrompted: boolean }).installPrompted = true;
      },
      userChoice: Promise.resolve({ outcome: "accepted" }),
    });
    window.dispatchEvent(offer);
  });
  await expect(install).toBeVisible();
  await install.click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { installPrompted?: boolean }).installPrompted))
    .toBe(true);
  await expect(install).toHaveCount(0);
});
