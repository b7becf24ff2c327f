import type { APIRequestContext, Page } from "@playwright/test";
import {
  BASE_URL,
  expect,
  LOCALES,
  signInViaApi,
  signUpViaApi,
  test,
  toast,
  useLocale,
  waitForHydration,
} from "./fixtures";
import { generationCopy } from "./generation-copy";

/** The fake model of tests/fakes/, started by scripts/e2e-server.mjs on E2E_PORT + 10. */
const FAKE_MODEL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 10}`;
/** Seeded as paid (monthly) accounts by scripts/e2e-server.mjs. */
const PAID = { pt: "paid-1@e2e.test", en: "paid-2@e2e.test" } as const;
const PAID_PASSWORD = "e2e-password-1";

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;
let topicCounter = 0;
const uniqueTopic = (label: string) => `${label} ${Date.now().toString(36)}${process.pid}${++topicCounter}`;

async function openGenerate(page: Page) {
  await page.goto("/dashboard/generate-course");
  const submit = page.locator("form button[type=submit]");
  await waitForHydration(submit);
}

/** Creates a course through the contract API, as another client would. */
async function createCourseViaApi(request: APIRequestContext, topic: string) {
  const form = { topic, subtopics: [], topicsLimit: "4", courseType: "Text & Image Course", language: "English" };
  const outline = await request.post("/api/prompt", { data: form });
  expect(outline.status()).toBe(200);
  const { generatedText, outlineId } = await outline.json();
  const res = await request.post("/api/course", {
    data: { mainTopic: topic, type: form.courseType, lang: "English", content: generatedText, outlineId },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).courseId as string;
}

for (const locale of LOCALES) {
  const c = generationCopy[locale];

  test.describe(`Generate Course (${locale})`, () => {
    test.beforeEach(async ({ page }) => {
      await useLocale(page, locale);
    });

    test("a free user previews, cancels keeping the form, generates, lands on the course and finds it in My Courses", async ({
      page,
    }) => {
      await signUpViaApi(page);
      await openGenerate(page);
      const g = c.generate;
      await expect(page.getByRole("heading", { level: 1, name: g.heading })).toBeVisible();
      await expect(page.getByText(g.coursesLeft)).toBeVisible();
      await expect(page.getByText(g.demo)).toBeVisible();

      // The SPEC's validation, on the client too.
      await page.getByRole("button", { name: g.submit }).click();
      await expect(page.getByText(g.topicMin)).toBeVisible();

      const topic = uniqueTopic("Photosynthesis");
      await page.getByLabel(g.topic, { exact: true }).fill(topic);
      const subtopic = page.getByLabel(g.subtopic);
      await subtopic.fill("Light reactions");
      await page.getByRole("button", { name: g.addSubtopic }).click();
      await subtopic.fill("Calvin cycle");
      await subtopic.press("Enter");
      await subtopic.fill("   ");
      await subtopic.press("Enter"); // empty: ignored
      await expect(page.getByRole("button", { name: g.remove("Light reactions") })).toBeVisible();
      await expect(page.getByRole("button", { name: g.remove("Calvin cycle") })).toBeVisible();
      await expect(page.getByRole("button", { name: /^(Remover|Remove) / })).toHaveCount(2);

      await page.getByRole("button", { name: g.submit }).click();
      await expect(page.getByRole("heading", { level: 2, name: topic.toUpperCase() })).toBeVisible();
      await expect(page.getByText(g.previewSubtitle)).toBeVisible();
      const preview = page.getByTestId("outline-preview");
      await expect(page.getByRole("button", { name: g.generateCourse })).toBeEnabled();
      await expect(preview.locator(":scope > li")).toHaveCount(5);
      await expect(preview.getByText("Light reactions", { exact: true })).toBeVisible();
      await expect(preview.getByText("Calvin cycle", { exact: true })).toBeVisible();

      // Cancel goes back to the form with everything kept.
      await page.getByRole("button", { name: g.cancel }).click();
      await expect(page.getByLabel(g.topic, { exact: true })).toHaveValue(topic);
      await expect(page.getByRole("button", { name: g.remove("Calvin cycle") })).toBeVisible();

      await page.getByRole("button", { name: g.submit }).click();
      const generateButton = page.getByRole("button", { name: g.generateCourse });
      await expect(generateButton).toBeEnabled();
      await generateButton.click();
      await expect(page.getByRole("button", { name: g.generating })).toBeDisabled();
      await page.waitForURL(/\/course\/[0-9a-f-]{36}$/);
      const courseId = page.url().match(UUID)![0];

      await page.goto("/dashboard");
      const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: topic }) });
      await expect(card).toHaveCount(1);
      const cc = c.courses;
      await expect(card.getByText(cc.inProgress, { exact: true })).toBeVisible();
      await expect(card.getByText(cc.textImage)).toBeVisible();
      await expect(card.getByText(cc.modules)).toBeVisible();
      // Landing on the course opened the viewer, which marks the first lesson done:
      // progress is 1 / (lessons + 1), the +1 being the quiz.
      const modules = Number((await card.getByText(cc.modules).textContent())!.match(/\d+/)![0]);
      const percent = Math.round((1 / (modules + 1)) * 100);
      await expect(card.getByText(cc.percent(percent))).toBeVisible();
      await expect(card.getByText(cc.photoBy)).toBeVisible();
      await expect(card.getByRole("progressbar")).toHaveAttribute("aria-valuenow", String(percent));
      await expect(card.getByRole("link", { name: cc.continue })).toHaveAttribute("href", `/course/${courseId}`);
      const photo = card.getByRole("img");
      await expect(photo).toHaveAttribute("src", /^data:image\/png;base64,/);
      expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    });

    test("locked options show Go Premium and stay unselected; a sixth subtopic shows Upgrade to Premium", async ({
      page,
    }) => {
      await signUpViaApi(page);
      await openGenerate(page);
      const g = c.generate;

      await page.getByRole("radio", { name: "10" }).click({ force: true });
      await expect(toast(page, g.goPremiumTitle)).toContainText(g.goPremiumText);
      await expect(page.getByRole("radio", { name: "10" })).not.toBeChecked();
      await expect(page.getByRole("radio", { name: "5", exact: true })).toBeChecked();

      await page.getByRole("radio", { name: g.videoText }).click({ force: true });
      // The newest toast is the first one; the one before may still be leaving.
      await expect(toast(page, g.goPremiumTitle).first()).toBeVisible();
      await expect(page.getByRole("radio", { name: g.videoText })).not.toBeChecked();
      await expect(page.getByRole("radio", { name: g.textImage })).toBeChecked();

      const language = page.getByLabel(g.language);
      await language.selectOption({ label: g.spanish });
      await expect(toast(page, g.goPremiumTitle).first()).toBeVisible();
      await expect(language).toHaveValue("English");

      const subtopic = page.getByLabel(g.subtopic);
      for (let i = 1; i <= 6; i++) {
        await subtopic.fill(`Part ${i}`);
        await subtopic.press("Enter");
      }
      await expect(toast(page, g.upgradeTitle).first()).toContainText(g.upgradeText);
      await expect(page.getByRole("button", { name: /^(Remover|Remove) Part/ })).toHaveCount(5);

      // The toast's button leads to the plans.
      await toast(page, g.upgradeTitle).first().getByRole("button", { name: g.seePlans }).click();
      await expect(page).toHaveURL(/\/dashboard\/pricing$/);
    });

    test("the API refuses what the UI hides, with 403 plan:", async ({ page }) => {
      await signUpViaApi(page);
      const base = {
        topic: "Photosynthesis",
        subtopics: [],
        topicsLimit: "4",
        courseType: "Text & Image Course",
        language: "English",
      };
      for (const [over, code] of [
        [{ topicsLimit: "8" }, "plan:topics-limit"],
        [{ courseType: "Video & Text Course" }, "plan:course-type"],
        [{ language: "Spanish" }, "plan:language"],
        [{ subtopics: ["a", "b", "c", "d", "e", "f"] }, "plan:subtopics"],
      ] as const) {
        const res = await page.request.post("/api/prompt", { data: { ...base, ...over } });
        expect(res.status()).toBe(403);
        expect(await res.json()).toMatchObject({ success: false, code });
      }
      const refused = await page.request.post("/api/prompt/stream", { data: { ...base, language: "German" } });
      expect(refused.status()).toBe(403);
      expect((await refused.json()).message).toBe(c.generate.goPremiumApi);
      const video = await page.request.post("/api/course", {
        data: {
          mainTopic: "Photosynthesis",
          type: "Video & Text Course",
          lang: "English",
          content: JSON.stringify({ photosynthesis: [{ title: "A", subtopics: [{ title: "B" }] }] }),
        },
      });
      expect(video.status()).toBe(403);
      expect((await video.json()).code).toBe("plan:course-type");
    });

    test("a paid user chooses 10 topics, the video type and another language", async ({ page }) => {
      await signInViaApi(page, { email: PAID[locale], password: PAID_PASSWORD });
      await openGenerate(page);
      const g = c.generate;
      await expect(page.getByText(g.coursesLeft)).toHaveCount(0);
      await page.getByLabel(g.topic, { exact: true }).fill(uniqueTopic("Tea ceremony"));
      await page.getByRole("radio", { name: "10" }).check();
      await page.getByRole("radio", { name: g.videoText }).check();
      await page.getByLabel(g.language).selectOption({ label: g.japanese });
      await page.getByRole("button", { name: g.submit }).click();
      await expect(page.getByRole("button", { name: g.generateCourse })).toBeEnabled();
      const topics = page.getByTestId("outline-preview").locator(":scope > li h3");
      await expect(topics).toHaveCount(10);
      await expect(topics.first()).toHaveText(/[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u);
    });

    test("a model failure while generating shows the error, clears the busy state and leaves nothing behind", async ({
      page,
    }) => {
      await signUpViaApi(page);
      await openGenerate(page);
      const g = c.generate;
      const topic = uniqueTopic("Doomed topic");
      await page.getByLabel(g.topic, { exact: true }).fill(topic);
      await page.getByRole("button", { name: g.submit }).click();
      await expect(page.getByRole("button", { name: g.generateCourse })).toBeEnabled();

      // From now on the fake model answers 500 to anything about this topic.
      const scripted = await page.request.post(`${FAKE_MODEL}/__fake/script`, {
        data: { behaviour: "status-500", match: topic },
      });
      expect(scripted.ok()).toBe(true);
      await page.getByRole("button", { name: g.generateCourse }).click();
      await expect(toast(page, g.errorTitle)).toContainText(g.errorText);
      await expect(page.getByRole("button", { name: g.generateCourse })).toBeEnabled();
      expect(page.url()).toContain("/dashboard/generate-course");

      const list = await page.request.get("/api/courses?page=1&limit=9");
      expect(await list.json()).toEqual([]);
      await page.goto("/dashboard");
      await expect(page.getByRole("heading", { name: c.courses.emptyTitle })).toBeVisible();
    });

    test("a model that never answers: the preview says politely that it is slow, then shows the error and the form", async ({
      page,
    }) => {
      // scripts/e2e-server.mjs: a first token within 4 s, 12 s for the whole call.
      test.setTimeout(60_000);
      await signUpViaApi(page);
      await openGenerate(page);
      const g = c.generate;
      const topic = uniqueTopic("Silent model");
      const scripted = await page.request.post(`${FAKE_MODEL}/__fake/script`, {
        data: { behaviour: "hang", match: topic },
      });
      expect(scripted.ok()).toBe(true);
      await page.getByLabel(g.topic, { exact: true }).fill(topic);
      await page.getByRole("button", { name: g.submit }).click();
      await expect(page.getByRole("heading", { level: 2, name: topic.toUpperCase() })).toBeVisible();

      const slow = page.getByRole("status").filter({ hasText: g.slow });
      await expect(slow).toBeVisible({ timeout: 11_000 });
      await expect(toast(page, g.errorTitle).filter({ hasText: g.timeoutText })).toBeVisible({ timeout: 15_000 });
      await expect(slow).toHaveCount(0);
      await expect(page.getByLabel(g.topic, { exact: true })).toHaveValue(topic);
    });

    test("share copies the course link; delete asks, then removes the course", async ({ page, context }) => {
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: BASE_URL });
      await signUpViaApi(page);
      const topic = uniqueTopic("Sharing");
      const courseId = await createCourseViaApi(page.request, topic);
      await page.goto("/dashboard");
      const cc = c.courses;
      const menu = page.getByRole("button", { name: cc.actions(topic) });
      await waitForHydration(menu);

      await menu.click();
      await page.getByRole("menuitem", { name: cc.share }).click();
      await expect(toast(page, cc.linkCopied)).toBeVisible();
      // The link carries the course's share id (issue 12), never its id.
      const link = await page.evaluate(() => navigator.clipboard.readText());
      expect(link).toMatch(new RegExp(`^${BASE_URL}/shareable\\?id=[A-Za-z0-9_-]{22}$`));
      expect(link).not.toContain(courseId);

      await menu.click();
      await page.getByRole("menuitem", { name: cc.delete }).click();
      const dialog = page.getByRole("alertdialog", { name: cc.deleteTitle });
      await expect(dialog).toContainText(topic);
      await dialog.getByRole("button", { name: cc.delete }).click();
      await expect(toast(page, cc.deletedTitle)).toContainText(cc.deletedText);
      await expect(page.getByRole("heading", { name: topic })).toHaveCount(0);
      await expect(page.getByRole("heading", { name: cc.emptyTitle })).toBeVisible();
      await page.reload();
      await expect(page.getByRole("heading", { name: cc.emptyTitle })).toBeVisible();
    });

    test("a card's menu, whose code loads when first reached, opens by keyboard with the focus inside", async ({
      page,
    }) => {
      await signUpViaApi(page);
      const topic = uniqueTopic("Keyboard");
      await createCourseViaApi(page.request, topic);
      const cc = c.courses;
      const menu = page.getByRole("button", { name: cc.actions(topic) });
      const share = page.getByRole("menuitem", { name: cc.share });
      // The first opening on a fresh page, once with Enter and once with Space: each loads the menu.
      for (const key of ["Enter", "Space"]) {
        await page.goto("/dashboard");
        await waitForHydration(menu);
        await expect(menu).toHaveAttribute("aria-expanded", "false");
        await menu.focus();
        await page.keyboard.press(key);
        await expect(share).toBeFocused();
        await expect(menu).toHaveAttribute("aria-expanded", "true");
      }
      await page.keyboard.press("Escape");
      await expect(page.getByRole("menu")).toHaveCount(0);
      await expect(menu).toBeFocused();
      // Once loaded, the arrows open it too, and an item is picked with Enter.
      await page.keyboard.press("ArrowDown");
      await expect(share).toBeFocused();
      await page.keyboard.press("End");
      await expect(page.getByRole("menuitem", { name: cc.delete })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("alertdialog", { name: cc.deleteTitle })).toContainText(topic);
    });
  });
}

test("My Courses lists newest first, 9 at a time, and loads the next page near the bottom", async ({ page }) => {
  test.setTimeout(120_000);
  await useLocale(page, "en");
  await signUpViaApi(page);
  const topics: string[] = [];
  for (let i = 0; i < 10; i++) {
    const topic = `Course ${String(i).padStart(2, "0")} ${uniqueTopic("scroll")}`;
    await createCourseViaApi(page.request, topic);
    topics.push(topic);
  }
  const pages: string[] = [];
  page.on(
    "request",
    (r) => r.url().includes("/api/courses?") && pages.push(new URL(r.url()).searchParams.get("page")!),
  );
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/dashboard");
  const headings = page.getByRole("article").getByRole("heading", { level: 3 });
  await expect(headings).toHaveCount(9);
  await expect(headings.first()).toHaveText(topics[9]);
  expect(await headings.allTextContents()).toEqual([...topics].reverse().slice(0, 9));
  // Three columns on a desktop.
  const boxes = await page
    .getByRole("article")
    .evaluateAll((els) => els.slice(0, 3).map((e) => Math.round(e.getBoundingClientRect().top)));
  expect(new Set(boxes).size).toBe(1);

  await page.mouse.wheel(0, 20_000);
  await expect(headings).toHaveCount(10);
  await expect(headings.last()).toHaveText(topics[0]);
  expect(pages).toEqual(["2"]); // a short page ends the list: no request for page 3

  // One column on a phone.
  await page.setViewportSize({ width: 390, height: 800 });
  const lefts = await page
    .getByRole("article")
    .evaluateAll((els) => els.slice(0, 3).map((e) => Math.round(e.getBoundingClientRect().left)));
  expect(new Set(lefts).size).toBe(1);
});
