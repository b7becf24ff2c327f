/**
 * A class's mails (issue 34 item 6) against a real database, the fake model (the quiz) and the
 * fake Resend API over HTTP: the assignment mail reaches the class's learners who keep its mails
 * on, each in their UI language, and no teacher; the reminder is queued for 24 hours before the
 * due date and mails those who have not passed the quiz; a changed date silences the old
 * reminder; PATCH /api/classes/{id} { notify } is each member's own switch.
 */
import { and, eq } from "drizzle-orm";
import { POST as createRoute } from "@/app/api/classes/route";
import { GET as pageRoute, PATCH as classRoute } from "@/app/api/classes/[classId]/route";
import { POST as assignRoute } from "@/app/api/classes/[classId]/assignments/route";
import { POST as teachersRoute } from "@/app/api/classes/[classId]/teachers/route";
import { POST as joinRoute } from "@/app/api/classes/join/route";
import { POST as submit } from "@/app/api/quiz/submit/route";
import { CLASS_ASSIGNMENT_MAIL, CLASS_DUE_REMINDER } from "@/features/classes/mail-jobs";
import { getDb } from "@/server/db/client";
import { classMembers, jobs } from "@/server/db/schema";
import { settleBackgroundMail } from "@/server/email/mailer";
import { runDueJobs, settleJobs } from "@/server/jobs";
import { paidUser, signedUpUser, type TestAccount } from "../setup/accounts";
import { callRoute } from "../setup/http";
import { useFakeResend } from "../setup/mail";
import { rightAnswers, serveQuiz, useQuizModel } from "../setup/quiz";
import { seedCourse } from "../setup/seed-course";
import { useTestDatabase } from "../setup/test-db";

useTestDatabase();
useQuizModel();
const resend = useFakeResend();

const ORIGIN = { origin: "http://localhost:3000" };
const DAY_MS = 24 * 3600 * 1000;

/** Runs the assignment mails and the mails they queued (reminders wait for their time). */
const settleMails = () => settleJobs([CLASS_ASSIGNMENT_MAIL, "mail.send"]);

/** Runs the reminders whose time has come, then the mails they queued. */
async function runDueReminders() {
  await runDueJobs({ budgetMs: 20_000, kinds: [CLASS_DUE_REMINDER] });
  await settleJobs(["mail.send"]);
}

function call(
  handler: unknown,
  who: TestAccount | null,
  options: { method?: string; params?: Record<string, string>; body?: unknown; headers?: Record<string, string> } = {},
) {
  return callRoute(handler as never, {
    method: options.method ?? (options.body === undefined ? "GET" : "POST"),
    cookie: who?.cookie,
    params: options.params,
    body: options.body,
    headers: options.headers ?? ORIGIN,
    url: "http://localhost:3000/api/classes/x",
  });
}

/** The end of the calendar day `days` from now, in UTC: how the class page sends a due date. */
function dueIn(days: number): string {
  return `${new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10)}T23:59:59.000Z`;
}

async function writtenCourse(ownerId: string, mainTopic: string) {
  const course = await seedCourse(ownerId, {
    mainTopic,
    topics: [{ title: "Moon", lessons: [{ title: "Pull", theory: "<p>The moon pulls the sea.</p>" }] }],
  });
  return course.id;
}

/**
 * A class with its owner and a co-teacher (both in English), a learner in Portuguese, one in
 * English and one who turned the class's mails off. The sign-ups' welcome mails are forgotten.
 */
async function classWithLearners(name: string) {
  const owner = await paidUser({ name: "Tereza Teacher", locale: "en" });
  const coTeacher = await signedUpUser({ name: "Caio Co", locale: "en" });
  const ptLearner = await signedUpUser({ name: "Paula Aluna", locale: "pt" });
  const enLearner = await signedUpUser({ name: "Eve Learner", locale: "en" });
  const quiet = await signedUpUser({ name: "Quinn Quiet", locale: "en" });
  const made = await call(createRoute, owner, { body: { name } });
  expect(made.status).toBe(201);
  const classId = made.json.id as string;
  for (const learner of [ptLearner, enLearner, quiet]) {
    expect((await call(joinRoute, learner, { body: { code: made.json.joinCode } })).json).toEqual({ classId });
  }
  expect((await call(teachersRoute, owner, { params: { classId }, body: { email: coTeacher.email } })).status).toBe(
    200,
  );
  const off = await call(classRoute, quiet, { method: "PATCH", params: { classId }, body: { notify: false } });
  expect(off.json).toEqual({ success: true, notify: false });
  await settleBackgroundMail();
  resend().reset();
  return { owner, coTeacher, ptLearner, enLearner, quiet, classId };
}

const mailsTo = (who: TestAccount) => resend().emails(who.email);

async function jobsOf(kind: string, classId: string, courseId: string) {
  const db = await getDb();
  const rows = await db.select().from(jobs).where(eq(jobs.kind, kind));
  return rows.filter((job) => job.subject.startsWith(`${classId}:${courseId}`));
}

