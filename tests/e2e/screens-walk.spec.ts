import { expectAxeCleanInBothThemes } from "./axe";
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import en from "../../messages/en.json";
import pt from "../../messages/pt.json";
import { createCourseViaApi } from "./courses";
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
import { mailsTo } from "./mailbox";
import { chooseLanguage } from "./pages";

/**
 * Issue 24, item 6: the defects of a user walk at 1280/390/360 px, in pt and en, light and dark.
 * Checkout errors clear once fixed; a waiting e-mail change has a lasting notice with Resend and
 * Cancel; Save a copy says it saved; the quiz has a way back that asks first; the landing page
 * says which plans get 38 languages; admin tables scroll in their own region on a phone; the
 * viewer has the language menu and its floating buttons never cover the lesson's end; the
 * new-password placeholder fits. Phone screenshots, for a person to look at, go to SCREENS_SHOTS
 * (default: aula-screens in the system's temporary folder), never into the repository.
 */
const copy = { pt, en } as const;
const SHOTS = process.env.SCREENS_SHOTS ?? path.join(tmpdir(), "aula-screens");
mkdirSync(SHOTS, { recursive: true });

/** A message with its `{name}` arguments filled in (the few used here have no plural forms). */
function fill(message: string, values: Record<string, string>): string {
  return message.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
}

async function noSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(widths.scroll, `page ${widths.scroll} px wide in a ${widths.inner} px window`).toBeLessThanOrEqual(
    widths.inner,
  );
}

