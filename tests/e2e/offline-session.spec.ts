import { randomInt } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { accountCopy } from "./account-copy";
import { writeLessons } from "./course-content";
import { createCourseViaApi } from "./courses";
import { expect, signInViaApi, signUpViaApi, test, toast, useLocale, waitForHydration } from "./fixtures";
import { resetLinkIn, waitForMail } from "./mailbox";

/**
 * Offline copies end with the session that saved them (docs/decisions/016): whichever way the
 * session ends, or another user signs in on the same browser, the `aula-*` caches and the
 * offline notes go, and offline the course no longer opens.
 */
test.use({ serviceWorkers: "allow" });

const LESSON_TEXT = "Lesson kept for offline reading.";
const NOTES_QUEUE = "aula-offline-notes";
const profile = accountCopy.en.profile;

type Account = { email: string; password: string; name: string };

/** A course downloaded for offline reading, with a note written offline still queued (a conflict, so it is never sent). */
async function downloadedCourse(page: Page): Promise<{ me: Account; courseId: string; owner: string | undefined }> {
  await useLocale(page, "en");
  const me = await signUpViaApi(page, "Offline Owner");
  const courseId = await createCourseViaApi(page, "Session Bound Course");
  await writeLessons(page, courseId, [{ theory: `<p>${LESSON_TEXT}</p>` }]);

  await page.goto(`/course/${courseId}`);
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker?.controller)), {
      message: "the service worker controls the viewer",
      timeout: 20_000,
    })
    .toBe(true);
  const offlineMenu = page.getByRole("button", { name: "Offline reading", exact: true });
  await waitForHydration(offlineMenu);
  await offlineMenu.click();
  await page.getByRole("menuitem", { name: "Download for offline" }).click();
  // Some lessons are not written: keep the copy without them (tests/e2e/write-all.spec.ts asks the other way).
  await page.getByRole("button", { name: "Continue anyway" }).click();
  await expect(toast(page, "Available offline")).toBeVisible({ timeout: 60_000 });
  await page.evaluate(
    ([key, id]) =>
      localStorage.setItem(
        key,
        JSON.stringify({ [id]: { courseId: id, html: "<p>Written offline</p>", version: 1, conflict: true } }),
      ),
    [NOTES_QUEUE, courseId] as const,
  );
  expect(await offlineCaches(page)).toContain(`aula-course-${courseId}`);
  return { me, courseId, owner: (await ownerRecord(page))?.owner };
}

function offlineCaches(page: Page): Promise<string[]> {
  return page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith("aula-")).sort());
}

function ownerRecord(page: Page): Promise<{ owner: string; expiresAt: number } | undefined> {
  return page.evaluate(async () => (await caches.match("/__offline/session", { cacheName: "aula-session" }))?.json());
}

/**
 * The copies are gone: no `aula-*` cache is left and no queued note; offline, the course's
 * address shows the worker's "not downloaded" page instead of the lesson. With `nextSession`
 * (this browser is signed in again), no course is left and the owner record names the new
 * session (the app's scripts may be fetched into `aula-shell` meanwhile: they hold nobody's data).
 */
