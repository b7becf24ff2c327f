import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import en from "../../messages/en.json";
import pt from "../../messages/pt.json";
import { accountCopy } from "./account-copy";
import { createCourseViaApi } from "./courses";
import {
  expect,
  type Locale,
  LOCALES,
  signInViaApi,
  signUpViaApi,
  test,
  toast,
  useLocale,
  waitForHydration,
} from "./fixtures";
import { completeCourseViaApi } from "./quiz-helpers";

/**
 * Issue 24, items 2–4: the checkout on a phone, one currency (the one charged) wherever money is
 * shown, the contrast of the Completed badge and of success toasts, and profile errors under their
 * fields with toasts clear of the page's actions on a phone.
 */
const copy = { pt, en } as const;

/** The five providers scripts/e2e-server.mjs configures, by their brand names, in the checkout's order. */
const PROVIDERS = ["Stripe", "PayPal", "Paystack", "Flutterwave", "Razorpay"];

/**
 * The e2e server leaves CURRENCY unset, so plans are charged in USD (src/server/env.ts). Intl
 * writes a no-break space in "US$ 47,00", hence `\s`.
 */
const PRICE: Record<Locale, { monthly: RegExp; yearly: RegExp; free: RegExp; note: string }> = {
  pt: {
    monthly: /US\$\s47,00/,
    yearly: /US\$\s97,00/,
    free: /US\$\s0,00/,
    note: "Preços em dólares americanos (USD).",
  },
  en: { monthly: /\$47\.00/, yearly: /\$97\.00/, free: /\$0\.00/, note: "Prices in US dollars (USD)." },
};
/** A paid account the e2e server seeds with no subscription row: Billing shows the plan's price. */
const PAID = { email: "paid-4@e2e.test", password: "e2e-password-1" };

/** Each symbol this app used to show for the same price (R$ in pt, a bare $ after a "Pay"). */
const WRONG: Record<Locale, RegExp> = { pt: /R\$|(^|[^S])\$\s?47(?!,)/, en: /R\$|US\$|\$47(?!\.)/ };

async function colorContrastViolations(page: Page, selector: string) {
  // Legacy mode, as a11y.spec.ts explains: the default mode's blank page never resolves in CI's Chromium.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .include(selector)
    .withRules(["color-contrast"])
    .analyze();
  return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")} ${n.failureSummary}`));
}

/** Waits until an element is fully drawn (no fade-in left), so its colours are its own. */
async function settled(target: Locator) {
  await expect
    .poll(() =>
      target.evaluate((el) => {
        for (let node: Element | null = el; node; node = node.parentElement)
          if (Number(getComputedStyle(node).opacity) < 1) return false;
        return el.getAnimations({ subtree: true }).every((a) => a.playState !== "running");
      }),
    )
    .toBe(true);
}

