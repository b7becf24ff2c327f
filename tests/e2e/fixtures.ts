import { expect, type Page, test as base } from "@playwright/test";

export const BASE_URL = `http://localhost:${process.env.E2E_PORT ?? 3100}`;

export const ADMIN = { email: "admin@e2e.test", password: "admin-password-1" };

export type Locale = "pt" | "en";

/** Sets the UI language the way the language menu does: its cookie. */
export async function useLocale(page: Page, locale: Locale) {
  await page.context().addCookies([{ name: "NEXT_LOCALE", value: locale, url: BASE_URL }]);
}

let counter = 0;
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@e2e.test`;
}

/** Creates an account through the contract API; the page's context is signed in by its cookie. */
export async function signUpViaApi(page: Page, name = "E2E User") {
  const email = uniqueEmail();
  const password = "e2e-password-1";
  const res = await page.request.post("/api/signup", { data: { email, mName: name, password, type: "free" } });
  expect(res.status()).toBe(201);
  return { email, password, name };
}

export const test = base;
export { expect };
