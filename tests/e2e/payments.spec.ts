import { type Page } from "@playwright/test";
import en from "../../messages/en.json";
import pt from "../../messages/pt.json";
import { expect, LOCALES, type Locale, signUpViaApi, test, toast, useLocale, waitForHydration } from "./fixtures";

/**
 * Buying, using and cancelling a plan on each of the five providers, against the fakes that
 * scripts/e2e-server.mjs starts on E2E_PORT+30… (their hosted pages stand in for the providers').
 */
const copy = { pt, en } as const;
type Provider = "stripe" | "paypal" | "paystack" | "razorpay" | "flutterwave";
const PROVIDERS: Provider[] = ["stripe", "paypal", "paystack", "razorpay", "flutterwave"];
/** Brand names, the same in every language (src/features/plans/payments/providers.ts). */
const LABEL: Record<Provider, string> = {
  stripe: "Stripe",
  paypal: "PayPal",
  paystack: "Paystack",
  razorpay: "Razorpay",
  flutterwave: "Flutterwave",
};
const PLAN_FOR: Record<Locale, "monthly" | "yearly"> = { pt: "monthly", en: "yearly" };

async function fillCheckout(page: Page, locale: Locale, plan: "monthly" | "yearly", provider: Provider) {
  const t = copy[locale].payment.checkout;
  await page.goto(`/dashboard/payment/${plan}`);
  const pay = page.getByTestId("pay-button");
  await waitForHydration(pay);
  await expect(page.getByRole("heading", { level: 1, name: t.title })).toBeVisible();
  await page.getByLabel(t.fields.address).fill("Rua das Flores, 100");
  await page.getByLabel(t.fields.city).fill("Recife");
  await page.getByLabel(t.fields.state).fill("PE");
  await page.getByLabel(t.fields.zipCode).fill("50000-000");
  await page.getByLabel(t.fields.country).fill(" brazil ");
  await page.getByRole("tab", { name: LABEL[provider] }).click();
  return pay;
}

