import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import {
  ADMIN,
  expect,
  LOCALES,
  signInViaApi,
  signUpViaApi,
  test,
  useLocale,
  waitForHydration,
  type Locale,
} from "./fixtures";
import { createCourseViaApi } from "./courses";
import { completeCourseViaApi } from "./quiz-helpers";

/**
 * axe-core on every page and open dialog, in both UI languages and both themes: a serious or
 * critical violation fails the test. Each page is visited once per language and checked in the
 * light theme, then in the dark one (the theme follows the system's, switched in place), which
 * halves the visits. Pages added by later features join the lists below.
 */
const THEMES = ["light", "dark"] as const;

async function expectNoSeriousViolationsIn(page: Page, what: string) {
  // Legacy mode runs axe inside the page itself: the default mode finishes in a blank page it
  // opens in the same context, and with Debian's Chromium 156.0.8078.108 that newPage never
  // resolved (every test here timed out in CI), while the checks are the same either way.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    // Off by default (axe calls it experimental); a visible label missing from the accessible
    // name breaks voice control ("click PT"), so it counts here.
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 5)
          .join("\n    ")}`,
    );
  expect(serious, `${what}: serious or critical axe violations`).toEqual([]);
}

/** The page as it is now, in each theme: the system's scheme switches and next-themes follows it. */
async function expectNoSeriousViolations(page: Page, what: string) {
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
    await expectNoSeriousViolationsIn(page, `${what} (${theme})`);
  }
}

/** Messages a page's client components asked for and did not get (a namespace missing from its ScopedIntlBoundary). */
const missingMessages = new WeakMap<Page, string[]>();

test.afterEach(async ({ page }) => {
  expect(missingMessages.get(page) ?? [], "messages missing from a page's ScopedIntlBoundary").toEqual([]);
});

async function prepare(page: Page, locale: Locale) {
  const missing: string[] = [];
  missingMessages.set(page, missing);
  page.on("console", (message) => {
    if (message.text().includes("MISSING_MESSAGE")) missing.push(`${page.url()}: ${message.text()}`);
  });
  await useLocale(page, locale);
  // The theme follows the system until chosen; the system's choice is what a first visit sees.
  await page.emulateMedia({ colorScheme: THEMES[0] });
}

/** Waits for the page's client part, so axe sees what a user sees (no skeletons mid-swap). */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
}

const PUBLIC_PAGES = [
  "/",
  "/login",
  "/signup",
  "/forgot-password",
  "/reset-password/not-a-real-token",
  "/no-such-page",
  // Public site
  "/about",
  "/contact",
  "/blog",
  "/blog/00000000-0000-4000-8000-000000000000",
  "/privacy-policy",
  "/terms",
  "/cancellation-policy",
  "/refund-policy",
  "/subscription-billing-policy",
  "/catalog",
  "/join/NOSUCHCODE",
];

for (const locale of LOCALES) {
  test.describe(`accessibility (${locale})`, () => {
    // Each test walks many pages and runs axe twice on every one (2–4 s a run on a 2-core
    // machine with the other worker busy): the suite's 60 s fits one flow, not such a tour.
    test.describe.configure({ timeout: 300_000 });
    test("public pages", async ({ page }) => {
      await prepare(page, locale);
      // Public site: one blog post, found through the contract's list.
      const [post] = (await (await page.request.get("/api/getblogs")).json()) as { _id: string }[];
      for (const path of [...PUBLIC_PAGES, `/blog/${post._id}`]) {
        await page.goto(path);
        await settle(page);
        await expectNoSeriousViolations(page, path);
      }
    });

    test("dashboard pages and their dialogs", async ({ page }) => {
      await prepare(page, locale);
      await signUpViaApi(page);
      await createCourseViaApi(page, `Axe Course ${locale}`);
      await page.goto("/dashboard");
      await settle(page);
      await expectNoSeriousViolations(page, "/dashboard");

      // The course card's menu, then its delete dialog.
      const actions = page.getByRole("button", { name: new RegExp(`^(Ações de|Actions for) Axe Course`) });
      await waitForHydration(actions);
      await actions.click();
      await expect(page.getByRole("menu")).toBeVisible();
      await expectNoSeriousViolations(page, "/dashboard course menu");
      await page.getByRole("menuitem", { name: locale === "pt" ? "Excluir" : "Delete" }).click();
      await expect(page.getByRole("alertdialog")).toBeVisible();
      await expectNoSeriousViolations(page, "/dashboard delete dialog");
      await page.keyboard.press("Escape");

      await page.goto("/dashboard/generate-course");
      await settle(page);
      await expectNoSeriousViolations(page, "/dashboard/generate-course");

      for (const path of [
        "/dashboard/pricing",
        "/dashboard/payment/monthly",
        "/payment-failed",
        "/payment-pending",
        "/dashboard/classes",
      ]) {
        await page.goto(path);
        await settle(page);
        await expectNoSeriousViolations(page, path);
      }

      await page.goto("/dashboard/profile");
      await settle(page);
      await expectNoSeriousViolations(page, "/dashboard/profile (account)");
      for (const tab of locale === "pt" ? ["Configurações", "Cobrança"] : ["Settings", "Billing"]) {
        const trigger = page.getByRole("tab", { name: tab });
        await waitForHydration(trigger);
        await trigger.click();
        await expectNoSeriousViolations(page, `/dashboard/profile (${tab})`);
      }
      await page.getByRole("tab", { name: locale === "pt" ? "Configurações" : "Settings" }).click();
      await page.getByRole("button", { name: locale === "pt" ? "Excluir perfil" : "Delete Profile" }).click();
      await expect(page.getByRole("alertdialog")).toBeVisible();
      await expectNoSeriousViolations(page, "/dashboard/profile delete dialog");
    });

    test("course viewer with its notes and chat panels", async ({ page }) => {
      await prepare(page, locale);
      await signUpViaApi(page);
      const courseId = await createCourseViaApi(page, `Axe Viewer ${locale}`);
      await page.goto(`/course/${courseId}`);
      const chat = page.getByRole("button", { name: locale === "pt" ? "Assistente do Curso" : "Course Assistant" });
      await waitForHydration(chat);
      await settle(page);
      await expectNoSeriousViolations(page, "/course/{id}");

      await page.getByRole("button", { name: locale === "pt" ? "Opções da aula" : "Lesson options" }).click();
      await expect(page.getByRole("menu")).toBeVisible();
      await expectNoSeriousViolations(page, "/course/{id} lesson menu");
      await page.keyboard.press("Escape");
      await expect(page.getByRole("menu")).toBeHidden();

      await chat.click();
      await expect(page.getByRole("dialog")).toBeVisible();
      // A conversation long enough to scroll: the list must be reachable by keyboard.
      const question = page.getByRole("dialog").getByRole("textbox");
      await question.fill("Explain this lesson in detail, please.");
      await question.press("Enter");
      await expect(page.getByRole("log").getByText("Explain this lesson in detail, please.")).toBeVisible();
      await expect(page.getByRole("dialog").getByRole("textbox")).toBeEnabled();
      await settle(page);
      await expectNoSeriousViolations(page, "/course/{id} chat");
      await page.keyboard.press("Escape");

      await page.getByRole("button", { name: locale === "pt" ? "Notas do Curso" : "Course Notes" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await settle(page);
      await expectNoSeriousViolations(page, "/course/{id} notes");

      await page.goto(`/course/${courseId}/print`);
      await settle(page);
      await expectNoSeriousViolations(page, "/course/{id}/print");
      const shared = (await (await page.request.post(`/api/courses/${courseId}/share`)).json()) as {
        shareId: string;
      };
      await page.goto(`/shareable?id=${shared.shareId}`);
      await settle(page);
      await expectNoSeriousViolations(page, "/shareable");
    });

    test("quiz, certificate and certificate verification pages", async ({ page }) => {
      await prepare(page, locale);
      await signUpViaApi(page);
      const courseId = await createCourseViaApi(page, `Axe Quiz ${locale}`);
      const publicId = await completeCourseViaApi(page, courseId);
      await page.goto(`/course/${courseId}/quiz`);
      const start = page.getByTestId("quiz-start");
      await waitForHydration(start);
      await settle(page);
      await expectNoSeriousViolations(page, "/course/{id}/quiz (intro)");
      await start.click();
      await expect(page.getByTestId("quiz-timer")).toBeVisible();
      await expectNoSeriousViolations(page, "/course/{id}/quiz (question)");
      await page.goto(`/course/${courseId}/certificate`);
      await settle(page);
      await expectNoSeriousViolations(page, "/course/{id}/certificate");
      await page.goto(`/certificates/${publicId}`);
      await settle(page);
      await expectNoSeriousViolations(page, "/certificates/{publicId}");
    });

    test("admin panel", async ({ page }) => {
      await prepare(page, locale);
      await signInViaApi(page, ADMIN);
      await page.goto("/admin");
      await settle(page);
      await expectNoSeriousViolations(page, "/admin");
      // Issue 15's pages, one line each.
      for (const path of [
        "/admin/users",
        "/admin/courses",
        "/admin/paid-users",
        "/admin/admins",
        "/admin/contacts",
        "/admin/blogs",
        "/admin/blogs?q=no-such-post",
        "/admin/create-blog",
        "/admin/terms",
        "/admin/activity",
      ]) {
        await page.goto(path);
        await settle(page);
        await expectNoSeriousViolations(page, path);
      }
    });
  });
}