async function expectCopiesGone(page: Page, courseId: string, nextSession?: { previousOwner: string | undefined }) {
  if (nextSession) {
    await expect
      .poll(async () => (await offlineCaches(page)).filter((name) => name.startsWith("aula-course-")), {
        message: "the courses are deleted",
      })
      .toEqual([]);
    const record = await ownerRecord(page);
    expect(record?.owner).toBeTruthy();
    expect(record?.owner).not.toBe(nextSession.previousOwner);
  } else {
    await expect.poll(() => offlineCaches(page), { message: "the aula-* caches are deleted" }).toEqual([]);
  }
  expect(await page.evaluate((key) => localStorage.getItem(key), NOTES_QUEUE)).toBeNull();

  // Offline, only the worker can answer: it must be controlling this page before the network goes.
  await expect
    .poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active)), {
      message: "the service worker is active",
    })
    .toBe(true);
  await page.context().setOffline(true);
  await page.goto(`/course/${courseId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Offline" })).toBeVisible();
  await expect(page.getByText(LESSON_TEXT)).toHaveCount(0);
  await page.context().setOffline(false);
}

async function anotherBrowser(browser: Browser) {
  const context = await browser.newContext({
    extraHTTPHeaders: { "x-forwarded-for": `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` },
  });
  const page = await context.newPage();
  await useLocale(page, "en");
  return { context, page };
}

async function openProfile(page: Page) {
  await page.goto("/dashboard/profile");
  await expect(page.getByRole("heading", { level: 1, name: profile.heading })).toBeVisible();
  await waitForHydration(page.getByRole("button", { name: profile.edit }));
}

test.describe("offline copies end with the session", () => {
  test.setTimeout(120_000);

  test("another user signing in on the same browser finds none of the last user's copies", async ({ page }) => {
    const { courseId, owner } = await downloadedCourse(page);
    // The same browser (this context's cookies) signs in as someone else.
    await signUpViaApi(page, "Next Person");
    await page.goto("/dashboard");
    await expect(page.getByTestId("sidebar-user")).toContainText("Next Person");
    await expectCopiesGone(page, courseId, { previousOwner: owner });
  });

  test("signed out from another device (sign out of all other sessions): the next online page load deletes them", async ({
    page,
    browser,
  }) => {
    const { me, courseId } = await downloadedCourse(page);
    const elsewhere = await anotherBrowser(browser);
    await signInViaApi(elsewhere.page, me);
    expect((await elsewhere.page.request.post("/api/sessions", { data: { signOut: "others" } })).status()).toBe(200);
    await elsewhere.context.close();

    await page.reload();
    await expect(page).toHaveURL(/\/login\?callbackUrl=/);
    await expectCopiesGone(page, courseId);
  });

  test("a password reset from another device ends this session and its copies", async ({ page, browser }) => {
    const { me, courseId } = await downloadedCourse(page);
    const elsewhere = await anotherBrowser(browser);
    expect((await elsewhere.page.request.post("/api/forgot", { data: { email: me.email } })).status()).toBe(200);
    const token = resetLinkIn(await waitForMail(me.email, accountCopy.en.mail.reset))
      .split("/")
      .at(-1);
    expect(
      (
        await elsewhere.page.request.post("/api/reset-password", { data: { token, password: "a-reset-password-9" } })
      ).status(),
    ).toBe(200);
    await elsewhere.context.close();

    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?callbackUrl=/);
    await expectCopiesGone(page, courseId);
  });

  test("a password change on this browser starts a new session: the old session's copies go", async ({ page }) => {
    const { me, courseId, owner } = await downloadedCourse(page);
    await openProfile(page);
    await page.getByRole("button", { name: profile.edit }).click();
    await page.getByLabel(profile.newPassword, { exact: true }).fill("my-new-password-7");
    await page.getByLabel(profile.currentPassword, { exact: true }).fill(me.password);
    await page.getByRole("button", { name: profile.save, exact: true }).click();
    await expect(toast(page, profile.updated)).toBeVisible();
    // No reload: the page's refresh after saving brings the new session's owner.
    await expectCopiesGone(page, courseId, { previousOwner: owner });
  });

  test("deleting the account deletes its copies", async ({ page }) => {
    const { me, courseId } = await downloadedCourse(page);
    await openProfile(page);
    await page.getByRole("tab", { name: profile.tabs.settings }).click();
    await page.getByRole("button", { name: profile.deleteButton }).click();
    await page.getByRole("alertdialog").getByLabel(profile.currentPassword, { exact: true }).fill(me.password);
    await page.getByRole("alertdialog").getByRole("button", { name: profile.confirmDelete, exact: true }).click();
    await expect(toast(page, profile.deleted)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expectCopiesGone(page, courseId);
  });

  test("an expired session: its cookie gone, the next online page deletes the copies", async ({ page, context }) => {
    const { courseId } = await downloadedCourse(page);
    // At its Max-Age the browser drops the session cookie, as here.
    await context.clearCookies({ name: /aula\.session$/ });
    await page.goto(`/course/${courseId}`);
    await expect(page).toHaveURL(/\/login\?callbackUrl=/);
    await expectCopiesGone(page, courseId);
  });

  test("offline, past the session's expiry, the worker refuses the copy and deletes it", async ({ page, context }) => {
    const { courseId } = await downloadedCourse(page);
    const record = (await ownerRecord(page))!;
    // The record names this session and its expiry: the token's 30 days.
    expect(record.owner).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(record.expiresAt - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
    expect(record.expiresAt - Date.now()).toBeLessThanOrEqual(30 * 24 * 3600 * 1000);

    // Within the session the copy reads offline.
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId("lesson-theory")).toContainText(LESSON_TEXT);

    // The session's expiry passes (forged: the clock cannot be moved for the worker).
    await page.evaluate(async (owner) => {
      const cache = await caches.open("aula-session");
      await cache.put("/__offline/session", Response.json({ owner, expiresAt: Date.now() - 1000 }));
    }, record.owner);
    await page.goto(`/course/${courseId}`);
    await expect(page.getByRole("heading", { level: 1, name: "Offline" })).toBeVisible();
    await expect(page.getByText(LESSON_TEXT)).toHaveCount(0);
    await expect.poll(() => offlineCaches(page), { message: "the worker deleted the expired copies" }).toEqual([]);
    await context.setOffline(false);
  });
});
