import { randomInt } from "node:crypto";
import type { Browser, Locator, Page } from "@playwright/test";
import { accountCopy } from "./account-copy";
import { expectAxeCleanInBothThemes } from "./axe";
import {
  ADMIN,
  expect,
  type Locale,
  LOCALES,
  signInViaApi,
  signUpViaApi,
  test,
  toast,
  uniqueEmail,
  useLocale,
  waitForHydration,
} from "./fixtures";
import { confirmEmailLinkIn, waitForMail } from "./mailbox";

async function anotherBrowser(browser: Browser, locale: Locale) {
  const context = await browser.newContext({
    extraHTTPHeaders: { "x-forwarded-for": `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` },
  });
  const page = await context.newPage();
  await useLocale(page, locale);
  return { context, page };
}

/** A refused save: the message under the field, which is marked invalid, names it, and has the focus. */
async function expectInlineError(page: Page, field: Locator, message: string) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
  await expect(field).toBeFocused();
  await expect(toast(page, message)).toHaveCount(0);
}

/** The fake Stripe that scripts/e2e-server.mjs starts on E2E_PORT + 30 (scripts/payment-fakes.mjs). */
const STRIPE_FAKE = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 30}`;

/** Moves the focus with Tab, as a keyboard user does, until `target` has it. */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 30; presses++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

async function openProfile(page: Page, locale: Locale) {
  const t = accountCopy[locale].profile;
  await page.goto("/dashboard/profile");
  await expect(page.getByRole("heading", { level: 1, name: t.heading })).toBeVisible();
  await waitForHydration(page.getByRole("button", { name: t.edit }));
}

for (const locale of LOCALES) {
  const t = accountCopy[locale].profile;

  test.describe(`profile (${locale})`, () => {
    test("edits name and e-mail: required fields, the current password, an e-mail already taken, then a new e-mail confirmed by its link", async ({
      page,
      browser,
    }) => {
      const copyAll = accountCopy[locale];
      const taken = await anotherBrowser(browser, locale);
      const other = await signUpViaApi(taken.page, "Someone Else");
      await taken.context.close();

      await useLocale(page, locale);
      const me = await signUpViaApi(page, "Profile Person");
      await openProfile(page, locale);
      await expect(page.getByTestId("plan-badge")).toHaveText(t.freeBadge);
      const name = page.getByLabel(t.name, { exact: true });
      const email = page.getByLabel(t.email, { exact: true });
      const currentPassword = page.getByLabel(t.currentPassword, { exact: true });
      await expect(name).toHaveValue("Profile Person");
      await expect(email).toHaveValue(me.email);
      await expect(name).toBeDisabled();

      await page.getByRole("button", { name: t.edit }).click();
      const save = page.getByRole("button", { name: t.save, exact: true });
      await expect(name).toBeEnabled();
      await name.fill("   ");
      await save.click();
      await expectInlineError(page, name, t.nameRequired);

      // A name alone needs no password; the field appears only once the e-mail differs.
      await name.fill("Renamed Person");
      await expect(currentPassword).toHaveCount(0);
      await email.fill(other.email);
      await expect(currentPassword).toBeVisible();
      await email.fill(me.email.toUpperCase()); // the same address: no change
      await expect(currentPassword).toHaveCount(0);
      await email.fill(other.email);
      await save.click();
      await expectInlineError(page, currentPassword, t.currentPasswordRequired);
      await currentPassword.fill("not-my-password");
      await save.click();
      await expectInlineError(page, currentPassword, t.currentPasswordWrong);
      await currentPassword.fill(me.password);
      await save.click();
      await expectInlineError(page, email, t.emailTaken);
      await expect(name).toBeEnabled(); // still editing

      const newEmail = uniqueEmail("renamed");
      await email.fill(newEmail.toUpperCase());
      await save.click();
      await expect(toast(page, t.emailPendingTitle)).toContainText(t.emailPending(newEmail));
      const sidebarUser = page.getByTestId("sidebar-user");
      await expect(sidebarUser).toContainText("Renamed Person");
      await expect(sidebarUser).toContainText(me.email); // pending until the link is followed
      await expect(page.getByRole("button", { name: t.edit })).toBeVisible();
      await expect(email).toHaveValue(me.email);
      await expect(currentPassword).toHaveCount(0);

      // The old address is told; the new one gets the link, which works once.
      const notice = await waitForMail(me.email, copyAll.mail.emailChanging);
      expect(notice.text).toContain(newEmail);
      const link = confirmEmailLinkIn(await waitForMail(newEmail, copyAll.mail.confirmEmail));
      await page.goto(link);
      await expect(page.getByRole("heading", { name: copyAll.confirmEmail.heading })).toBeVisible();
      const confirmButton = page.getByRole("button", { name: copyAll.confirmEmail.submit });
      await waitForHydration(confirmButton);
      await confirmButton.click();
      await expect(page.getByRole("heading", { name: copyAll.confirmEmail.successTitle })).toBeVisible();
      await page.goto(link);
      await expect(page.getByRole("heading", { name: copyAll.confirmEmail.invalidTitle })).toBeVisible();

      await openProfile(page, locale);
      await expect(page.getByLabel(t.name, { exact: true })).toHaveValue("Renamed Person");
      await expect(page.getByLabel(t.email, { exact: true })).toHaveValue(newEmail);
      await expect(page.getByTestId("sidebar-user")).toContainText(newEmail);
      expect(
        (await page.request.post("/api/signin", { data: { email: newEmail, password: me.password } })).status(),
      ).toBe(200);

      // Billing for a Free account.
      await page.getByRole("tab", { name: t.tabs.billing }).click();
      await expect(page.getByTestId("billing-plan")).toHaveText(t.freePlan);
      // Free costs nothing, in the currency plans are charged in (USD in e2e), written for the language.
      await expect(page.getByTestId("billing-price")).toHaveText(t.freePrice);
      await expect(page.getByText(t.lifetime)).toBeVisible();
      await expect(page.getByRole("link", { name: t.changePlan })).toHaveAttribute("href", "/dashboard/pricing");
    });

    test("lists the active sessions and signs out of all the others; a copied cookie is dead after sign-out", async ({
      page,
      browser,
    }) => {
      const s = accountCopy[locale].sessions;
      await useLocale(page, locale);
      const me = await signUpViaApi(page, "Session Person");
      const elsewhere = await anotherBrowser(browser, locale);
      await signInViaApi(elsewhere.page, me);

      await openProfile(page, locale);
      await page.getByRole("tab", { name: t.tabs.settings }).click();
      await expect(page.getByRole("heading", { name: s.title })).toBeVisible();
      const list = page.getByRole("list", { name: s.list });
      await expect(list.getByRole("listitem")).toHaveCount(2);
      await expect(list.getByRole("listitem").filter({ hasText: s.thisDevice })).toHaveCount(1);
      // Playwright's "Desktop Chrome" device sends a Chrome-on-Windows User-Agent.
      await expect(list.getByRole("listitem").first()).toContainText(s.chromeOnWindows);

      await page.getByRole("button", { name: s.signOutOthers }).click();
      const dialog = page.getByRole("alertdialog", { name: s.confirmTitle });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: s.confirmButton }).click();
      await expect(toast(page, s.signedOutOthers)).toBeVisible();
      await expect(list.getByRole("listitem")).toHaveCount(1);
      await expect(list.getByRole("listitem")).toContainText(s.thisDevice);
      await expect(page.getByRole("button", { name: s.signOutOthers })).toBeDisabled();

      await elsewhere.page.goto("/dashboard");
      await expect(elsewhere.page).toHaveURL(/\/login\?callbackUrl=%2Fdashboard$/);

      // Sign-out ends the session itself: the cookie copied before it no longer reads anything.
      const copied = (await page.context().cookies()).find((cookie) => cookie.name.endsWith("aula.session"))!;
      expect((await page.request.post("/api/signout")).status()).toBe(200);
      await elsewhere.context.addCookies([{ ...copied }]);
      expect((await elsewhere.page.request.get("/api/sessions")).status()).toBe(401);
      await elsewhere.page.goto("/dashboard");
      await expect(elsewhere.page).toHaveURL(/\/login/);

      // A session cookie that is not even valid percent-encoding is no session, not an error.
      await elsewhere.context.addCookies([{ ...copied, value: "%E0%A4%A" }]);
      expect((await elsewhere.page.request.get("/api/sessions")).status()).toBe(401);
      const response = await elsewhere.page.goto("/dashboard/profile");
      expect(response?.status()).toBeLessThan(500);
      await expect(elsewhere.page).toHaveURL(/\/login/);
      await elsewhere.context.close();
    });

    test("a new password keeps this browser signed in and signs out the others", async ({ page, browser }) => {
      await useLocale(page, locale);
      const me = await signUpViaApi(page, "Password Person");
      const elsewhere = await anotherBrowser(browser, locale);
      await signInViaApi(elsewhere.page, me);

      await openProfile(page, locale);
      await page.getByRole("button", { name: t.edit }).click();
      const newPassword = page.getByLabel(t.newPassword, { exact: true });
      await newPassword.fill("short");
      await page.getByRole("button", { name: t.save, exact: true }).click();
      await expectInlineError(page, newPassword, t.passwordMin);
      await newPassword.fill("my-new-password-7");
      await page.getByLabel(t.currentPassword, { exact: true }).fill(me.password);
      await page.getByRole("button", { name: t.save, exact: true }).click();
      await expect(toast(page, t.updated)).toBeVisible();
      await expect(newPassword).toHaveValue("");

      await page.reload();
      await expect(page).toHaveURL(/\/dashboard\/profile$/);
      await elsewhere.page.goto("/dashboard");
      await expect(elsewhere.page).toHaveURL(/\/login\?callbackUrl=%2Fdashboard$/);
      expect((await elsewhere.page.request.post("/api/signin", { data: me })).status()).toBe(401);
      await signInViaApi(elsewhere.page, { email: me.email, password: "my-new-password-7" });
      await waitForMail(me.email, accountCopy[locale].mail.updated);
      await elsewhere.context.close();
    });

    test("deletes the profile after confirmation: Profile Deleted, back home, the account is gone", async ({
      page,
    }) => {
      await useLocale(page, locale);
      const me = await signUpViaApi(page, "Leaving Person");
      await openProfile(page, locale);
      await page.getByRole("tab", { name: t.tabs.settings }).click();

      // No install offer from this browser, so no Desktop App card; an offer makes it appear.
      await expect(page.getByRole("heading", { name: t.desktopApp })).toHaveCount(0);
      await page.evaluate(() => {
        const offer = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
          prompt: async () => {},
          userChoice: Promise.resolve({ outcome: "dismissed" }),
        });
        window.dispatchEvent(offer);
      });
      await expect(page.getByRole("heading", { name: t.desktopApp })).toBeVisible();
      await page.getByRole("button", { name: t.install, exact: true }).click();
      await expect(page.getByRole("heading", { name: t.desktopApp })).toHaveCount(0); // an offer is used once

      await page.getByRole("button", { name: t.deleteButton }).click();
      const dialog = page.getByRole("alertdialog", { name: t.confirmTitle });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: t.cancel }).click();
      await expect(dialog).toHaveCount(0);

      // The password is asked for, with the focus in its field; each refusal is said under it.
      await page.getByRole("button", { name: t.deleteButton }).click();
      const password = dialog.getByLabel(t.currentPassword, { exact: true });
      await expect(password).toBeFocused();
      await expect(dialog.getByTestId("delete-plan-ends")).toHaveCount(0); // a Free account pays nothing
      await dialog.getByRole("button", { name: t.confirmDelete, exact: true }).click();
      await expectInlineError(page, password, t.deletePasswordRequired);
      await password.fill("not-my-password");
      await password.press("Enter");
      await expectInlineError(page, password, t.currentPasswordWrong);
      await expect(dialog).toBeVisible();

      await password.fill(me.password);
      await dialog.getByRole("button", { name: t.confirmDelete, exact: true }).click();
      await expect(toast(page, t.deleted)).toBeVisible();
      await expect(page).toHaveURL(/\/$/);

      await page.goto("/dashboard");
      await expect(page).toHaveURL(/\/login/);
      expect((await page.request.post("/api/signin", { data: me })).status()).toBe(401);
    });

    test("a paying user deletes the profile from the keyboard: the dialog says the plan ends now, and it is cancelled at the provider", async ({
      page,
    }) => {
      await useLocale(page, locale);
      const me = await signUpViaApi(page, "Paying Leaver");
      // A Monthly plan bought at the (fake) Stripe's hosted page, as a buyer would.
      const checkout = await page.request.post("/api/stripepayment", { data: { planId: "monthly" } });
      expect(checkout.status()).toBe(200);
      const { id: sessionId, url } = (await checkout.json()) as { id: string; url: string };
      await page.goto(url);
      await page.getByRole("button", { name: "Pay", exact: true }).click();
      await expect(page).toHaveURL(/\/payment-success\//);
      const subscription = async () => {
        const state = (await (await fetch(`${STRIPE_FAKE}/__test__/state`)).json()) as {
          sessions: Array<{ id: string; subscription: string }>;
          subscriptions: Array<{ id: string; status: string }>;
        };
        const id = state.sessions.find((s) => s.id === sessionId)!.subscription;
        return state.subscriptions.find((s) => s.id === id)!;
      };
      expect((await subscription()).status).toBe("active");

      await openProfile(page, locale);
      await expect(page.getByTestId("plan-badge")).toHaveText(t.paidBadge);
      await page.getByRole("tab", { name: t.tabs.settings }).click();
      const remove = page.getByRole("button", { name: t.deleteButton });
      await waitForHydration(remove);
      await tabTo(page, remove);
      await page.keyboard.press("Enter");

      const dialog = page.getByRole("alertdialog", { name: t.confirmTitle });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByTestId("delete-plan-ends")).toHaveText(t.deletePlanEnds);
      // What ends, said to a screen reader as the dialog opens: it is the dialog's description.
      await expect(dialog).toHaveAccessibleDescription(
        new RegExp(t.deletePlanEnds.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
      );
      const password = dialog.getByLabel(t.currentPassword, { exact: true });
      await expect(password).toBeFocused();
      await expectAxeCleanInBothThemes(page, `/dashboard/profile delete dialog of a paying user (${locale})`);

      // Escape closes it and gives the focus back to the button; Enter opens it again.
      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);
      await expect(remove).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(password).toBeFocused();
      await page.keyboard.type("not-my-password");
      await page.keyboard.press("Enter");
      await expectInlineError(page, password, t.currentPasswordWrong);
      expect((await subscription()).status).toBe("active");
      await expect(password).toHaveAttribute("aria-invalid", "true");
      await expectAxeCleanInBothThemes(page, `/dashboard/profile delete dialog with a wrong password (${locale})`);

      await password.fill("");
      await page.keyboard.type(me.password);
      await page.keyboard.press("Enter");
      await expect(toast(page, t.deleted)).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
      expect((await subscription()).status).toBe("canceled");
      expect((await page.request.post("/api/signin", { data: me })).status()).toBe(401);
    });

    test("the super admin cannot delete their profile", async ({ page }) => {
      await useLocale(page, locale);
      await signInViaApi(page, ADMIN);
      await openProfile(page, locale);
      await page.getByRole("tab", { name: t.tabs.settings }).click();
      await page.getByRole("button", { name: t.deleteButton }).click();
      const dialog = page.getByRole("alertdialog");
      await dialog.getByLabel(t.currentPassword, { exact: true }).fill(ADMIN.password);
      await dialog.getByRole("button", { name: t.confirmDelete, exact: true }).click();
      // Told in the dialog, which stays open until the admin closes it.
      await expect(dialog.getByRole("alert")).toHaveText(t.adminRefused);
      // The focus is back on the button, to try again or Tab to Cancel.
      await expect(dialog.getByRole("button", { name: t.confirmDelete, exact: true })).toBeFocused();
      await dialog.getByRole("button", { name: t.cancel }).click();
      await expect(dialog).toHaveCount(0);
      await page.reload();
      await expect(page).toHaveURL(/\/dashboard\/profile$/);
      await expect(page.getByLabel(t.email, { exact: true })).toHaveValue(ADMIN.email);
    });
  });
}