/** Moves the class's queued reminders' time to now: as if their day had come. */
async function reminderTimeComes(classId: string) {
  const db = await getDb();
  for (const job of await db.select().from(jobs).where(eq(jobs.kind, CLASS_DUE_REMINDER))) {
    if (job.subject.startsWith(classId) && job.status === "queued") {
      await db
        .update(jobs)
        .set({ runAfter: new Date(Date.now() - 1000) })
        .where(eq(jobs.id, job.id));
    }
  }
}

async function passQuiz(learner: TestAccount, courseId: string) {
  const served = await serveQuiz(learner.cookie, courseId);
  const graded = await callRoute(submit, {
    cookie: learner.cookie,
    body: { courseId, answers: await rightAnswers(courseId, served), attemptId: served.attemptId },
  });
  expect(graded.status).toBe(200);
}

describe("the assignment mail", () => {
  it("reaches the learners who keep the class's mails on, each in their language, and no teacher", async () => {
    const c = await classWithLearners("Physics 9B");
    const courseId = await writtenCourse(c.owner.userId, "Tides");
    const due = dueIn(5);
    const assigned = await call(assignRoute, c.owner, {
      params: { classId: c.classId },
      body: { courseId, dueAt: due },
    });
    expect(assigned.status).toBe(200);
    await settleMails();

    const [pt] = mailsTo(c.ptLearner);
    expect(mailsTo(c.ptLearner)).toHaveLength(1);
    expect(pt.subject).toBe("Novo curso na turma Physics 9B: Tides");
    const ptDate = new Intl.DateTimeFormat("pt-BR", { dateStyle: "long", timeZone: "UTC" }).format(new Date(due));
    expect(pt.text).toContain(`O prazo para concluí-lo, com o quiz, é ${ptDate}`);
    expect(pt.text).toContain(`http://localhost:3000/course/${courseId}`);
    const [en] = mailsTo(c.enLearner);
    expect(mailsTo(c.enLearner)).toHaveLength(1);
    expect(en.subject).toBe("New course in Physics 9B: Tides");
    const enDate = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(due));
    expect(en.text).toContain(`by ${enDate}`);
    // Turned off, and teachers: nothing.
    expect(mailsTo(c.quiet)).toHaveLength(0);
    expect(mailsTo(c.owner)).toHaveLength(0);
    expect(mailsTo(c.coTeacher)).toHaveLength(0);
    expect(resend().emails()).toHaveLength(2);

    // Given again with another date (by the co-teacher): no second announcement.
    const again = await call(assignRoute, c.coTeacher, {
      params: { classId: c.classId },
      body: { courseId, dueAt: dueIn(9) },
    });
    expect(again.status).toBe(200);
    await settleMails();
    expect(resend().emails()).toHaveLength(2);
    expect(await jobsOf(CLASS_ASSIGNMENT_MAIL, c.classId, courseId)).toHaveLength(1);
  });

  it("says when a course has no due date, and queues no reminder for it", async () => {
    const c = await classWithLearners("Chemistry");
    const courseId = await writtenCourse(c.owner.userId, "Acids");
    expect((await call(assignRoute, c.owner, { params: { classId: c.classId }, body: { courseId } })).status).toBe(200);
    await settleMails();
    expect(mailsTo(c.enLearner).map((m) => m.text)).toEqual([expect.stringContaining("It has no due date")]);
    expect(mailsTo(c.ptLearner).map((m) => m.text)).toEqual([expect.stringContaining("Não há prazo")]);
    expect(await jobsOf(CLASS_DUE_REMINDER, c.classId, courseId)).toHaveLength(0);
    // A date less than a day away: the assignment mail is the reminder.
    const soon = await call(assignRoute, c.owner, {
      params: { classId: c.classId },
      body: { courseId, dueAt: new Date(Date.now() + 3 * 3600 * 1000).toISOString() },
    });
    expect(soon.status).toBe(200);
    expect(await jobsOf(CLASS_DUE_REMINDER, c.classId, courseId)).toHaveLength(0);
  });
});

