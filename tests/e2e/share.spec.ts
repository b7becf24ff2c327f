import type { Browser, Page } from "@playwright/test";
import {
  BASE_URL,
  expect,
  LOCALES,
  signUpViaApi,
  test,
  toast,
  uniqueEmail,
  useLocale,
  waitForHydration,
  type Locale,
} from "./fixtures";
import { createCourseViaApi } from "./courses";
import { SignupPage } from "./pages";

const T = {
  pt: {
    share: "Compartilhar",
    copyLink: "Copiar link de compartilhamento",
    stop: "Parar de compartilhar",
    copied: "Link copiado",
    stopped: "Compartilhamento encerrado",
    notShared: "Este curso não está compartilhado",
  },
  en: {
    share: "Share",
    copyLink: "Copy share link",
    stop: "Stop sharing",
    copied: "Link copied",
    stopped: "Sharing stopped",
    notShared: "This course is not shared",
  },
} as const;

async function visitor(browser: Browser, locale: Locale): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE_URL });
  const page = await context.newPage();
  await useLocale(page, locale);
  return page;
}

async function saveCopy(page: Page, link: string) {
  await page.goto(link);
  const save = page.getByTestId("save-copy");
  await waitForHydration(save);
  await save.click();
}

for (const locale of LOCALES) {
  test.describe(`sharing (${locale})`, () => {
    test("the owner shares; visitors save copies (signed out through sign-up, signed in at once); stopping makes the link 404", async ({
      page,
      browser,
    }) => {
      test.setTimeout(120_000);
      const t = T[locale];
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: BASE_URL });
      await useLocale(page, locale);
      await signUpViaApi(page);
      const topic = `Shared Course ${locale}`;
      const courseId = await createCourseViaApi(page, topic);
      expect(
        (
          await page.request.post("/api/savenotes", {
            data: { course: courseId, notes: "<p>owner's private notes</p>" },
          })
        ).status(),
      ).toBe(200);

      await page.goto(`/course/${courseId}`);
      const shareButton = page.getByRole("button", { name: t.share, exact: true });
      await waitForHydration(shareButton);
      await shareButton.click();
      const answer = page.waitForResponse(
        (r) => r.url().endsWith(`/api/courses/${courseId}/share`) && r.request().method() === "POST",
      );
      await page.getByRole("menuitem", { name: t.copyLink }).click();
      const { url, shareId } = (await (await answer).json()) as { url: string; shareId: string };
      expect(url).toBe(`${BASE_URL}/shareable?id=${shareId}`);
      expect(url).not.toContain(courseId);
      await expect(toast(page, t.copied)).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
      const link = `/shareable?id=${shareId}`;

      // Signed out: Save a copy leads a new visitor to sign-up (not "Welcome back"), with a way to
      // log in that keeps the way back; signing up comes back on the copy.
      const stranger = await visitor(browser, locale);
      await stranger.goto(link);
      await expect(stranger.getByRole("heading", { level: 1, name: topic })).toBeVisible();
      await expect(stranger.locator('meta[property="og:title"]')).toHaveAttribute("content", topic);
      await saveCopy(stranger, link);
      await expect(stranger).toHaveURL(`/signup?callbackUrl=${encodeURIComponent(link)}`);
      const signup = new SignupPage(stranger, locale);
      await signup.expectShown();
      await expect(stranger.getByRole("link", { name: signup.t.loginLink, exact: true })).toHaveAttribute(
        "href",
        `/login?callbackUrl=${encodeURIComponent(link)}`,
      );
      await signup.fillIn({ name: "Copier", email: uniqueEmail("copier"), password: "a-long-password", terms: true });
      await signup.submit.click();
      await expect(stranger).toHaveURL(/\/course\/[0-9a-f-]{36}$/);
      const copyId = new URL(stranger.url()).pathname.split("/").pop()!;
      expect(copyId).not.toBe(courseId);
      await expect(stranger.getByText(topic, { exact: true }).first()).toBeVisible();
      // The copy is the stranger's own, without the owner's notes.
      const notes = await stranger.request.post("/api/getnotes", { data: { course: copyId } });
      expect(((await notes.json()) as { message: string }).message).toBe("");

      // Signed in: one click saves it, the page says so, and its link opens the copy.
      const member = await visitor(browser, locale);
      await signUpViaApi(member);
      await saveCopy(member, link);
      await member.getByTestId("copy-saved").getByRole("link").click();
      await expect(member).toHaveURL(/\/course\/[0-9a-f-]{36}$/);
      expect(new URL(member.url()).pathname).not.toContain(courseId);

      // Stop sharing: the old link answers 404 and says so.
      await page.getByRole("button", { name: t.share, exact: true }).click();
      await page.getByRole("menuitem", { name: t.stop }).click();
      await expect(toast(page, t.stopped)).toBeVisible();
      const late = await visitor(browser, locale);
      const response = await late.goto(link);
      expect(response?.status()).toBe(404);
      await expect(late.getByRole("heading", { level: 1, name: t.notShared })).toBeVisible();
      expect((await late.request.get(`/api/shareable?id=${shareId}`)).status()).toBe(404);
    });
  });
}
