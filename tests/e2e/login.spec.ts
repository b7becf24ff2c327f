import { copy } from "./copy";
import { expect, type Locale, LOCALES, signUpViaApi, test, toast, uniqueEmail } from "./fixtures";
import { chooseLanguage, expectEmptyMyCourses, LoginPage } from "./pages";

/** An account made through the API in a separate browser, so this page starts signed out. */
async function existingAccount(browser: import("@playwright/test").Browser, name = "Login User") {
  const context = await browser.newContext();
  const account = await signUpViaApi(await context.newPage(), name);
  await context.close();
  return account;
}

async function openLogin(login: LoginPage, locale: Locale) {
  if (locale === "pt") return login.goto();
  await new LoginPage(login.page, "pt").goto();
  await chooseLanguage(login.page, locale);
  await login.expectShown();
}

for (const locale of LOCALES) {
  test.describe(`login (${locale})`, () => {
    test("asks for both fields, then shows the server's message for a wrong password", async ({ page, browser }) => {
      const account = await existingAccount(browser);
      const login = new LoginPage(page, locale);
      await openLogin(login, locale);

      await expect(page.getByRole("link", { name: login.t.forgot })).toHaveAttribute("href", "/forgot-password");
      await expect(page.getByRole("link", { name: login.t.signupLink })).toHaveAttribute("href", "/signup");

      await login.submit.click();
      await expect(login.alert).toHaveText(login.t.bothRequired);
      await login.email.fill(account.email);
      await login.submit.click();
      await expect(login.alert).toHaveText(login.t.bothRequired);

      await login.logInExpectingStatus({ email: account.email, password: "not-the-password" }, 401);
      await expect(login.alert).toHaveText(login.t.invalidCredentials);
      await expect(page).toHaveURL(/\/login$/);
    });

    test("logs in, says so, and lands on the dashboard", async ({ page, browser }) => {
      const account = await existingAccount(browser);
      const login = new LoginPage(page, locale);
      await openLogin(login, locale);
      // The e-mail is matched whatever its letter case.
      await login.logIn({ email: account.email.toUpperCase(), password: account.password });
      await expect(toast(page, login.t.success)).toBeVisible();
      await expectEmptyMyCourses(page, locale);
    });

    test("comes back to the page first asked for", async ({ page, browser }) => {
      const account = await existingAccount(browser);
      await page.goto("/dashboard/profile?tab=security");
      await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fdashboard%2Fprofile%3Ftab%3Dsecurity$/);
      const login = new LoginPage(page, locale);
      if (locale !== "pt") await chooseLanguage(page, locale);
      await login.expectShown();
      await login.logIn(account);
      // The profile page itself comes in a later issue (until then Next loads its 404 as a new
      // document, which drops the toast); the address is what matters here.
      await expect(page).toHaveURL(/\/dashboard\/profile\?tab=security$/);
    });
  });
}

test("a course link asked for while signed out is reopened after login", async ({ page, browser }) => {
  const account = await existingAccount(browser);
  await page.goto("/course/abc");
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fcourse%2Fabc$/);
  const login = new LoginPage(page, "pt");
  await login.expectShown();
  await login.logIn(account);
  await expect(page).toHaveURL(/\/course\/abc$/);
});

test("a callback to another site is ignored: login lands on the dashboard", async ({ page, browser }) => {
  const account = await existingAccount(browser);
  const login = new LoginPage(page, "pt");
  await login.goto("/login?callbackUrl=%2F%2Fevil.example%2Fphish");
  await login.logIn(account);
  await expectEmptyMyCourses(page, "pt");
});

test("/login and /signup send a signed-in user to the dashboard", async ({ page }) => {
  await signUpViaApi(page);
  await page.goto("/login");
  await expectEmptyMyCourses(page, "pt");
  await page.goto("/signup");
  await expectEmptyMyCourses(page, "pt");
});

for (const locale of LOCALES) {
  test(`after 10 wrong passwords the 11th attempt is refused (${locale})`, async ({ page, browser }) => {
    const account = await existingAccount(browser, "Rate Limited");
    const login = new LoginPage(page, locale);
    await openLogin(login, locale);
    const wrong = { email: account.email, password: "wrong-password" };
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      await login.logInExpectingStatus(wrong, 401);
      await expect(login.alert).toHaveText(login.t.invalidCredentials);
    }
    await login.logInExpectingStatus(wrong, 429);
    await expect(login.alert).toHaveText(copy[locale].login.tooManyAttempts);
    // Even the right password waits for the window to pass.
    await login.logInExpectingStatus(account, 429);
    await expect(login.alert).toHaveText(copy[locale].login.tooManyAttempts);
    await expect(page).toHaveURL(/\/login$/);
  });
}

test("failed attempts for one e-mail do not lock another account out", async ({ page, browser }) => {
  const locked = { email: uniqueEmail("locked"), password: "wrong-password" };
  const account = await existingAccount(browser);
  const login = new LoginPage(page, "pt");
  await login.goto();
  for (let attempt = 1; attempt <= 11; attempt += 1) {
    await login.logInExpectingStatus(locked, attempt <= 10 ? 401 : 429);
  }
  await login.logIn(account);
  await expectEmptyMyCourses(page, "pt");
});