for (const locale of LOCALES) {
  const m = copy[locale];
  const price = PRICE[locale];

  test.describe(`checkout on a phone (${locale})`, () => {
    test.use({ hasTouch: true });

    for (const width of [360, 390]) {
      test(`${width} px: no sideways scroll, every provider's tab can be tapped and reached by arrows`, async ({
        page,
      }) => {
        await page.setViewportSize({ width, height: 800 });
        await useLocale(page, locale);
        await signUpViaApi(page);
        await page.goto("/dashboard/payment/monthly");
        const pay = page.getByTestId("pay-button");
        await waitForHydration(pay);
        const widths = await page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          inner: window.innerWidth,
        }));
        expect(widths.scroll, `page ${widths.scroll} px wide in a ${widths.inner} px window`).toBeLessThanOrEqual(
          widths.inner,
        );

        const tablist = page.getByRole("tablist", { name: m.payment.checkout.methodTitle });
        await expect(tablist.getByRole("tab")).toHaveText(PROVIDERS);
        for (const provider of [...PROVIDERS].reverse()) {
          const tab = tablist.getByRole("tab", { name: provider, exact: true });
          const box = (await tab.boundingBox())!;
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(width);
          // tap() fails when another element (a neighbouring tab) would receive the touch.
          await tab.tap();
          await expect(tab).toHaveAttribute("aria-selected", "true");
          await expect(page.getByRole("tabpanel")).toContainText(provider);
        }
        // Wrapped onto rows, the tabs are still one tablist: the arrows go from one to the next.
        await tablist.getByRole("tab", { name: "Stripe" }).focus();
        for (const provider of PROVIDERS.slice(1)) {
          await page.keyboard.press("ArrowRight");
          await expect(tablist.getByRole("tab", { name: provider, exact: true })).toBeFocused();
          await expect(tablist.getByRole("tab", { name: provider, exact: true })).toHaveAttribute(
            "aria-selected",
            "true",
          );
        }
        await expect(pay).toBeInViewport({ ratio: 0 });
      });
    }
  });

  test.describe(`prices in the currency charged (${locale})`, () => {
    test.beforeEach(async ({ page }) => {
      await useLocale(page, locale);
    });

    test("landing and pricing cards, checkout button and summary, Billing: the same currency, named on the cards", async ({
      page,
    }) => {
      await page.goto("/");
      const landing = page.getByTestId("plan-cards");
      await expect(landing.getByTestId("plan-monthly").getByTestId("plan-price")).toHaveText(price.monthly);
      await expect(landing.getByTestId("plan-yearly").getByTestId("plan-price")).toHaveText(price.yearly);
      await expect(landing.getByTestId("plan-free").getByTestId("plan-price")).toHaveText(price.free);
      await expect(page.getByTestId("plan-currency")).toHaveText(price.note);
      await expect(landing).not.toContainText(WRONG[locale]);

      await signInViaApi(page, PAID);
      await page.goto("/dashboard/pricing");
      await expect(page.getByTestId("plan-monthly").getByTestId("plan-price")).toHaveText(price.monthly);
      await expect(page.getByTestId("plan-yearly").getByTestId("plan-price")).toHaveText(price.yearly);
      await expect(page.getByTestId("plan-currency")).toHaveText(price.note);

      await page.goto("/dashboard/payment/yearly");
      const pay = page.getByTestId("pay-button");
      await expect(pay).toHaveText(new RegExp(`^${locale === "pt" ? "Pagar" : "Pay"}\\s${price.yearly.source}$`));
      await expect(page.getByTestId("summary-total")).toContainText(price.yearly);
      await expect(page.getByTestId("order-summary")).not.toContainText(WRONG[locale]);

      await page.goto("/dashboard/profile?tab=billing");
      await expect(page.getByTestId("billing-price")).toHaveText(price.monthly);
    });
  });

  test.describe(`profile errors on a phone (${locale})`, () => {
    const t = accountCopy[locale].profile;

    test("a refused save is shown under its field, focused; a toast stays clear of the page's buttons", async ({
      page,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await useLocale(page, locale);
      const me = await signUpViaApi(page, "Phone Person");
      await page.goto("/dashboard/profile");
      const edit = page.getByRole("button", { name: t.edit });
      await waitForHydration(edit);
      await edit.click();
      const save = page.getByRole("button", { name: t.save, exact: true });
      const name = page.getByLabel(t.name, { exact: true });
      const email = page.getByLabel(t.email, { exact: true });

      await name.fill("");
      await save.click();
      await expect(name).toHaveAttribute("aria-invalid", "true");
      await expect(name).toHaveAccessibleDescription(t.nameRequired);
      await expect(page.getByTestId("name-error")).toBeVisible();
      await expect(name).toBeFocused();
      await expect(toast(page, t.nameRequired)).toHaveCount(0);
      // Typing clears the message: it was about the old value.
      await name.fill("Phone Person Renamed");
      await expect(name).not.toHaveAttribute("aria-invalid", "true");
      await expect(page.getByTestId("name-error")).toHaveCount(0);

      // The server's refusal (no current password for a new e-mail) lands on the current-password field.
      await email.fill(`x${me.email}`);
      const current = page.getByLabel(t.currentPassword, { exact: true });
      await save.click();
      await expect(current).toHaveAttribute("aria-invalid", "true");
      await expect(current).toHaveAccessibleDescription(new RegExp(`^${t.currentPasswordRequired}`));
      await expect(page.getByTestId("currentPassword-error")).toHaveText(t.currentPasswordRequired);
      await expect(current).toBeFocused();
      await expect(toast(page, t.currentPasswordRequired)).toHaveCount(0);

      // A success toast on a phone rises from the bottom, away from the heading and its buttons.
      await email.fill(me.email);
      await save.click();
      const updated = toast(page, t.updated);
      await expect(updated).toBeVisible();
      await settled(updated);
      const toastBox = (await updated.boundingBox())!;
      const headerBottom = await page
        .getByRole("button", { name: t.edit })
        .evaluate((el) => el.getBoundingClientRect().bottom);
      expect(toastBox.y).toBeGreaterThan(headerBottom);
      await expect(page.getByRole("button", { name: t.edit })).toBeInViewport();
      await page.getByRole("button", { name: t.edit }).click({ trial: true });
    });
  });
}

for (const theme of ["light", "dark"] as const) {
  test.describe(`contrast (${theme})`, () => {
    test.use({ colorScheme: theme });

    test("a completed course's badge and a success toast pass axe's color-contrast", async ({ page }) => {
      test.setTimeout(120_000);
      const locale: Locale = theme === "light" ? "pt" : "en";
      await useLocale(page, locale);
      await signUpViaApi(page, "Contrast Person");
      const courseId = await createCourseViaApi(page, `Contrast ${theme}`);
      await completeCourseViaApi(page, courseId);
      await page.goto("/dashboard");
      const badge = page.getByTestId("course-status").filter({ hasText: locale === "pt" ? "Concluído" : "Completed" });
      await expect(badge).toBeVisible();
      await settled(badge);
      expect(await colorContrastViolations(page, '[data-testid="course-status"]')).toEqual([]);

      const t = accountCopy[locale].profile;
      await page.goto("/dashboard/profile");
      const edit = page.getByRole("button", { name: t.edit });
      await waitForHydration(edit);
      await edit.click();
      await page.getByLabel(t.name, { exact: true }).fill("Contrast Person Renamed");
      await page.getByRole("button", { name: t.save, exact: true }).click();
      const success = toast(page, t.updated);
      await expect(success).toBeVisible();
      // Hovered, the toast stays while axe reads it.
      await success.hover();
      await settled(success);
      await expect(success).toHaveAttribute("data-type", "success");
      expect(await colorContrastViolations(page, "[data-sonner-toast]")).toEqual([]);
    });
  });
}
