import { expectAxeCleanInBothThemes } from "./axe";
import { createCourseViaApi } from "./courses";
import { expect, LOCALES, signUpViaApi, test, useLocale, waitForHydration, type Locale } from "./fixtures";

/**
 * Author mode, a lesson's text (issue 35): from the lesson's menu the owner edits the Markdown
 * beside a preview rendered as it will be stored (a formula as KaTeX), saves it as a revision,
 * meets a second tab's save as a conflict with both texts kept, sees a revision's word diff and
 * restores an older one in one click; the viewer then shows the saved text.
 */
const copy = {
  pt: {
    lessonMenu: "Opções da aula",
    edit: "Editar aula",
    text: "Texto da aula",
    save: "Salvar",
    saved: /Salvo como revisão \d+/,
    conflict: "Outra pessoa salvou esta aula antes",
    theirs: "Usar o texto dela",
    showChanges: "Ver alterações",
    restore: /Restaurar revisão/,
    restored: /restaurada como o texto atual/,
    back: "Voltar à aula",
    simpler: "Mais simples",
    caption: "Legenda sob a imagem",
    saveCaption: "Salvar a legenda",
    captionSaved: "Legenda salva",
    pictureSaved: "Imagem salva",
    rewrite: "Reescrever",
    accept: "Colocar o rascunho no editor",
  },
  en: {
    lessonMenu: "Lesson options",
    edit: "Edit lesson",
    text: "Lesson text",
    save: "Save",
    saved: /Saved as revision \d+/,
    conflict: "Someone else saved this lesson first",
    theirs: "Use their text instead",
    showChanges: "Show changes",
    restore: /Restore revision/,
    restored: /restored as the current text/,
    back: "Back to the lesson",
    simpler: "Simpler",
    caption: "Caption under the picture",
    saveCaption: "Save the caption",
    captionSaved: "Caption saved",
    pictureSaved: "Picture saved",
    rewrite: "Rewrite",
    accept: "Put the draft in the editor",
  },
} as const;

for (const locale of LOCALES) {
  const c = copy[locale as Locale];

  test(`an author edits a lesson with a preview, meets a conflict, and restores a revision (${locale})`, async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await useLocale(page, locale as Locale);
    await signUpViaApi(page, "Ana Autora");
    const courseId = await createCourseViaApi(page, `Editing ${locale} ${Date.now()}`);
    await page.goto(`/course/${courseId}`);
    await expect(page.getByTestId("lesson-theory")).toBeVisible({ timeout: 30_000 });
    const menu = page.getByRole("button", { name: c.lessonMenu });
    await waitForHydration(menu);
    await menu.click();
    await page.getByRole("menuitem", { name: c.edit }).click();
    await expect(page).toHaveURL(new RegExp(`/course/${courseId}/edit/[0-9a-f-]{36}$`));
    const editorUrl = page.url();

    const box = page.getByLabel(c.text);
    await expect(box).not.toHaveValue("");
    await waitForHydration(box);
    const first = "## Edited by hand\n\nThe theorem: $a^2 + b^2 = c^2$, **proved** below.";
    await box.fill(first);
    // The preview is the server's render: the formula as KaTeX, the bold as bold.
    const preview = page.getByTestId("lesson-preview");
    await expect(preview.locator(".katex")).toBeVisible();
    await expect(preview.locator("strong")).toHaveText("proved");
    await page.getByRole("button", { name: c.save, exact: true }).click();
    await expect(page.getByText(c.saved)).toBeVisible();
    await expectAxeCleanInBothThemes(page, `lesson editor (${locale})`);

    // A second tab saves first: this tab's save is refused with both texts kept.
    const other = await context.newPage();
    await other.goto(editorUrl);
    const otherBox = other.getByLabel(c.text);
    await waitForHydration(otherBox);
    await otherBox.fill("Their version of the lesson.");
    await other.getByRole("button", { name: c.save, exact: true }).click();
    await expect(other.getByText(c.saved)).toBeVisible();
    await other.close();

    await box.fill(`${first}\n\nMy second paragraph.`);
    await page.getByRole("button", { name: c.save, exact: true }).click();
    const conflict = page.getByRole("alert").filter({ hasText: c.conflict });
    await expect(conflict).toBeVisible();
    await expect(box).toHaveValue(`${first}\n\nMy second paragraph.`);
    await expect(conflict.locator("del").first()).toContainText("Their");
    await expectAxeCleanInBothThemes(page, `lesson editor with a conflict (${locale})`);
    await conflict.getByRole("button", { name: c.theirs }).click();
    await expect(box).toHaveValue("Their version of the lesson.");

    // The history: what the newest revision changed, and the author's own save restored in one click.
    const revisions = page.getByTestId("revisions").getByRole("listitem");
    // The text it had, this tab's save and the other tab's, newest first.
    await expect(revisions).toHaveCount(3);
    await expect(revisions.first()).toContainText("Ana Autora");
    await revisions.first().getByRole("button", { name: c.showChanges }).click();
    await expect(revisions.first().locator("ins")).toContainText("Their version");
    await revisions.nth(1).getByRole("button", { name: c.restore }).click();
    await expect(page.getByText(c.restored)).toBeVisible();
    await expect(box).toHaveValue(first);

    // Rewrite with an instruction: a draft beside the text, as a word diff, accepted into the editor and saved.
    await page.getByRole("button", { name: c.simpler, exact: true }).click();
    await page.getByRole("button", { name: c.rewrite, exact: true }).click();
    const result = page.getByTestId("rewrite-result");
    await expect(result).toBeVisible({ timeout: 30_000 });
    await expect(result.locator("ins").first()).toBeVisible();
    await expectAxeCleanInBothThemes(page, `lesson editor with a rewrite draft (${locale})`);
    await result.getByRole("button", { name: c.accept }).click();
    await expect(box).not.toHaveValue(first);
    const rewritten = await box.inputValue();
    await page.getByRole("button", { name: c.save, exact: true }).click();
    await expect(page.getByText(c.saved)).toBeVisible();
    await box.fill(first);
    await page.getByRole("button", { name: c.save, exact: true }).click();
    await expect(page.getByText(c.saved)).toBeVisible();
    expect(rewritten.length).toBeGreaterThan(40);

    // The picture: one of the author's own, and a caption under it, each a revision.
    await page.locator('input[type="file"]').setInputFiles({
      name: "ice.png",
      mimeType: "image/png",
      buffer: Buffer.from(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
        "base64",
      ),
    });
    await expect(page.getByText(c.pictureSaved)).toBeVisible();
    await expect(page.getByTestId("media-picture")).toHaveAttribute("src", /^data:image\/png;base64,/);
    await page.getByLabel(c.caption).fill("Ice seen up close");
    await page.getByRole("button", { name: c.saveCaption }).click();
    await expect(page.getByText(c.captionSaved)).toBeVisible();

    // Learners see what was saved: the viewer shows it.
    await page.getByRole("link", { name: c.back }).click();
    await expect(page.getByTestId("lesson-theory").getByRole("heading", { name: "Edited by hand" })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByTestId("lesson-theory").locator(".katex")).toBeVisible();
    await expect(page.getByTestId("lesson-caption")).toHaveText("Ice seen up close");
  });
}

