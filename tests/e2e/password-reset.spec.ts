import { randomInt } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { accountCopy } from "./account-copy";
import {
  BASE_URL,
  expect,
  type Locale,
  LOCALES,
  signUpViaApi,
  test,
  toast,
  uniqueEmail,
  useLocale,
  waitForHydration,
} from "./fixtures";
import { mailsTo, resetLinkIn, waitForMail } from "./mailbox";
import { LoginPage } from "./pages";

/** Another browser (its own cookies and client address) with a new account signed in. */
async function accountInAnotherBrowser(browser: Browser, locale: Locale, name: string) {
  const context = await browser.newContext({
    extraHTTPHeaders: { "x-forwarded-for": `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` },
  });
  const page = await context.newPage();
  await useLocale(page, locale);
  const account = await signUpViaApi(page, name);
  return { context, page, account };
}

async function openForgotFromLogin(page: Page, locale: Locale) {
  const login = new LoginPage(page, locale);
  await login.goto();
  await page.getByRole("link", { name: login.t.forgot }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  const t = accountCopy[locale].forgot;
  await expect(page.getByRole("heading", { name: t.heading })).toBeVisible();
  await waitForHydration(page.getByRole("button", { name: t.submit }));
}

/** Submits the forgot form and returns the server's answer. */
async function sendResetLink(page: Page, locale: Locale, email: string) {
  const t = accountCopy[locale].forgot;
  await page.getByLabel(t.email, { exact: true }).fill(email);
  const answer = page.waitForResponse((r) => r.url().endsWith("/api/forgot"));
  await page.getByRole("button", { name: t.submit }).click();
  const response = await answer;
  return { status: response.status(), body: await response.json() };
}

for (const locale of LOCALES) {
  const t = accountCopy[locale];

  test.describe(`password reset (${locale})`, () => {
    test("forgot → mail → reset → the new password works; the old one, an older session and a second use of the link do not", async ({
      page,
      browser,
    }) => {
      const other = await accountInAnotherBrowser(browser, locale, "Reset Person");
      const { account } = other;
      // The sign-up's welcome mail arrives in the user's language.
      await waitForMail(account.email, t.mail.welcome("Reset Person"));
      await expect(other.page.goto("/dashboard")).resolves.toBeTruthy();
      await expect(other.page).toHaveURL(/\/dashboard$/);

      await useLocale(page, locale);
      await openForgotFromLogin(page, locale);
      await page.getByRole("button", { name: t.forgot.submit }).click();
      await expect(page.getByRole("main").getByRole("alert")).toHaveText(t.forgot.emailRequired);

      const sent = await sendResetLink(page, locale, account.email);
      expect(sent).toEqual({ status: 200, body: { success: true, message: t.forgot.answer } });
      await expect(page.getByRole("heading", { name: t.forgot.checkTitle })).toBeVisible();
      await expect(toast(page, t.forgot.toast)).toBeVisible();

      const mail = await waitForMail(account.email, t.mail.reset);
      const link = resetLinkIn(mail);
      expect(link.startsWith(`${BASE_URL}/reset-password/`)).toBe(true);
      expect(mail.html).toContain(link);

      await page.goto(link);
      const submit = page.getByRole("button", { name: t.reset.submit, exact: true });
      await expect(page.getByRole("heading", { name: t.reset.heading })).toBeVisible();
      await waitForHydration(submit);
      const password = page.getByLabel(t.reset.password, { exact: true });
      const confirm = page.getByLabel(t.reset.confirm, { exact: true });
      const meter = page.getByRole("meter", { name: t.reset.strength });
      const alert = page.getByRole("main").getByRole("alert");

      await expect(meter).toHaveCount(0); // shown once text is typed
      await submit.click();
      await expect(alert).toHaveText(t.reset.bothRequired);
      await password.fill("abc");
      await expect(meter).toHaveAttribute("aria-valuetext", t.reset.weak);
      await confirm.fill("abd");
      await submit.click();
      await expect(alert).toHaveText(t.reset.mismatch);
      await confirm.fill("abc");
      await submit.click();
      await expect(alert).toHaveText(t.reset.tooShort);
      await password.fill("abcdefghij");
      await expect(meter).toHaveAttribute("aria-valuetext", t.reset.medium);
      const newPassword = "Brand-New-Pass-9";
      await password.fill(newPassword);
      await expect(meter).toHaveAttribute("aria-valuetext", t.reset.strong);
      await confirm.fill(newPassword);
      await page.getByRole("button", { name: t.reset.showPassword }).first().click();
      await expect(password).toHaveAttribute("type", "text");
      await submit.click();

      await expect(page.getByRole("heading", { name: t.reset.successTitle })).toBeVisible();
      await expect(page.getByText(t.reset.successText)).toBeVisible();
      await expect(page.getByText(t.reset.redirecting)).toBeVisible();
      await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });

      const login = new LoginPage(page, locale);
      await login.expectShown();
      await login.logInExpectingStatus({ email: account.email, password: account.password }, 401);
      await expect(login.alert).toHaveText(login.t.invalidCredentials);
      await login.logIn({ email: account.email, password: newPassword });
      await expect(page).toHaveURL(/\/dashboard$/);

      // The session the other browser opened before the reset is over.
      await other.page.goto("/dashboard");
      await expect(other.page).toHaveURL(/\/login\?callbackUrl=%2Fdashboard$/);
      await waitForMail(account.email, t.mail.updated);

      // The link worked once: opened again (signed out) it says so and offers a new one.
      await other.page.goto(link);
      await expect(other.page.getByRole("heading", { name: t.reset.invalidTitle })).toBeVisible();
      await expect(other.page.getByRole("link", { name: t.reset.requestNew })).toHaveAttribute(
        "href",
        "/forgot-password",
      );
      const reuse = await other.page.request.post("/api/reset-password", {
        data: { token: link.split("/").at(-1), password: "another-pass-1" },
      });
      expect(reuse.status()).toBe(400);

      // A signed-in visitor is sent to the dashboard.
      await page.goto(link);
      await expect(page).toHaveURL(/\/dashboard$/);
      await other.context.close();
    });

    test("an unknown e-mail gets the same answer and screen, and no mail", async ({ page, browser }) => {
      const other = await accountInAnotherBrowser(browser, locale, "Known Person");
      await other.context.close();
      await useLocale(page, locale);
      await openForgotFromLogin(page, locale);

      const known = await sendResetLink(page, locale, other.account.email);
      await expect(page.getByRole("heading", { name: t.forgot.checkTitle })).toBeVisible();
      await expect(page.getByText(t.forgot.checkText(other.account.email))).toBeVisible();

      await page.getByRole("button", { name: t.forgot.tryAgain }).click();
      const unknownEmail = uniqueEmail("nobody");
      const unknown = await sendResetLink(page, locale, unknownEmail);
      expect(unknown).toEqual(known);
      await expect(page.getByRole("heading", { name: t.forgot.checkTitle })).toBeVisible();
      await expect(page.getByText(t.forgot.checkText(unknownEmail))).toBeVisible();
      await expect(page.getByRole("link", { name: t.forgot.backToLogin })).toHaveAttribute("href", "/login");

      await waitForMail(other.account.email, t.mail.reset);
      expect(await mailsTo(unknownEmail)).toEqual([]);
    });
  });
}