const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const locale of LOCALES) {
  const m = copy[locale];

  test.describe(`screens walk (${locale})`, () => {
    test.beforeEach(async ({ page }) => {
      await useLocale(page, locale);
    });

    test("checkout: a field's error goes once the field is fixed", async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signUpViaApi(page);
      await page.goto("/dashboard/payment/monthly");
      const pay = page.getByTestId("pay-button");
      await waitForHydration(pay);
      const firstName = page.getByLabel(m.payment.checkout.fields.firstName, { exact: true });
      const address = page.getByLabel(m.payment.checkout.fields.address, { exact: true });
      await firstName.fill("");
      await pay.click();
      const firstError = page.locator("#billing-firstName-error");
      const addressError = page.locator("#billing-address-error");
      await expect(firstError).toHaveText(m.payment.checkout.errors.firstName);
      await expect(addressError).toHaveText(m.payment.checkout.errors.address);
      await expect(firstName).toHaveAttribute("aria-invalid", "true");

      await firstName.fill("Ana");
      await expect(firstError).toHaveCount(0);
      await expect(firstName).toHaveAttribute("aria-invalid", "false");
      // Still too short: its message stays until the value passes its rule.
      await address.fill("Rua");
      await expect(addressError).toBeVisible();
      await address.fill("Rua das Flores 10");
      await expect(addressError).toHaveCount(0);
      // A field not touched keeps its message.
      await expect(page.locator("#billing-city-error")).toHaveText(m.payment.checkout.errors.city);
      await page.screenshot({ path: `${SHOTS}/checkout-390-${locale}.png`, fullPage: true });
      await expectAxeCleanInBothThemes(page, "checkout with errors");
    });

    test("profile: a waiting e-mail change has a lasting notice with Resend and Cancel", async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const me = await signUpViaApi(page, "Walker");
      const newEmail = uniqueEmail("moving");
      const asked = await page.request.post("/api/profile", {
        data: { mName: "Walker", email: newEmail, password: "", currentPassword: me.password },
      });
      expect(asked.status()).toBe(200);
      await expect.poll(async () => (await mailsTo(newEmail)).length).toBe(1);

      await page.goto("/dashboard/profile");
      const notice = page.getByRole("region", { name: m.profile.emailChange.noticeTitle });
      await expect(notice).toContainText(fill(m.profile.emailChange.notice, { email: newEmail, current: me.email }));
      // Lasting: it is there after a reload too, not a toast.
      await page.reload();
      await expect(notice).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/profile-email-notice-390-${locale}.png`, fullPage: true });
      await expectAxeCleanInBothThemes(page, "profile with the e-mail notice");

      const resend = notice.getByRole("button", { name: m.profile.emailChange.resend });
      await waitForHydration(resend);
      await resend.click();
      await expect(toast(page, m.profile.emailChange.resentTitle)).toBeVisible();
      await expect.poll(async () => (await mailsTo(newEmail)).length).toBe(2);
      await expect(notice).toBeVisible();

      await notice.getByRole("button", { name: m.profile.emailChange.cancel }).click();
      await expect(toast(page, m.profile.emailChange.cancelledTitle)).toBeVisible();
      await expect(notice).toHaveCount(0);
      await page.reload();
      await expect(page.getByRole("heading", { level: 1, name: m.profile.title })).toBeVisible();
      await expect(notice).toHaveCount(0);
      // The newest link no longer works either.
      const [latest] = (await mailsTo(newEmail)).slice(-1);
      const token = latest.text?.match(/\/confirm-email\/([A-Za-z0-9_-]{43})/)?.[1];
      expect(token).toBeTruthy();
      const confirm = await page.request.post("/api/profile/confirm-email", { data: { token } });
      expect(confirm.status()).toBe(400);
    });

    test("Save a copy says the copy was saved, with a link to it", async ({ page, browser }) => {
      await signUpViaApi(page);
      const courseId = await createCourseViaApi(page, `Walk Share ${locale}`);
      const shared = await page.request.post(`/api/courses/${courseId}/share`, { data: {} });
      expect(shared.status()).toBe(200);
      const { shareId } = (await shared.json()) as { shareId: string };

      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const member = await context.newPage();
      await useLocale(member, locale);
      await signUpViaApi(member);
      await member.goto(`/shareable?id=${shareId}`);
      const save = member.getByTestId("save-copy");
      await waitForHydration(save);
      await save.click();
      const saved = member.getByRole("status").filter({ hasText: m.share.copySaved });
      await expect(saved).toBeVisible();
      const open = saved.getByRole("link", { name: m.share.openCopy });
      await expect(open).toHaveAttribute("href", /\/course\/[0-9a-f-]{36}$/);
      await member.screenshot({ path: `${SHOTS}/share-saved-390-${locale}.png`, fullPage: true });
      await expectAxeCleanInBothThemes(member, "shared course after Save a copy");
      await open.click();
      await expect(member).toHaveURL(/\/course\/[0-9a-f-]{36}$/);
      expect(new URL(member.url()).pathname).not.toContain(courseId);
      await context.close();
    });

    test("quiz: Back to Course during an attempt asks first, by keyboard too", async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signUpViaApi(page);
      const courseId = await createCourseViaApi(page, `Walk Quiz ${locale}`);
      await page.goto(`/course/${courseId}/quiz`);
      const start = page.getByTestId("quiz-start");
      await waitForHydration(start);
      await start.click();
      await expect(page.getByTestId("quiz-timer")).toBeVisible();

      const leave = page.getByRole("button", { name: m.quiz.backToCourse });
      await leave.click();
      const dialog = page.getByRole("alertdialog", { name: m.quiz.leaveTitle });
      await expect(dialog).toContainText(m.quiz.leaveText);
      await page.screenshot({ path: `${SHOTS}/quiz-leave-390-${locale}.png` });
      await expectAxeCleanInBothThemes(page, "quiz leave dialog");
      // Escape keeps the attempt and gives the focus back.
      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);
      await expect(leave).toBeFocused();
      await expect(page).toHaveURL(new RegExp(`/course/${courseId}/quiz$`));
      await expect(page.getByTestId("quiz-timer")).toBeVisible();

      // By keyboard: open, the safe choice has the focus, Tab to Leave, Enter.
      await page.keyboard.press("Enter");
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("button", { name: m.quiz.stay })).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(dialog.getByRole("button", { name: m.quiz.leave })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`/course/${courseId}$`));
    });

    test("landing: says which plans get the 38 course languages", async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 800 });
      await page.goto("/");
      const plans = locale === "pt" ? "Mensal e Anual" : "Monthly and Annual";
      await expect(page.getByText(fill(m.landing.features.items.languages.text, { plans }))).toBeVisible();
      await expect(page.getByText(fill(m.landing.hero.badge, { plans }))).toBeVisible();
      await expect(page.getByText(fill(m.landing.howItWorks.steps.language.text, { plans }))).toBeVisible();
      await noSidewaysScroll(page);
      await page
        .locator("#features")
        .screenshot({ path: `${SHOTS}/landing-languages-360-${locale}.png` })
        .catch(() => undefined);
    });

    for (const width of [360, 390]) {
      test(`${width} px: an admin table scrolls in its own labelled region, never the page`, async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        await signInViaApi(page, ADMIN);
        await page.goto("/admin/users");
        const region = page.getByRole("region", { name: m.admin.users });
        await expect(region).toBeVisible();
        await noSidewaysScroll(page);
        // The region names its hint as its description, and the hint is on screen.
        const hint = page.getByText(m.admin.table.scrollHint);
        await expect(hint).toBeVisible();
        await expect(region).toHaveAccessibleDescription(m.admin.table.scrollHint);
        const sizes = await region.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
        expect(sizes.scroll).toBeGreaterThan(sizes.client);
        // The edges show there is more: a background drawn for it.
        expect(await region.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain("gradient");
        // Reachable by keyboard: the region takes focus and the arrows scroll it to the last column.
        await region.focus();
        for (let i = 0; i < 30; i++) await page.keyboard.press("ArrowRight");
        await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
        await expect(region.getByRole("columnheader").last()).toBeInViewport();
        await noSidewaysScroll(page);
        await region.evaluate((el) => (el.scrollLeft = 0));
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: `${SHOTS}/admin-users-${width}-${locale}.png` });
        if (width === 360) await expectAxeCleanInBothThemes(page, "admin users on a phone");
      });
    }

    test("viewer: the language menu switches the UI; on a phone the floating buttons never cover the lesson's end", async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await signUpViaApi(page);
      const courseId = await createCourseViaApi(page, `Walk Viewer ${locale}`);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/course/${courseId}`);
      const theory = page.getByTestId("lesson-theory");
      await expect(theory).toBeVisible();
      const floating = page.getByTestId("study-floating");
      await expect(floating).toBeVisible();
      // Mid-lesson: at the buttons' height no line of the lesson runs beside them (half hidden
      // under a button); the whole width there is the buttons' own opaque strip.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 3));
      for (const button of await floating.getByRole("button").all()) {
        const box = (await button.boundingBox())!;
        const y = box.y + box.height / 2;
        for (const x of [4, box.x - 4, 386]) {
          const inStrip = await floating.evaluate(
            (strip, [px, py]) => strip.contains(document.elementFromPoint(px, py)),
            [x, y] as const,
          );
          expect(inStrip, `the point (${Math.round(x)}, ${Math.round(y)}) beside "${await button.innerText()}"`).toBe(
            true,
          );
        }
      }
      // At the end: the lesson's last block, and its navigation, are above the buttons and the bar.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect
        .poll(() =>
          page.evaluate(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1),
        )
        .toBe(true);
      const last = theory.locator(":scope > *").last();
      const lastBox = (await last.boundingBox())!;
      const bar = (await page.getByTestId("mobile-bar").boundingBox())!;
      for (const button of await floating.getByRole("button").all()) {
        const box = (await button.boundingBox())!;
        expect(overlap(lastBox, box), `the lesson's last block under "${await button.innerText()}"`).toBe(false);
      }
      expect(overlap(lastBox, bar)).toBe(false);
      const navBox = (await page.getByRole("button", { name: m.viewer.next }).boundingBox())!;
      expect(navBox.y + navBox.height).toBeLessThanOrEqual((await floating.boundingBox())!.y);
      await page.screenshot({ path: `${SHOTS}/viewer-end-390-${locale}.png` });

      // The language menu, on the phone's top bar, and it works.
      const banner = page.getByRole("banner");
      const menu = banner.getByRole("button", { name: `${m.common.language}: ${locale.toUpperCase()}`, exact: true });
      await expect(menu).toBeVisible();
      await expectAxeCleanInBothThemes(page, "viewer on a phone");
      const other: Locale = locale === "pt" ? "en" : "pt";
      await chooseLanguage(page, other);
      // The bar shows a short word; its button is named in full.
      await expect(
        page.getByTestId("mobile-bar").getByRole("button", { name: copy[other].viewer.courseContent, exact: true }),
      ).toBeVisible();
      await expect(
        banner.getByRole("button", { name: `${copy[other].common.language}: ${other.toUpperCase()}`, exact: true }),
      ).toBeVisible();
      // And at desktop width.
      await page.setViewportSize({ width: 1280, height: 800 });
      await chooseLanguage(page, locale);
      await expect(page.getByRole("button", { name: m.viewer.next })).toBeVisible();
    });

    test("360 px: the new-password placeholder is not cut off", async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 800 });
      await signUpViaApi(page);
      await page.goto("/dashboard/profile");
      const edit = page.getByRole("button", { name: m.profile.edit });
      await waitForHydration(edit);
      await edit.click();
      const input = page.getByLabel(m.profile.account.newPassword, { exact: true });
      await expect(input).toHaveAttribute("placeholder", m.profile.account.passwordPlaceholder);
      await expectPlaceholderFits(input);
      await noSidewaysScroll(page);
      await page.screenshot({ path: `${SHOTS}/profile-password-360-${locale}.png`, fullPage: true });
      await expectAxeCleanInBothThemes(page, "profile editing at 360 px");
    });
  });
}

/** The placeholder's drawn width (the input's own font) fits the input's content box. */
async function expectPlaceholderFits(input: Locator) {
  const { text, box } = await input.evaluate((el) => {
    const field = el as HTMLInputElement;
    const style = getComputedStyle(field, "::placeholder");
    const own = getComputedStyle(field);
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    return {
      text: context.measureText(field.placeholder).width,
      box: field.clientWidth - parseFloat(own.paddingLeft) - parseFloat(own.paddingRight),
    };
  });
  expect(text, `placeholder ${Math.round(text)} px in a ${Math.round(box)} px box`).toBeLessThanOrEqual(box);
}
