import { expect, LOCALES, signUpViaApi, test, toast, useLocale, waitForHydration } from "./fixtures";
import { writeLessons } from "./course-content";
import { createCourseViaApi } from "./courses";

test.use({ serviceWorkers: "allow" });

test("a downloaded course reads offline, keeps a note written offline and saves it back online; sign-out removes the copy", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await useLocale(page, "en");
  await signUpViaApi(page);
  const courseId = await createCourseViaApi(page, "Offline Course");
  const titles = await writeLessons(page, courseId, [
    { theory: "<p>First offline lesson text.</p>" },
    { theory: "<p>Second offline lesson text.</p>" },
  ]);

  await page.goto(`/course/${courseId}`);
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker?.controller)), {
      message: "the service worker controls the viewer",
      timeout: 20_000,
    })
    .toBe(true);
  expect((await page.request.get("/sw.js")).status()).toBe(200);
  const offlineMenu = page.getByRole("button", { name: "Offline reading", exact: true });
  await waitForHydration(offlineMenu);
  await offlineMenu.click();
  await page.getByRole("menuitem", { name: "Download for offline" }).click();
  // Some lessons are not written: keep the copy without them (tests/e2e/write-all.spec.ts asks the other way).
  await page.getByRole("button", { name: "Continue anyway" }).click();
  await expect(toast(page, "Available offline")).toBeVisible({ timeout: 60_000 });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId("offline-banner")).toBeVisible();
  await expect(page.getByTestId("lesson-theory")).toContainText("First offline lesson text.");
  const second = page.getByRole("button", { name: titles[1] }).first();
  await waitForHydration(second);
  await second.click();
  await expect(page.getByTestId("lesson-theory")).toContainText("Second offline lesson text.");

  await page.getByRole("button", { name: "Course Notes" }).first().click();
  // The editor's code was stored with the course: it opens with no network.
  await expect(
    page.getByRole("dialog", { name: "Course Notes" }).getByText("No notes yet. Start taking notes for this course."),
  ).toBeVisible();
  const editor = page.getByTestId("notes-editor");
  await editor.click();
  await page.keyboard.type("Written offline");
  await page.getByRole("button", { name: "Save Note" }).click();
  await expect(toast(page, "Note kept on this device").or(toast(page, "Note saved"))).toBeVisible();

  await context.setOffline(false);
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.post("/api/getnotes", { data: { course: courseId } })).json()) as {
            message: string;
          }
        ).message,
      { timeout: 20_000 },
    )
    .toContain("Written offline");

  await page.goto("/dashboard");
  await expect(page.getByTestId("offline-badge").first()).toBeVisible();
  const logout = page.getByRole("button", { name: "Logout" }).first();
  await waitForHydration(logout);
  await logout.click();
  await expect(page).toHaveURL(/\/login/);
  await expect
    .poll(() => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith("aula-"))))
    .toEqual([]);
});

const notesCopy = {
  pt: {
    notes: "Notas do Curso",
    empty: "Nenhuma nota ainda. Comece a fazer anotações para este curso.",
    save: "Salvar Nota",
    saved: "Nota salva",
  },
  en: {
    notes: "Course Notes",
    empty: "No notes yet. Start taking notes for this course.",
    save: "Save Note",
    saved: "Note saved",
  },
} as const;

for (const locale of LOCALES) {
  const n = notesCopy[locale];
  test(`a saved note comes back after a reload through the offline worker, on a course not saved for offline (${locale})`, async ({
    page,
  }) => {
    await useLocale(page, locale);
    await signUpViaApi(page);
    const courseId = await createCourseViaApi(page, `Notes Through The Worker ${locale}`);
    await page.goto(`/course/${courseId}`);
    const notes = page.getByRole("button", { name: n.notes }).first();
    await waitForHydration(notes);
    await notes.click();
    const dialog = page.getByRole("dialog", { name: n.notes });
    await expect(dialog.getByText(n.empty)).toBeVisible();
    await page.getByTestId("notes-editor").click();
    await page.keyboard.type("Kept through the worker");
    await page.getByRole("button", { name: n.save }).click();
    await expect(toast(page, n.saved)).toBeVisible();

    // The worker controls the page the notes are read in (its notes read once threw on every answer).
    await page.reload();
    await expect
      .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker?.controller)), {
        message: "the service worker controls the viewer",
        timeout: 20_000,
      })
      .toBe(true);
    expect(await page.evaluate(() => caches.has(`aula-course-${location.pathname.split("/")[2]}`))).toBe(false);
    const reopened = page.getByRole("button", { name: n.notes }).first();
    await waitForHydration(reopened);
    const read = page.waitForResponse((r) => r.url().endsWith("/api/getnotes") && r.request().method() === "POST");
    await reopened.click();
    const answer = await read;
    expect(answer.status()).toBe(200);
    expect(answer.fromServiceWorker()).toBe(true);
    await expect(page.getByTestId("notes-editor")).toContainText("Kept through the worker");
    await expect(page.getByText("Internal Server Error")).toHaveCount(0);
    await expect(dialog.getByText(n.empty)).toHaveCount(0);
  });
}
