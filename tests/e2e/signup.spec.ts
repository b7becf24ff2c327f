import { copy } from "./copy";
import { expect, type Locale, LOCALES, signUpViaApi, test, toast, uniqueEmail, useLocale } from "./fixtures";
import { chooseLanguage, dashboardNav, expectEmptyMyCourses, SignupPage } from "./pages";

/** pt is the default; en is chosen in the header's language menu, as a user would. */
async function openSignup(signup: SignupPage, locale: Locale) {
  if (locale === "pt") return signup.goto();
  await new SignupPage(signup.page, "pt").goto();
  await chooseLanguage(signup.page, locale);
  await signup.expectShown();
}

for (const locale of LOCALES) {
  test.describe(`sign-up (${locale})`, () => {
    test("checks the fields in the SPEC's order, one message at a time", async ({ page }) => {
      const signup = new SignupPage(page, locale);
      const t = signup.t;
      await openSignup(signup, locale);

      // Nothing filled and the box unticked: the missing fields come first.
      await signup.submitExpectingError(t.fillAll);
      // One field still empty, even with everything else wrong.
      await signup.fillIn({ name: "Ana", email: "not-an-email", password: "short" });
      await signup.fillIn({ name: "  " });
      await signup.submitExpectingError(t.fillAll);
      // All filled, box unticked, short password, bad e-mail: the terms come next.
      await signup.fillIn({ name: "Ana" });
      await signup.submitExpectingError(t.agreeTerms);
      // Box ticked: the password length, before the e-mail's form.
      await signup.fillIn({ terms: true });
      await signup.submitExpectingError(t.passwordMin);
      await signup.fillIn({ password: "12345678" });
      await signup.submitExpectingError(t.passwordMin);
      // Long enough password: the e-mail's form is last.
      await signup.fillIn({ password: "123456789" });
      await signup.submitExpectingError(t.invalidEmail);

      // Nothing was sent and nobody is signed in.
      await expect(page).toHaveURL(/\/signup$/);
      expect((await page.context().cookies()).filter((c) => c.name.endsWith("aula.session"))).toEqual([]);
    });

    test("the terms box links to the terms and the privacy policy", async ({ page }) => {
      const signup = new SignupPage(page, locale);
      await openSignup(signup, locale);
      await expect(page.getByRole("link", { name: signup.t.termsLink })).toHaveAttribute("href", "/terms");
      await expect(page.getByRole("link", { name: signup.t.privacyLink })).toHaveAttribute("href", "/privacy-policy");
      await expect(page.getByRole("link", { name: signup.t.loginLink, exact: true })).toHaveAttribute("href", "/login");

      // The legal pages come in a later issue; following the link is enough here.
      await page.getByRole("link", { name: signup.t.privacyLink }).click();
      await expect(page).toHaveURL(/\/privacy-policy$/);
      await page.goBack();
      await page.getByRole("link", { name: signup.t.termsLink }).click();
      await expect(page).toHaveURL(/\/terms$/);
    });

    test("an e-mail already registered, in other letter case, gets the server's message", async ({ page, browser }) => {
      // Someone else registered the address first, in their own browser.
      const other = await browser.newContext();
      const { email } = await signUpViaApi(await other.newPage());
      await other.close();

      const signup = new SignupPage(page, locale);
      await openSignup(signup, locale);
      await signup.fillIn({
        name: "Ana",
        email: `  ${email.toUpperCase()} `,
        password: "a-long-password",
        terms: true,
      });
      await signup.submitExpectingError(signup.t.emailTaken);
      await expect(page).toHaveURL(/\/signup$/);
    });

    test("a new account is created, signed in, and lands on an empty My Courses", async ({ page }) => {
      const signup = new SignupPage(page, locale);
      await openSignup(signup, locale);
      const email = uniqueEmail("signup");
      const name = locale === "pt" ? "Joana Silva" : "Jane Smith";
      await signup.fillIn({ name, email, password: "a-long-password", terms: true });
      await signup.submit.click();

      await expect(toast(page, copy[locale].signup.success)).toBeVisible();
      await expectEmptyMyCourses(page, locale);
      await expect(dashboardNav(page, locale).getByText(name, { exact: true })).toBeVisible();
      await expect(dashboardNav(page, locale).getByText(email, { exact: true })).toBeVisible();

      // Signed in for real: a reload keeps the dashboard, and the language stayed.
      await page.reload();
      await expectEmptyMyCourses(page, locale);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
    });
  });
}

test("the language cookie alone gives the English form (no menu)", async ({ page }) => {
  await useLocale(page, "en");
  const signup = new SignupPage(page, "en");
  await signup.goto();
  await signup.submitExpectingError(copy.en.signup.fillAll);
});
