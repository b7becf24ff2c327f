import type { Page } from "@playwright/test";
import { expectAxeCleanInBothThemes } from "./axe";
import { createCourseViaApi, writeEveryLesson } from "./courses";
import { expect, LOCALES, signUpViaApi, test, toast, useLocale, waitForHydration, type Locale } from "./fixtures";

const copy = {
  pt: {
    share: "Compartilhar",
    list: "Publicar no catálogo",
    listed: "Publicado no catálogo",
    close: "Encerrar novas inscrições",
    closed: "Novas inscrições encerradas",
    search: "Buscar por título ou tema",
    apply: "Buscar",
    sample: "Ler uma aula de amostra",
    signUp: "Cadastre-se grátis para se inscrever",
    enrol: "Inscrever-se grátis",
    empty: "Nenhum curso publicado corresponde",
    footer: "Catálogo de cursos",
  },
  en: {
    share: "Share",
    list: "List in the catalogue",
    listed: "Listed in the catalogue",
    close: "Stop new enrolments",
    closed: "New enrolments stopped",
    search: "Search by title or topic",
    apply: "Search",
    sample: "Read a sample lesson",
    signUp: "Sign up free to enrol",
    enrol: "Enrol for free",
    empty: "No published course matches",
    footer: "Course catalogue",
  },
} as const;

async function shareMenu(page: Page, label: string, item: string) {
  const share = page.getByRole("button", { name: label, exact: true });
  await waitForHydration(share);
  await share.click();
  await page.getByRole("menuitem", { name: item }).click();
}

for (const locale of LOCALES) {
  const c = copy[locale as Locale];

  test(`an owner lists a course, a visitor finds it, reads its sample and enrols (${locale})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    await useLocale(page, locale as Locale);
    await signUpViaApi(page, "Ana Autora");
    const topic = `Glaciers ${locale} ${Date.now()}`;
    const courseId = await createCourseViaApi(page, topic);
    await writeEveryLesson(page, courseId);
    await page.goto(`/course/${courseId}`);
    await shareMenu(page, c.share, c.list);
    await expect(toast(page, c.listed)).toBeVisible();

    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    try {
      // Anyone, signed out: from the footer to the catalogue, a search, the course's own page.
      await useLocale(visitor, locale as Locale);
      await visitor.goto("/about");
      await visitor.getByRole("contentinfo").getByRole("link", { name: c.footer }).click();
      await expect(visitor).toHaveURL(/\/catalog$/);
      await visitor.getByLabel(c.search).fill(topic);
      await visitor.getByRole("button", { name: c.apply }).click();
      await expect(visitor).toHaveURL(/q=Glaciers/);
      const entries = visitor.getByTestId("catalog-entries").getByRole("listitem");
      await expect(entries).toHaveCount(1);
      await expect(entries.getByText("Ana Autora", { exact: false })).toBeVisible();
      await expectAxeCleanInBothThemes(visitor, `catalogue (${locale})`);

      await entries.getByRole("link", { name: new RegExp(c.sample) }).click();
      await expect(visitor).toHaveURL(new RegExp(`/catalog/${courseId}#sample$`));
      await expect(visitor.getByRole("heading", { level: 1, name: topic })).toBeVisible();
      await expect(visitor.getByTestId("shared-sample")).not.toBeEmpty();
      await expect(visitor.getByTestId("catalog-author")).toHaveText("Ana Autora");
      // A posted link previews with the course's title and a sample of its first lesson.
      await expect(visitor.locator('meta[property="og:title"]')).toHaveAttribute("content", topic);
      await expect(visitor.locator('meta[property="og:description"]')).toHaveAttribute("content", /\S{3,}/);
      await expectAxeCleanInBothThemes(visitor, `catalogue course page (${locale})`);

      // Signing up leads back to the course.
      const signUp = visitor.getByRole("link", { name: c.signUp });
      expect(new URL(await signUp.evaluate((a) => (a as HTMLAnchorElement).href)).searchParams.get("callbackUrl")).toBe(
        `/course/${courseId}`,
      );
      await signUpViaApi(visitor, "Lia Aluna");
      await visitor.reload();
      const enrol = visitor.getByRole("button", { name: c.enrol });
      await waitForHydration(enrol);
      await enrol.click();
      await expect(visitor).toHaveURL(new RegExp(`/course/${courseId}`));
      // The course itself: its viewer's bar names it.
      await expect(visitor.getByRole("banner").getByText(topic)).toBeVisible();

      // The owner stops new enrolments: the course leaves the catalogue; its learner keeps it.
      await shareMenu(page, c.share, c.close);
      // The visitor looks only once the owner's change is saved, as the toast says.
      await expect(toast(page, c.closed)).toBeVisible();
      await visitor.goto(`/catalog?q=${encodeURIComponent(topic)}`);
      await expect(visitor.getByText(c.empty)).toBeVisible();
      expect((await visitor.request.get(`/catalog/${courseId}`)).status()).toBe(404);
      await visitor.goto(`/course/${courseId}`);
      await expect(visitor.getByRole("banner").getByText(topic)).toBeVisible();
    } finally {
      await visitorContext.close();
    }
  });
}
