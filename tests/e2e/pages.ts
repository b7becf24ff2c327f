import type { Locator, Page } from "@playwright/test";
import { copy } from "./copy";
import { expect, type Locale, waitForHydration } from "./fixtures";

/** The UI language the page is rendered in, from `<html lang>`. */
async function currentLocale(page: Page): Promise<Locale> {
  const lang = await page.locator("html").getAttribute("lang");
  if (lang !== "pt" && lang !== "en") throw new Error(`unexpected <html lang="${lang}">`);
  return lang;
}

/** Picks a language in the header's language menu, as a user does, and waits for the page to follow. */
export async function chooseLanguage(page: Page, to: Locale) {
  const from = await currentLocale(page);
  const menuButton = page.getByRole("button", { name: `${copy[from].language}: ${from.toUpperCase()}`, exact: true });
  await waitForHydration(menuButton);
  await menuButton.click();
  await page.getByRole("menuitemradio", { name: copy[to].languageName }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", to);
}

export class SignupPage {
  readonly t: (typeof copy)[Locale]["signup"];

  constructor(
    readonly page: Page,
    readonly locale: Locale,
  ) {
    this.t = copy[locale].signup;
  }

  get name() {
    return this.page.getByLabel(this.t.name, { exact: true });
  }
  get email() {
    return this.page.getByLabel(this.t.email, { exact: true });
  }
  get password() {
    return this.page.getByLabel(this.t.password, { exact: true });
  }
  get terms() {
    return this.page.getByRole("checkbox", { name: this.t.terms });
  }
  get submit() {
    return this.page.getByRole("button", { name: this.t.submit, exact: true });
  }
  /** The form's error; the page's main landmark scopes out Next's route announcer. */
  get alert() {
    return this.page.getByRole("main").getByRole("alert");
  }

  async goto() {
    await this.page.goto("/signup");
    await this.expectShown();
  }

  async expectShown() {
    await expect(this.page.getByRole("heading", { name: this.t.heading })).toBeVisible();
    await waitForHydration(this.submit);
  }

  async fillIn(fields: { name?: string; email?: string; password?: string; terms?: boolean }) {
    if (fields.name !== undefined) await this.name.fill(fields.name);
    if (fields.email !== undefined) await this.email.fill(fields.email);
    if (fields.password !== undefined) await this.password.fill(fields.password);
    if (fields.terms !== undefined) await this.terms.setChecked(fields.terms);
  }

  /** Submits and expects the form to show exactly this error. */
  async submitExpectingError(message: string) {
    await this.submit.click();
    await expect(this.alert).toHaveText(message);
  }
}

export class LoginPage {
  readonly t: (typeof copy)[Locale]["login"];

  constructor(
    readonly page: Page,
    readonly locale: Locale,
  ) {
    this.t = copy[locale].login;
  }

  get email() {
    return this.page.getByLabel(this.t.email, { exact: true });
  }
  get password() {
    return this.page.getByLabel(this.t.password, { exact: true });
  }
  get submit() {
    return this.page.getByRole("button", { name: this.t.submit, exact: true });
  }
  get alert() {
    return this.page.getByRole("main").getByRole("alert");
  }

  async goto(url = "/login") {
    await this.page.goto(url);
    await this.expectShown();
  }

  async expectShown() {
    await expect(this.page.getByRole("heading", { name: this.t.heading })).toBeVisible();
    await waitForHydration(this.submit);
  }

  async logIn(credentials: { email: string; password: string }) {
    await this.email.fill(credentials.email);
    await this.password.fill(credentials.password);
    await this.submit.click();
  }

  /** Submits and waits for the server's answer, so attempts are counted one after another. */
  async logInExpectingStatus(credentials: { email: string; password: string }, status: number) {
    await this.email.fill(credentials.email);
    await this.password.fill(credentials.password);
    const answer = this.page.waitForResponse((r) => r.url().endsWith("/api/signin") && r.request().method() === "POST");
    await this.submit.click();
    expect((await answer).status()).toBe(status);
  }
}

/** The dashboard's sidebar navigation (desktop column or mobile drawer). */
export function dashboardNav(page: Page, locale: Locale): Locator {
  return page.getByRole("navigation", { name: copy[locale].sidebar.label });
}

/** The My Courses page as a new user sees it. */
export async function expectEmptyMyCourses(page: Page, locale: Locale) {
  const t = copy[locale].dashboard;
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: t.myCourses })).toBeVisible();
  await expect(page.getByRole("heading", { name: t.emptyTitle })).toBeVisible();
  await expect(page.getByRole("link", { name: t.createFirst })).toHaveAttribute("href", "/dashboard/generate-course");
}
