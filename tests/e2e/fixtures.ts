import { expect, type Locator, type Page, test as base } from "@playwright/test";

export const BASE_URL = `http://localhost:${process.env.E2E_PORT ?? 3100}`;

export const ADMIN = { email: "admin@e2e.test", password: "admin-password-1" };

export type Locale = "pt" | "en";
export const LOCALES: readonly Locale[] = ["pt", "en"];

/** Sets the UI language the way the language menu does: its cookie. */
export async function useLocale(page: Page, locale: Locale) {
  await page.context().addCookies([{ name: "NEXT_LOCALE", value: locale, url: BASE_URL }]);
}

let counter = 0;
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@e2e.test`;
}

/**
 * Every spec is the same client to the app: it counts per socket address, and the e2e server
 * trusts no proxy (scripts/e2e-server.mjs lifts the sign-up limit for that reason).
 */
export const test = base;
export { expect };

/** Creates an account through the contract API; the page's context is signed in by its cookie. */
export async function signUpViaApi(page: Page, name = "E2E User") {
  const email = uniqueEmail();
  const password = "e2e-password-1";
  const res = await page.request.post("/api/signup", { data: { email, mName: name, password, type: "free" } });
  expect(res.status()).toBe(201);
  return { email, password, name };
}

/** Signs the page's context in through the contract API (the response sets the session cookie). */
export async function signInViaApi(page: Page, credentials: { email: string; password: string }) {
  const res = await page.request.post("/api/signin", { data: credentials });
  expect(res.status()).toBe(200);
}

/**
 * Waits until React has hydrated an element. Before that a click on a form's submit button
 * would be a plain HTML form submission and a key press would reach no handler.
 */
export async function waitForHydration(target: Locator) {
  await expect
    .poll(() => target.evaluate((el) => Object.keys(el).some((key) => key.startsWith("__reactProps$"))), {
      message: "the element is hydrated by React",
    })
    .toBe(true);
}

/** A toast with this text, in the notifications region (one toast at a time). */
export function toast(page: Page, text: string): Locator {
  return page
    .getByRole("region", { name: /^(Notifications|Notificações)$/ })
    .getByRole("listitem")
    .filter({ hasText: text });
}

/** True when the dark theme is applied to the document. */
export async function isDark(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.classList.contains("dark"));
}