describe("the due-date reminder", () => {
  it("is due 24 hours before the date and mails only the learners who have not passed the quiz", async () => {
    const c = await classWithLearners("Geography");
    const courseId = await writtenCourse(c.owner.userId, "Volcanoes");
    const due = dueIn(4);
    await call(assignRoute, c.owner, { params: { classId: c.classId }, body: { courseId, dueAt: due } });
    await settleMails();
    const [reminder] = await jobsOf(CLASS_DUE_REMINDER, c.classId, courseId);
    expect(reminder).toMatchObject({ status: "queued", payload: { classId: c.classId, courseId, dueAt: due } });
    expect(reminder.runAfter.getTime()).toBe(new Date(due).getTime() - DAY_MS);
    // Not yet: running what is due leaves it waiting for its time.
    await runDueReminders();
    expect((await jobsOf(CLASS_DUE_REMINDER, c.classId, courseId))[0].status).toBe("queued");

    await passQuiz(c.enLearner, courseId);
    await settleBackgroundMail();
    resend().reset();
    await reminderTimeComes(c.classId);
    await runDueReminders();

    expect((await jobsOf(CLASS_DUE_REMINDER, c.classId, courseId))[0].status).toBe("succeeded");
    const ptDate = new Intl.DateTimeFormat("pt-BR", { dateStyle: "long", timeZone: "UTC" }).format(new Date(due));
    expect(mailsTo(c.ptLearner).map((m) => m.subject)).toEqual([`Lembrete: o prazo de Volcanoes é ${ptDate}`]);
    expect(mailsTo(c.ptLearner)[0].text).toContain(`http://localhost:3000/course/${courseId}`);
    // Passed: no reminder; mails off and teachers: none either.
    expect(mailsTo(c.enLearner)).toHaveLength(0);
    expect(mailsTo(c.quiet)).toHaveLength(0);
    expect(mailsTo(c.owner)).toHaveLength(0);
    expect(mailsTo(c.coTeacher)).toHaveLength(0);
  });

  it("does nothing for a date that was changed or removed: the new date has its own", async () => {
    const c = await classWithLearners("History");
    const courseId = await writtenCourse(c.owner.userId, "Rome");
    const first = dueIn(3);
    const second = dueIn(6);
    await call(assignRoute, c.owner, { params: { classId: c.classId }, body: { courseId, dueAt: first } });
    await call(assignRoute, c.owner, { params: { classId: c.classId }, body: { courseId, dueAt: second } });
    await settleMails();
    resend().reset();
    const reminders = await jobsOf(CLASS_DUE_REMINDER, c.classId, courseId);
    expect(reminders.map((job) => (job.payload as { dueAt: string }).dueAt).sort()).toEqual([first, second]);

    // Both times come: only the reminder of the date the course has now mails.
    await reminderTimeComes(c.classId);
    await runDueReminders();
    expect((await jobsOf(CLASS_DUE_REMINDER, c.classId, courseId)).map((job) => job.status)).toEqual([
      "succeeded",
      "succeeded",
    ]);
    const enDate = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(second));
    expect(mailsTo(c.enLearner).map((m) => m.subject)).toEqual([`Reminder: Rome is due ${enDate}`]);
    expect(mailsTo(c.ptLearner)).toHaveLength(1);

    // A new date then removed: its reminder finds no date and sends nothing.
    await call(assignRoute, c.owner, { params: { classId: c.classId }, body: { courseId, dueAt: dueIn(8) } });
    await call(assignRoute, c.owner, { params: { classId: c.classId }, body: { courseId, dueAt: null } });
    resend().reset();
    await reminderTimeComes(c.classId);
    await runDueReminders();
    expect(resend().emails()).toHaveLength(0);
    expect((await jobsOf(CLASS_DUE_REMINDER, c.classId, courseId)).every((job) => job.status === "succeeded")).toBe(
      true,
    );
  });
});

describe("PATCH /api/classes/{id} { notify }", () => {
  it("sets the caller's own choice, for members only, from our own origin, with a strict body", async () => {
    const c = await classWithLearners("Biology");
    const outsider = await signedUpUser();
    const patch = (who: TestAccount | null, body: unknown, headers?: Record<string, string>) =>
      call(classRoute, who, { method: "PATCH", params: { classId: c.classId }, body, headers });
    const notifyOf = async (who: TestAccount) => {
      const db = await getDb();
      const [row] = await db
        .select({ notify: classMembers.notify })
        .from(classMembers)
        .where(and(eq(classMembers.classId, c.classId), eq(classMembers.userId, who.userId)));
      return row?.notify;
    };

    expect((await patch(null, { notify: false })).status).toBe(401);
    const outside = await patch(outsider, { notify: false });
    expect([outside.status, outside.json.code]).toEqual([404, "class:not-found"]);
    const unknownClass = await call(classRoute, c.enLearner, {
      method: "PATCH",
      params: { classId: "not-a-uuid" },
      body: { notify: false },
    });
    expect(unknownClass.status).toBe(404);
    expect((await patch(c.enLearner, { notify: "no" })).status).toBe(400);
    expect((await patch(c.enLearner, {})).status).toBe(400);
    expect((await patch(c.enLearner, { notify: false, role: "teacher" })).status).toBe(400);
    const foreign = await patch(c.enLearner, { notify: false }, { origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect(await notifyOf(c.enLearner)).toBe(true);

    // The member's own flag only: the others' stay as they were.
    expect((await patch(c.enLearner, { notify: false })).json).toEqual({ success: true, notify: false });
    expect(await notifyOf(c.enLearner)).toBe(false);
    expect(await notifyOf(c.ptLearner)).toBe(true);
    expect((await call(pageRoute, c.enLearner, { params: { classId: c.classId } })).json.notify).toBe(false);
    expect((await patch(c.quiet, { notify: true })).json).toEqual({ success: true, notify: true });
    expect(await notifyOf(c.quiet)).toBe(true);
    // A teacher may set theirs too (teachers are never mailed, whatever it says).
    expect((await patch(c.coTeacher, { notify: false })).status).toBe(200);
  });
});
