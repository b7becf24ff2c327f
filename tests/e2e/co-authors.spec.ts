import { expectAxeCleanInBothThemes } from "./axe";
import { createCourseViaApi } from "./courses";
import { expect, LOCALES, signUpViaApi, test, useLocale, waitForHydration, type Locale } from "./fixtures";
import { waitForMail } from "./mailbox";

/**
 * Co-authors (issue 35): the owner invites an editor by e-mail from the outline editor; the
 * editor, signed in in another browser, follows the mailed link, accepts, and renames a topic in
 * the outline editor; the owner's viewer shows the new title. The course is then in the editor's
 * "Courses you co-author", and the owner removes them.
 */
const copy = {
  pt: {
    email: "E-mail do coautor",
    invite: "Convidar",
    invited: (email: string) => `Convite enviado para ${email}.`,
    pending: "convidado, ainda não aceitou",
    subject: (course: string) => `Olga Dona convidou você para ser coautor de “${course}”`,
    accept: "Aceitar e abrir o sumário",
    topicTitle: "Título do tópico 1",
    save: "Salvar",
    saved: "Sumário salvo",
    listTitle: "Cursos em que você é coautor",
    remove: (email: string) => `Remover ${email}`,
    removed: (email: string) => `${email} não é mais coautor.`,
    renamed: "Tópico do coautor",
  },
  en: {
    email: "Co-author's e-mail",
    invite: "Invite",
    invited: (email: string) => `Invitation sent to ${email}.`,
    pending: "invited, not accepted yet",
    subject: (course: string) => `Olga Dona invited you to co-author “${course}”`,
    accept: "Accept and open the outline",
    topicTitle: "Title of topic 1",
    save: "Save",
    saved: "Outline saved",
    listTitle: "Courses you co-author",
    remove: (email: string) => `Remove ${email}`,
    removed: (email: string) => `${email} is no longer a co-author.`,
    renamed: "The co-author's topic",
  },
} as const;

for (const locale of LOCALES) {
  const c = copy[locale as Locale];

  test(`an owner invites a co-author, who accepts from the mail and edits the outline (${locale})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await useLocale(page, locale as Locale);
    await signUpViaApi(page, "Olga Dona");
    const title = `Co-authored ${locale} ${Date.now()}`;
    const courseId = await createCourseViaApi(page, title);

    // The editor has an account already, in their own browser.
    const other = await browser.newContext();
    const editorPage = await other.newPage();
    await useLocale(editorPage, locale as Locale);
    const editor = await signUpViaApi(editorPage, "Eva Editora");

    await page.goto(`/course/${courseId}/edit`);
    const address = page.getByLabel(c.email);
    await waitForHydration(address);
    await address.fill(editor.email);
    await page.getByRole("button", { name: c.invite, exact: true }).click();
    await expect(page.getByText(c.invited(editor.email))).toBeVisible();
    await expect(page.getByTestId("co-authors")).toContainText(c.pending);
    await expectAxeCleanInBothThemes(page, `outline editor with its co-authors (${locale})`);

    const mail = await waitForMail(editor.email, c.subject(title));
    const link = mail.text?.match(/https?:\/\/\S+\/dashboard\/invitations\/[A-Za-z0-9_-]{43}/)?.[0];
    expect(link).toBeTruthy();
    await editorPage.goto(new URL(link!).pathname);
    const accept = editorPage.getByRole("button", { name: c.accept });
    await waitForHydration(accept);
    await expectAxeCleanInBothThemes(editorPage, `invitation page (${locale})`);
    await accept.click();
    await expect(editorPage).toHaveURL(new RegExp(`/course/${courseId}/edit$`));
    const topic = editorPage.getByLabel(c.topicTitle, { exact: true });
    await waitForHydration(topic);
    await topic.fill(c.renamed);
    await editorPage.getByRole("button", { name: c.save, exact: true }).click();
    await expect(editorPage.getByText(c.saved)).toBeVisible();
    // A co-author edits; inviting and removing stay the owner's.
    await expect(editorPage.getByLabel(c.email)).toHaveCount(0);

    await page.goto(`/course/${courseId}`);
    await expect(page.locator("#course-outline")).toContainText(c.renamed, { timeout: 15_000 });

    await editorPage.goto("/dashboard");
    const list = editorPage.getByTestId("co-authored");
    await expect(list).toContainText(title);
    await expect(editorPage.getByRole("heading", { name: c.listTitle })).toBeVisible();

    await page.goto(`/course/${courseId}/edit`);
    const remove = page.getByRole("button", { name: c.remove(editor.email) });
    await waitForHydration(remove);
    await remove.click();
    await expect(page.getByText(c.removed(editor.email))).toBeVisible();
    await editorPage.goto(`/course/${courseId}/edit`);
    await expect(editorPage.getByLabel(c.topicTitle, { exact: true })).toHaveCount(0);
    await other.close();
  });
}
