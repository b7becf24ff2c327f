import { accountCopy } from "./account-copy";
import { seriousAxeViolations } from "./axe";
import { copy } from "./copy";
import { expect, LOCALES, signUpViaApi, test, toast, uniqueEmail, useLocale, waitForHydration } from "./fixtures";
import { generationCopy } from "./generation-copy";
import { resetLinkIn, waitForMail } from "./mailbox";
import { LoginPage, SignupPage } from "./pages";

/**
 * Clear errors for a newcomer (issue 33): sign-up marks the field in error; the password rule is
 * one text on sign-up, reset and profile, and a password of that length alone is taken; "Forgot
 * password?" keeps the typed e-mail; the Generate form's topic error goes once the topic is
 * valid; the app opened at 127.0.0.1 instead of the printed localhost signs up. pt and en.
 */
const rule = { pt: "Pelo menos 9 caracteres.", en: "At least 9 characters." } as const;
const PORT = Number(process.env.E2E_PORT ?? 3100);

for (const locale of LOCALES) {
  const t = copy[locale].signup;
  const a = accountCopy[locale];

  test.describe(`clear errors (${locale})`, () => {
    test.beforeEach(async ({ page }) => {
      await useLocale(page, locale);
    });

    test("sign-up marks the field in error, names its message, moves focus there, and states the password rule", async ({
      page,
    }) => {
      const signup = new SignupPage(page, locale);
      await signup.goto();
      const describedBy = async (field: "name" | "email" | "password") =>
        ((await signup[field].getAttribute("aria-describedby")) ?? "").split(" ");
      const error = page.getByTestId("signup-error");

      // The rule, before anything goes wrong.
      await expect(page.getByTestId("password-rule")).toHaveText(rule[locale]);
      expect(await describedBy("password")).toContain("password-rule");

      await signup.submit.click();
      await expect(error).toHaveText(t.fillAll);
      await expect(signup.name).toHaveAttribute("aria-invalid", "true");
      await expect(signup.email).toHaveAttribute("aria-invalid", "true");
      await expect(signup.name).toBeFocused();
      const errorId = (await error.getAttribute("id"))!;
      expect(await describedBy("name")).toContain(errorId);
      expect(await seriousAxeViolations(page, "main")).toEqual([]);

      await signup.fillIn({ name: "Ana", email: "ana@example.io", password: "short", terms: true });
      // Editing a field in error clears its mark: the message was about the old value.
      await expect(signup.name).not.toHaveAttribute("aria-invalid", "true");
      await signup.submit.click();
      await expect(error).toHaveText(t.passwordMin);
      await expect(signup.password).toHaveAttribute("aria-invalid", "true");
      await expect(signup.password).toBeFocused();
      expect(await describedBy("password")).toEqual([errorId, "password-rule"]);
      await expect(signup.email).not.toHaveAttribute("aria-invalid", "true");

      await signup.fillIn({ password: "a-long-password", email: "not-an-email" });
      await signup.submit.click();
      await expect(error).toHaveText(t.invalidEmail);
      await expect(signup.email).toHaveAttribute("aria-invalid", "true");
      await expect(signup.email).toBeFocused();
      expect(await describedBy("email")).toContain(errorId);

      await signup.fillIn({ email: "ana@example.io", terms: false });
      await signup.submit.click();
      await expect(error).toHaveText(t.agreeTerms);
      await expect(signup.terms).toHaveAttribute("aria-invalid", "true");
      await expect(signup.terms).toBeFocused();
    });

    test("Forgot password? keeps the typed e-mail; reset and profile state the same rule and take a password of that length alone", async ({
      page,
      browser,
    }) => {
      // Another browser signs up (in this language: the reset mail is written in the account's).
      const other = await browser.newContext();
      const otherPage = await other.newPage();
      await useLocale(otherPage, locale);
      const account = await signUpViaApi(otherPage, "Rule Person");
      await other.close();

      const login = new LoginPage(page, locale);
      await login.goto();
      await login.email.fill(account.email);
      await page.getByRole("link", { name: login.t.forgot }).click();
      await expect(page.getByRole("heading", { name: a.forgot.heading })).toBeVisible();
      const email = page.getByLabel(a.forgot.email, { exact: true });
      await expect(email).toHaveValue(account.email);
      await waitForHydration(page.getByRole("button", { name: a.forgot.submit }));
      await page.getByRole("button", { name: a.forgot.submit }).click();
      await expect(page.getByRole("heading", { name: a.forgot.checkTitle })).toBeVisible();

      await page.goto(resetLinkIn(await waitForMail(account.email, a.mail.reset)));
      await expect(page.getByRole("heading", { name: a.reset.heading })).toBeVisible();
      await expect(page.getByTestId("password-rule")).toHaveText(rule[locale]);
      // No capital, digit or symbol: the rule is the length, and the server agrees.
      const plain = "plainpass";
      await page.getByLabel(a.reset.password, { exact: true }).fill(plain);
      await page.getByLabel(a.reset.confirm, { exact: true }).fill(plain);
      await page.getByRole("button", { name: a.reset.submit }).click();
      await expect(toast(page, a.reset.toast)).toBeVisible();

      await new LoginPage(page, locale).goto();
      await login.logIn({ email: account.email, password: plain });
      await page.waitForURL(/\/dashboard$/);
      await page.goto("/dashboard/profile");
      const edit = page.getByRole("button", { name: a.profile.edit });
      await waitForHydration(edit);
      await edit.click();
      await expect(page.getByTestId("password-rule")).toHaveText(rule[locale]);
      const described =
        (await page.getByLabel(a.profile.newPassword, { exact: true }).getAttribute("aria-describedby")) ?? "";
      expect(described.split(" ")).toContain("profile-password-rule");
    });

    test("the Generate form's topic error goes as soon as the topic is long enough", async ({ page }) => {
      const g = generationCopy[locale].generate;
      await signUpViaApi(page);
      await page.goto("/dashboard/generate-course");
      const topic = page.getByLabel(g.topic, { exact: true });
      const submit = page.getByRole("button", { name: g.submit, exact: true });
      await waitForHydration(submit);
      await topic.fill("ab");
      await submit.click();
      await expect(page.getByText(g.topicMin)).toBeVisible();
      await expect(topic).toHaveAttribute("aria-invalid", "true");
      await topic.press("c");
      await expect(page.getByText(g.topicMin)).toHaveCount(0);
      await expect(topic).toHaveAttribute("aria-invalid", "false");
      await expect(topic).not.toHaveAttribute("aria-describedby");
    });

    test("the app opened at 127.0.0.1 instead of the printed localhost signs up", async ({ page }) => {
      await page.context().addCookies([{ name: "NEXT_LOCALE", value: locale, url: `http://127.0.0.1:${PORT}` }]);
      await page.goto(`http://127.0.0.1:${PORT}/signup`);
      const signup = new SignupPage(page, locale);
      await signup.expectShown();
      await signup.fillIn({
        name: "Loopback",
        email: uniqueEmail("loopback"),
        password: "a-long-password",
        terms: true,
      });
      await signup.submit.click();
      await page.waitForURL(`http://127.0.0.1:${PORT}/dashboard`);
      await expect(page.getByTestId("signup-error")).toHaveCount(0);
    });
  });
}
