import { copy } from "./copy";
import {
  ADMIN,
  BASE_URL,
  expect,
  LOCALES,
  signInViaApi,
  signUpViaApi,
  test,
  toast,
  useLocale,
  waitForHydration,
} from "./fixtures";
import { chooseLanguage, dashboardNav, expectEmptyMyCourses, LoginPage } from "./pages";

test.describe("signed out", () => {
  for (const path of [
    "/dashboard",
    "/dashboard/generate-course",
    "/course/x",
    "/course/x/quiz",
    "/admin",
    "/admin/users",
  ]) {
    test(`${path} redirects to /login`, async ({ page }) => {
      await page.goto(path);
      const url = new URL(page.url());
      expect(url.pathname).toBe("/login");
      expect(url.searchParams.get("callbackUrl")).toBe(path);
      await new LoginPage(page, "pt").expectShown();
    });
  }

  test("a forged session cookie is refused by the page itself, not only by the proxy", async ({ page }) => {
    // The proxy only looks for a session cookie by name, so this one gets past it.
    await page.context().addCookies([
      {
        name: "__Secure-aula.session",
        // Shaped like a real token, so it is looked up and found in no session.
        value: "forged-session-token-forged-session-token-0",
        domain: new URL(BASE_URL).hostname,
        path: "/",
        secure: true,
      },
    ]);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fdashboard$/);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fadmin$/);
  });
});

for (const locale of LOCALES) {
  test(`logout from the sidebar ends the session (${locale})`, async ({ page }) => {
    await signUpViaApi(page);
    await page.goto("/dashboard");
    if (locale !== "pt") await chooseLanguage(page, locale);
    await expectEmptyMyCourses(page, locale);

    const t = copy[locale].sidebar;
    const logout = dashboardNav(page, locale).getByRole("button", { name: t.logout });
    await waitForHydration(logout);
    await logout.click();
    await expect(toast(page, t.loggedOut)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await new LoginPage(page, locale).expectShown();

    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fdashboard$/);
  });
}

test("a regular user is sent from /admin to the dashboard and sees no Admin Panel link", async ({ page }) => {
  await signUpViaApi(page);
  await page.goto("/dashboard");
  const nav = dashboardNav(page, "pt");
  await expect(nav.getByRole("link", { name: copy.pt.sidebar.home })).toBeVisible();
  await expect(nav.getByRole("link", { name: copy.pt.sidebar.adminPanel })).toHaveCount(0);

  for (const path of ["/admin", "/admin/users"]) {
    await page.goto(path);
    await expectEmptyMyCourses(page, "pt");
  }
});

for (const locale of LOCALES) {
  test(`the super admin logs in, sees Admin Panel and the admin sidebar (${locale})`, async ({ page }) => {
    const sidebar = copy[locale].sidebar;
    const admin = copy[locale].admin;

    if (locale === "pt") {
      const login = new LoginPage(page, locale);
      await login.goto();
      await login.logIn(ADMIN);
      await expect(toast(page, login.t.success)).toBeVisible();
    } else {
      await useLocale(page, locale);
      await signInViaApi(page, ADMIN);
      await page.goto("/dashboard");
    }
    await expectEmptyMyCourses(page, locale);

    const nav = dashboardNav(page, locale);
    await expect(nav.getByRole("link")).toHaveText([
      "Aula",
      sidebar.home,
      sidebar.review,
      sidebar.knowledge,
      sidebar.classes,
      sidebar.profile,
      sidebar.pricing,
      sidebar.generateCourse,
      sidebar.adminPanel,
    ]);
    await nav.getByRole("link", { name: sidebar.adminPanel }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1, name: admin.heading })).toBeVisible();

    const adminNav = page.getByRole("navigation", { name: admin.label });
    const entries = adminNav.getByRole("link").filter({ hasNotText: /^Aula$/ });
    // The SPEC's entries in its order, then the way back to the app.
    await expect(entries).toHaveText([...admin.entries, locale === "pt" ? "Voltar ao app" : "Back to app"]);
    await expect(adminNav.getByRole("link", { name: admin.entries[1], exact: true })).toHaveAttribute(
      "href",
      "/admin/users",
    );
    await expect(adminNav.getByRole("link", { name: admin.entries[12] })).toHaveAttribute(
      "href",
      "/admin/subscription-billing",
    );
    await expect(adminNav.getByRole("button", { name: copy[locale].toggleTheme })).toBeVisible();

    // A section link opens its page inside the admin layout.
    await adminNav.getByRole("link", { name: admin.entries[1], exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole("heading", { level: 1, name: admin.entries[1], exact: true })).toBeVisible();
    await expect(adminNav.getByRole("link", { name: admin.entries[1], exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });
}