/** Pays on the provider's (fake) page the way a buyer would; ends on the success page. */
async function payAtProvider(page: Page, locale: Locale, provider: Provider, pay: ReturnType<Page["getByTestId"]>) {
  if (provider === "razorpay") {
    const popup = page.waitForEvent("popup");
    await pay.click();
    const tab = await popup;
    await tab.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(tab.getByRole("heading", { name: "Payment successful" })).toBeVisible();
    await tab.close();
    await expect(page).toHaveURL(/\/payment-pending\?sub=sub_/);
    const verify = page.getByRole("button", { name: copy[locale].payment.pending.verify });
    await waitForHydration(verify);
    await verify.click();
  } else if (provider === "flutterwave") {
    await pay.click();
    await page
      .frameLocator('iframe[title="Fake Flutterwave Checkout"]')
      .getByRole("button", { name: "Pay", exact: true })
      .click();
  } else {
    await pay.click();
    await page.getByRole("button", { name: "Pay", exact: true }).click();
  }
  await expect(page).toHaveURL(/\/payment-success\//);
}

for (const locale of LOCALES) {
  const m = copy[locale];

  test.describe(`Payments (${locale})`, () => {
    test.beforeEach(async ({ page }) => {
      await useLocale(page, locale);
    });

    for (const provider of PROVIDERS) {
      const plan = PLAN_FOR[locale];
      test(`${provider}: buy ${plan}, see the receipt, use the paid options, cancel`, async ({ page }) => {
        await signUpViaApi(page);
        await page.goto("/dashboard/pricing");
        await expect(page.getByRole("heading", { level: 1, name: m.payment.pricing.title })).toBeVisible();
        await expect(page.getByTestId("plan-free")).toContainText(m.plans.current);
        await page.getByTestId(`plan-${plan}`).getByRole("link", { name: m.plans.change }).click();
        await expect(page).toHaveURL(new RegExp(`/dashboard/payment/${plan}$`));

        const pay = await fillCheckout(page, locale, plan, provider);
        await payAtProvider(page, locale, provider, pay);

        await expect(page.getByRole("heading", { level: 1, name: m.payment.success.title })).toBeVisible();
        await expect(page.getByTestId("receipt-plan")).toHaveText(m.plans.name[plan]);
        await expect(page.getByTestId("receipt-method")).toHaveText(LABEL[provider]);
        await expect(page.getByTestId("receipt-date")).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
        // The button is drawn by the server; its click does something only once React owns it.
        const save = page.getByRole("button", { name: m.payment.success.download });
        await waitForHydration(save);
        const download = page.waitForEvent("download");
        await save.click();
        expect((await download).suggestedFilename()).toMatch(/^receipt-.*\.png$/);
        await expect(toast(page, m.payment.success.downloaded)).toBeVisible();

        // The paid options are unlocked on the Generate page.
        await page.goto("/dashboard/generate-course");
        const ten = page.getByRole("radio", { name: "10" });
        await waitForHydration(page.locator("form button[type=submit]"));
        await ten.check();
        await expect(ten).toBeChecked();

        // Profile → Billing: the plan and method; Cancel Plan ends it now.
        await page.goto("/dashboard/profile?tab=billing");
        await expect(page.getByTestId("billing-plan")).toHaveText(
          m.profile.billing[plan === "monthly" ? "monthlyPlan" : "yearlyPlan"],
        );
        await expect(page.getByTestId("billing-method")).toHaveText(LABEL[provider]);
        const cancel = page.getByRole("button", { name: m.payment.billing.cancel });
        await waitForHydration(cancel);
        await cancel.click();
        const dialog = page.getByRole("alertdialog");
        await expect(dialog).toContainText(m.payment.billing.confirmBody);
        await dialog.getByRole("button", { name: m.payment.billing.cancel }).click();
        await expect(toast(page, m.payment.billing.cancelled)).toBeVisible();
        await expect(page.getByTestId("billing-plan")).toHaveText(m.profile.billing.freePlan);
      });
    }

    test("a declined card lands on the failure page, which says nothing was charged", async ({ page }) => {
      await signUpViaApi(page);
      const pay = await fillCheckout(page, locale, "monthly", "stripe");
      await pay.click();
      await page.getByRole("button", { name: "Decline", exact: true }).click();
      await expect(page).toHaveURL(/\/payment-failed/);
      await expect(page.getByRole("heading", { level: 1, name: m.payment.failed.title })).toBeVisible();
      await expect(page.getByTestId("no-charge")).toHaveText(m.payment.failed.noCharge);
      await page.getByRole("link", { name: m.payment.failed.retry }).click();
      await expect(page).toHaveURL(/\/dashboard\/pricing$/);
      await expect(page.getByTestId("plan-free")).toContainText(m.plans.current);
    });

    test("Razorpay's pending page: still pending, then an expired link goes to the failure page", async ({ page }) => {
      await signUpViaApi(page);
      const pay = await fillCheckout(page, locale, "monthly", "razorpay");
      const popup = page.waitForEvent("popup");
      await pay.click();
      const tab = await popup;
      await expect(page).toHaveURL(/\/payment-pending\?sub=sub_/);
      await expect(page.getByTestId("pending-plan")).toHaveText(m.plans.name.monthly);
      const verify = page.getByRole("button", { name: m.payment.pending.verify });
      await waitForHydration(verify);
      await verify.click();
      await expect(toast(page, m.payment.pending.toastTitle)).toContainText(m.payment.pending.toastBody);
      // The pointer still rests on Verify, where the toast can come down over it, and sonner keeps a
      // hovered toast: the pointer moves away, as a reader's would, and the toast goes in its time.
      await page.mouse.move(0, 0);
      await expect(toast(page, m.payment.pending.toastTitle)).toBeHidden();
      await tab.getByRole("button", { name: "Decline", exact: true }).click();
      // The provider has the refusal once its page says so; a tab closed mid-post can hang.
      await expect(tab.getByRole("heading", { name: "Payment declined" })).toBeVisible();
      await tab.close();
      await verify.click();
      await expect(page).toHaveURL(/\/payment-failed/);
    });
  });
}
