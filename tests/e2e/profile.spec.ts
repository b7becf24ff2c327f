import { randomInt } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { accountCopy } from "./account-copy";
import { ADMIN, expect, type Locale, LOCALES, signInViaApi, signUpViaApi, test, toast, uniqueEmail, useLocale, waitForHydration } from "./fixtures";
import { waitForMail } from "./mailbox";

async function anotherBrowser(browser: Browser, locale: Locale) {
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` } });
  const page = await context.newPage();
  await useLocale(page, locale);
  return { context, page };
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
    test("edits name and e-mail: required fields, an e-mail already taken, then saved and shown in the sidebar at once", async ({ page, browser }) => {
      const taken = await anotherBrowser(browser, locale);
      const other = await signUpViaApi(taken.page, "Someone Else");
      await taken.context.close();

      await useLocale(page, locale);
      const me = await signUpViaApi(page, "Profile Person");
      await openProfile(page, locale);
      await expect(page.getByTestId("plan-badge")).toHaveText(t.freeBadge);
      const name = page.getByLabel(t.name, { exact: true });
      const email = page.getByLabel(t.email, { exact: true });
      await expect(name).toHaveValue("Profile Person");
      await expect(email).toHaveValue(me.email);
      await expect(name).toBeDisabled();

      await page.getByRole("button", { name: t.edit }).click();
      const save = page.getByRole("button", { name: t.save, exact: true });
      await expect(name).toBeEnabled();
      await name.fill("   ");
      await save.click();
      await expect(toast(page, t.updateFailed)).toContainText(t.fillAll);

      await name.fill("Renamed Person");
      await email.fill(other.email);
      await save.click();
      await expect(toast(page, t.emailTaken)).toBeVisible();
      await expect(name).toBeEnabled(); // still editing

      const newEmail = uniqueEmail("renamed");
      await email.fill(newEmail.toUpperCase());
      await save.click();
      await expect(toast(page, t.updated)).toBeVisible();
      const sidebarUser = page.getByTestId("sidebar-user");
      await expect(sidebarUser).toContainText("Renamed Person");
      await expect(sidebarUser).toContainText(newEmail);
      await expect(page.getByRole("button", { name: t.edit })).toBeVisible();
      await expect(name).toBeDisabled();

      await page.reload();
      await expect(page.getByLabel(t.name, { exact: true })).toHaveValue("Renamed Person");
      await expect(page.getByLabel(t.email, { exact: true })).toHaveValue(newEmail);

      // Billing for a Free account.
      await page.getByRole("tab", { name: t.tabs.billing }).click();
      await expect(page.getByTestId("billing-plan")).toHaveText(t.freePlan);
      await expect(page.getByText("$0", { exact: true })).toBeVisible();
      await expect(page.getByText(t.lifetime)).toBeVisible();
      await expect(page.getByRole("link", { name: t.changePlan })).toHaveAttribute("href", "/dashboard/pricing");
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
      await expect(toast(page, t.updateFailed)).toContainText(t.passwordMin);
      await newPassword.fill("my-new-password-7");
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

    test("deletes the profile after confirmation: Profile Deleted, back home, the account is gone", async ({ page }) => {
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

      await page.getByRole("button", { name: t.deleteButton }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: t.confirmDelete, exact: true }).click();
      await expect(toast(page, t.deleted)).toBeVisible();
      await expect(page).toHaveURL(/\/$/);

      await page.goto("/dashboard");
      await expect(page).toHaveURL(/\/login/);
      expect((await page.request.post("/api/signin", { data: me })).status()).toBe(401);
    });

    test("the super admin cannot delete their profile", async ({ page }) => {
      await useLocale(page, locale);
      await signInViaApi(page, ADMIN);
      await openProfile(page, locale);
      await page.getByRole("tab", { name: t.tabs.settings }).click();
      await page.getByRole("button", { name: t.deleteButton }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: t.confirmDelete, exact: true }).click();
      await expect(toast(page, t.adminRefused)).toBeVisible();
      await expect(page.getByRole("alertdialog")).toHaveCount(0);
      await page.reload();
      await expect(page).toHaveURL(/\/dashboard\/profile$/);
      await expect(page.getByLabel(t.email, { exact: true })).toHaveValue(ADMIN.email);
    });
  });
}
