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

/** The controls a user acts on: until React owns them, a click or a key reaches no handler. */
const CONTROLS =
  "button, input, select, textarea, [role=button], [role=tab], [role=checkbox], [role=switch], [role=radio], [role=menuitem], [role=combobox]";

/**
 * Resolves once React has hydrated every control on an app page: each has React's fiber key.
 * Server components' elements are hydrated too, so this holds for every control React drew; a
 * document that is not one of the app's pages (JSON, a PDF, the SCORM player, the offline
 * worker's own pages) loads no Next script and is ready at once.
 */
async function controlsHydrated(page: Page) {
  await page.waitForFunction(
    (selector) => {
      if (document.contentType !== "text/html" || !document.querySelector('script[src*="/_next/static/"]')) return true;
      const controls = document.querySelectorAll(selector);
      return Array.from(controls).every((el) => Object.keys(el).some((key) => key.startsWith("__reactFiber$")));
    },
    CONTROLS,
    { timeout: 20_000 },
  );
}

type Navigation = "goto" | "reload" | "goBack" | "goForward";

/**
 * After `goto`, `reload`, `goBack` and `goForward` the page also waits until its controls are
 * hydrated (`controlsHydrated`), so no spec can click a server-drawn button before React owns it:
 * the race that failed CI most often. A navigation that asks for an earlier moment
 * (`waitUntil: "commit"` or `"domcontentloaded"`) gets exactly that, and waits for no script.
 */
const waiting = new WeakSet<Page>();
function navigationsWaitForHydration(page: Page) {
  if (waiting.has(page)) return;
  waiting.add(page);
  for (const name of ["goto", "reload", "goBack", "goForward"] as Navigation[]) {
    const navigate = page[name].bind(page) as (...args: unknown[]) => ReturnType<Page[Navigation]>;
    Object.assign(page, {
      [name]: async (...args: unknown[]) => {
        const response = await navigate(...args);
        const options = args.find((arg): arg is { waitUntil?: string } => typeof arg === "object" && arg !== null);
        const early = options?.waitUntil === "commit" || options?.waitUntil === "domcontentloaded";
        if (response && !early) await controlsHydrated(page);
        return response;
      },
    });
  }
}

/**
 * Every spec is the same client to the app: it counts per socket address, and the e2e server
 * trusts no proxy (scripts/e2e-server.mjs lifts the sign-up limit for that reason).
 * Every page a spec opens, in its own context or one it makes, waits for hydration after each
 * navigation (`navigationsWaitForHydration`).
 */
export const test = base.extend<object, { hydratingBrowser: void }>({
  context: async ({ context }, use) => {
    context.on("page", navigationsWaitForHydration);
    await use(context);
  },
  page: async ({ page }, use) => {
    navigationsWaitForHydration(page);
    await use(page);
  },
  hydratingBrowser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const context = await newContext(...args);
        context.on("page", navigationsWaitForHydration);
        return context;
      };
      await use();
    },
    { scope: "worker", auto: true },
  ],
});
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
