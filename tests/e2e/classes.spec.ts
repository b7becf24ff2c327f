import { expectAxeCleanInBothThemes } from "./axe";
import { createCourseViaApi, writeEveryLesson } from "./courses";
import {
  ADMIN,
  expect,
  LOCALES,
  signInViaApi,
  signUpViaApi,
  test,
  toast,
  useLocale,
  waitForHydration,
  type Locale,
} from "./fixtures";
import { completeCourseViaApi } from "./quiz-helpers";

const copy = {
  pt: {
    className: "Nome da turma",
    create: "Criar turma",
    assign: "Dar à turma",
    dueDate: "Prazo (opcional)",
    assigned: "Curso dado à turma",
    sees: "Seus professores verão",
    join: "Entrar na turma",
    joined: "Você entrou na turma",
    assignedTitle: "Dados a mim pelas minhas turmas",
    items: "Questões do quiz",
    certificate: "Sim",
    leave: "Sair da turma",
    leaveConfirm: "Sair da turma",
    left: "Você saiu da turma",
    noLearners: "Nenhum aluno entrou ainda",
    mails: "Receber e-mails desta turma",
    mailsOff: "Você não receberá e-mails desta turma.",
  },
  en: {
    className: "Class name",
    create: "Create class",
    assign: "Give to the class",
    dueDate: "Due date (optional)",
    assigned: "Course given to the class",
    sees: "Your teachers will see",
    join: "Join class",
    joined: "You joined the class",
    assignedTitle: "Given to me by my classes",
    items: "Quiz questions",
    certificate: "Yes",
    leave: "Leave class",
    leaveConfirm: "Leave class",
    left: "You left the class",
    noLearners: "No learner has joined yet",
    mails: "Get e-mails from this class",
    mailsOff: "You will not get e-mails from this class.",
  },
} as const;

for (const locale of LOCALES) {
  const c = copy[locale as Locale];

  test(`a teacher makes a class, a learner joins by code, passes the quiz, and the teacher sees it (${locale})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    await useLocale(page, locale as Locale);
    const teacher = await signUpViaApi(page, "Tereza Teacher");
    // Classes come with a paid plan: an admin's grant gives one without a payment.
    const adminContext = await browser.newContext();
    try {
      const admin = await adminContext.newPage();
      await signInViaApi(admin, ADMIN);
      expect((await admin.request.post("/api/addadmin", { data: { email: teacher.email } })).ok()).toBe(true);
    } finally {
      await adminContext.close();
    }
    const topic = `Volcanoes ${locale} ${Date.now()}`;
    const courseId = await createCourseViaApi(page, topic);
    await writeEveryLesson(page, courseId);

    await page.goto("/dashboard/classes");
    const name = page.getByLabel(c.className);
    await waitForHydration(name);
    await name.fill(`Geography ${locale}`);
    await page.getByRole("button", { name: c.create }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Geography ${locale}` })).toBeVisible();
    const code = (await page.getByTestId("join-code").textContent())!.trim();
    expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    const due = new Date(Date.now() + 10 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    await page.getByLabel(c.dueDate).fill(due);
    await page.getByRole("button", { name: c.assign }).click();
    await expect(toast(page, c.assigned)).toBeVisible();
    await expect(page.getByTestId("class-assignments")).toContainText(topic);
    await expect(page.getByText(c.noLearners).first()).toBeVisible();

    const learnerContext = await browser.newContext();
    const learner = await learnerContext.newPage();
    try {
      // The learner follows the join link: what the class is and what its teachers will see.
      await useLocale(learner, locale as Locale);
      await signUpViaApi(learner, "Lia Aluna");
      await learner.goto(`/join/${code}`);
      await expect(learner.getByTestId("join-sees")).toContainText(c.sees);
      await expectAxeCleanInBothThemes(learner, `join a class (${locale})`);
      const join = learner.getByTestId("join-class");
      await waitForHydration(join);
      await join.click();
      await expect(toast(learner, c.joined)).toBeVisible();
      await expect(learner.getByTestId("class-assignments")).toContainText(topic);

      // The learner turns the class's e-mails off: saved at once, still off after a reload.
      const mails = learner.getByTestId("class-mails");
      await expect(learner.getByRole("switch", { name: c.mails })).toHaveAttribute("aria-checked", "true");
      await waitForHydration(mails);
      await mails.click();
      await expect(learner.getByText(c.mailsOff)).toBeVisible();
      await expect(mails).toHaveAttribute("aria-checked", "false");
      await learner.reload();
      await expect(learner.getByRole("switch", { name: c.mails })).toHaveAttribute("aria-checked", "false");

      // My Courses lists what the class gave, with its due date.
      await learner.goto("/dashboard");
      const assigned = learner.getByRole("region", { name: c.assignedTitle });
      await expect(assigned).toContainText(topic);

      // They study the course and pass its quiz (a first try blank, then right).
      await completeCourseViaApi(learner, courseId);

      // The teacher's row shows it, and the quiz's item analysis counts their first try.
      await page.reload();
      const row = page.getByTestId("teacher-row").filter({ hasText: "Lia Aluna" });
      await expect(row).toBeVisible();
      await expect(row.getByRole("cell").first()).toHaveText("100%");
      await expect(row.getByRole("cell").nth(3)).toHaveText("2");
      await expect(row.getByRole("cell").nth(6)).toHaveText(c.certificate);
      await expectAxeCleanInBothThemes(page, `teacher's view (${locale})`);
      await page.getByRole("link", { name: new RegExp(c.items) }).click();
      const items = page
        .getByTestId("item-analysis")
        .getByRole("listitem")
        .filter({ has: page.getByTestId("correct-rate") });
      await expect(items.first()).toBeVisible();
      await expect(items.first().getByTestId("correct-rate")).toHaveText("0%");
      const csv = await page.request.get(
        page.url().replace(/\/dashboard\/classes\/([^/?#]+).*/, "/api/classes/$1/learners.csv"),
      );
      expect(await csv.text()).toContain("Lia Aluna");

      // The learner leaves: gone from the teacher's view.
      await learner.goto(page.url().replace(/[?#].*$/, ""));
      const leave = learner.getByTestId("leave-class");
      await waitForHydration(leave);
      await leave.click();
      await learner.getByRole("alertdialog").getByRole("button", { name: c.leaveConfirm }).click();
      await expect(toast(learner, c.left)).toBeVisible();
      await page.reload();
      await expect(page.getByTestId("teacher-row")).toHaveCount(0);
    } finally {
      await learnerContext.close();
    }
  });
}