const quizCopy = {
  pt: {
    editQuiz: "Editar perguntas",
    add: "Adicionar uma pergunta",
    question: "Pergunta",
    option: (l: string) => `Opção ${l}`,
    right: (l: string) => `${l} é a resposta certa`,
    explanation: "Explicação (por que a resposta certa está certa)",
    moveUp: "Subir a pergunta 2",
    save: "Salvar",
    saved: "Questionário salvo",
    incomplete: /Pergunta 1: escreva a pergunta/,
    rewrite: "Reescrever a pergunta 1 com IA",
    instruction: "Como a pergunta 1 deve mudar?",
    go: "Reescrever",
    accept: "Colocar no questionário",
  },
  en: {
    editQuiz: "Edit questions",
    add: "Add a question",
    question: "Question",
    option: (l: string) => `Option ${l}`,
    right: (l: string) => `${l} is the right answer`,
    explanation: "Explanation (why the right answer is right)",
    moveUp: "Move question 2 up",
    save: "Save",
    saved: "Quiz saved",
    incomplete: /Question 1: write the question/,
    rewrite: "Rewrite question 1 with AI",
    instruction: "How should question 1 change?",
    go: "Rewrite",
    accept: "Put it in the quiz",
  },
};

for (const locale of LOCALES) {
  const c = quizCopy[locale as Locale];

  test(`an author writes quiz questions, chooses the right answers and reorders them (${locale})`, async ({ page }) => {
    test.setTimeout(90_000);
    await useLocale(page, locale as Locale);
    await signUpViaApi(page, "Ana Autora");
    const courseId = await createCourseViaApi(page, `Quiz editing ${locale} ${Date.now()}`);
    await page.goto(`/course/${courseId}/quiz`);
    await page.getByRole("link", { name: c.editQuiz }).click();
    await expect(page).toHaveURL(new RegExp(`/course/${courseId}/quiz/edit$`));

    const add = page.getByRole("button", { name: c.add });
    await waitForHydration(add);
    await add.click();
    const questions = page.getByTestId("quiz-questions").getByRole("group");
    // An empty question is caught before anything is sent.
    await page.getByRole("button", { name: c.save, exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: c.incomplete })).toBeVisible();

    const fill = async (index: number, text: string, right: string) => {
      const q = questions.nth(index);
      await q.getByLabel(c.question, { exact: true }).fill(text);
      for (const [i, letter] of ["A", "B", "C", "D"].entries())
        await q.getByLabel(c.option(letter), { exact: true }).fill(`${text} option ${i + 1}`);
      await q.getByLabel(c.right(right)).check();
      await q.getByLabel(c.explanation).fill(`Because ${right} is right.`);
    };
    await fill(0, "First question?", "C");
    await add.click();
    await fill(1, "Second question?", "B");
    await page.getByRole("button", { name: c.moveUp }).click();
    await expectAxeCleanInBothThemes(page, `quiz editor (${locale})`);
    await page.getByRole("button", { name: c.save, exact: true }).click();
    await expect(page.getByText(c.saved)).toBeVisible();

    await page.reload();
    await expect(questions).toHaveCount(2);
    await expect(questions.nth(0).getByLabel(c.question, { exact: true })).toHaveValue("Second question?");
    await expect(questions.nth(0).getByLabel(c.right("B"))).toBeChecked();
    await expect(questions.nth(1).getByLabel(c.right("C"))).toBeChecked();

    // One question rewritten with an instruction: a draft as a word diff, put in the quiz and saved.
    await page.getByRole("button", { name: c.rewrite }).click();
    await page.getByLabel(c.instruction).fill("harder");
    await page.getByRole("button", { name: c.go, exact: true }).click();
    const draft = page.getByTestId("question-draft");
    await expect(draft).toBeVisible({ timeout: 30_000 });
    await expect(draft.locator("ins").first()).toBeVisible();
    await expectAxeCleanInBothThemes(page, `quiz editor with a question's draft (${locale})`);
    await draft.getByRole("button", { name: c.accept }).click();
    await expect(questions.nth(0).getByLabel(c.question, { exact: true })).not.toHaveValue("Second question?");
    await page.getByRole("button", { name: c.save, exact: true }).click();
    await expect(page.getByText(c.saved)).toBeVisible();
  });
}
