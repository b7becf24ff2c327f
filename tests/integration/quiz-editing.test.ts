/**
 * Editing a course's quiz (issue 35) against a real database and the fake model over HTTP: its
 * author reads the questions with ids, saves edited, added and removed ones version-checked, and
 * a stale save is refused with the stored questions; what is stored is validated as the model's
 * questions are. Learners' attempts stay; an attempt served on the old questions is closed.
 * Learners and strangers get 404.
 */
import { eq } from "drizzle-orm";
import { PATCH as visibilityRoute } from "@/app/api/courses/[courseId]/route";
import { POST as enrolRoute } from "@/app/api/courses/[courseId]/enroll/route";
import { POST as rewriteQuestionRoute } from "@/app/api/courses/[courseId]/quiz/rewrite/route";
import { GET as quizRoute, PUT as saveQuizRoute } from "@/app/api/courses/[courseId]/quiz/route";
import { POST as submit } from "@/app/api/quiz/submit/route";
import { getDb } from "@/server/db/client";
import { quizAttempts, quizzes } from "@/server/db/schema";
import { signedUpUser, type TestAccount } from "../setup/accounts";
import { callRoute } from "../setup/http";
import { rightAnswers, serveQuiz, useQuizModel } from "../setup/quiz";
import { seedCourse } from "../setup/seed-course";
import { useTestDatabase } from "../setup/test-db";

useTestDatabase();
const fakeModel = useQuizModel();

const withCourse = (handler: unknown, method: string) => (account: TestAccount, courseId: string, body?: unknown) =>
  callRoute(handler as never, {
    method,
    cookie: account.cookie,
    params: { courseId },
    body,
    url: `http://localhost:3000/api/courses/${courseId}/quiz`,
  });
const readQuiz = withCourse(quizRoute, "GET");
const saveQuiz = withCourse(saveQuizRoute, "PUT");
const rewriteQuestion = withCourse(rewriteQuestionRoute, "POST");

async function courseWithQuiz(owner: TestAccount) {
  const course = await seedCourse(owner.id, {
    mainTopic: "Tides",
    topics: [
      { title: "Moon", lessons: [{ title: "Pull", theory: "<p>The moon pulls the sea.</p>" }] },
      { title: "Sun", lessons: [{ title: "Spring tides", theory: "<p>Sun and moon in line.</p>" }] },
    ],
  });
  await serveQuiz(owner.cookie, course.id);
  return course.id;
}

const question = (text: string, answer = "b") => ({
  question: text,
  options: ["One", "Two", "Three"],
  answer,
  explanation: "Because two is right.",
});

describe("editing a course's quiz", () => {
  it("reads the questions with ids, and saves edits, additions and removals in order", async () => {
    const owner = await signedUpUser();
    const courseId = await courseWithQuiz(owner);
    const read = await readQuiz(owner, courseId);
    expect(read.status).toBe(200);
    expect(read.json.version).toBe(0);
    const questions = read.json.questions as { id: string; question: string }[];
    expect(questions.length).toBeGreaterThanOrEqual(5);
    expect(questions.map((q) => q.id)).toEqual(questions.map((_, i) => `q${i + 1}`));

    const edited = [
      { ...read.json.questions[1], question: "What pulls the sea, mostly?" },
      question("A question the author added?"),
      ...read.json.questions.slice(3),
    ];
    const saved = await saveQuiz(owner, courseId, { version: 0, questions: edited });
    expect(saved.json).toEqual({ success: true, version: 1 });

    const after = await readQuiz(owner, courseId);
    expect(after.json.version).toBe(1);
    expect(after.json.questions.map((q: { question: string }) => q.question)).toEqual(edited.map((q) => q.question));
    // An edited question keeps its id (and the topic it tests); a new one gets its own.
    expect(after.json.questions[0].id).toBe("q2");
    expect(after.json.questions[1].id).toMatch(/^[0-9a-f-]{36}$/);
    const db = await getDb();
    const [row] = await db.select().from(quizzes).where(eq(quizzes.courseId, courseId));
    const stored = row.questions as { id: string; topic?: number }[];
    expect(stored[0].topic).toBeDefined();
    expect(stored[1].topic).toBeUndefined();
  });

  it("refuses a stale save with the stored questions, and invalid questions, storing nothing", async () => {
    const owner = await signedUpUser();
    const courseId = await courseWithQuiz(owner);
    expect(
      (await saveQuiz(owner, courseId, { version: 0, questions: [question("First tab's question?")] })).status,
    ).toBe(200);
    const stale = await saveQuiz(owner, courseId, { version: 0, questions: [question("Second tab's question?")] });
    expect(stale.status).toBe(409);
    expect(stale.json).toMatchObject({ code: "quiz:conflict", current: { version: 1 } });
    expect(stale.json.current.questions[0].question).toBe("First tab's question?");

    const bad = [
      { version: 1, questions: [] },
      { version: 1, questions: [question("Answer out of range?", "d")] },
      { version: 1, questions: [{ ...question("Two equal options?"), options: ["Same", "same"] }] },
      { version: 1, questions: [{ ...question("One option?"), options: ["Only"], answer: "a" }] },
      { version: 1, questions: [{ ...question("Unknown key?"), extra: 1 }] },
      {
        version: 2,
        questions: [
          { ...question("Id twice?"), id: "x" },
          { ...question("Id again?"), id: "x" },
        ],
      },
    ];
    for (const body of bad) expect((await saveQuiz(owner, courseId, body)).status).toBe(400);
    const db = await getDb();
    const [row] = await db.select().from(quizzes).where(eq(quizzes.courseId, courseId));
    expect(row.version).toBe(1);
    expect((row.questions as { question: string }[])[0].question).toBe("First tab's question?");
  });

  it("keeps learners' attempts, closes an attempt served on the old questions, and is the author's alone", async () => {
    const owner = await signedUpUser();
    const learner = await signedUpUser();
    const stranger = await signedUpUser();
    const courseId = await courseWithQuiz(owner);
    await callRoute(visibilityRoute as never, {
      method: "PATCH",
      cookie: owner.cookie,
      params: { courseId },
      body: { visibility: "unlisted" },
      url: `http://localhost:3000/api/courses/${courseId}`,
    });
    await callRoute(enrolRoute as never, {
      method: "POST",
      cookie: learner.cookie,
      params: { courseId },
      url: `http://localhost:3000/api/courses/${courseId}/enroll`,
    });
    const first = await serveQuiz(learner.cookie, courseId);
    const graded = await callRoute(submit, {
      cookie: learner.cookie,
      body: { courseId, answers: await rightAnswers(courseId, first), attemptId: first.attemptId },
    });
    expect(graded.status).toBe(200);
    const open = await serveQuiz(learner.cookie, courseId);
    const answers = await rightAnswers(courseId, open);

    for (const account of [learner, stranger]) {
      expect((await readQuiz(account, courseId)).status).toBe(404);
      expect((await saveQuiz(account, courseId, { version: 0, questions: [question("Mine now?")] })).status).toBe(404);
    }
    expect((await saveQuiz(owner, courseId, { version: 0, questions: [question("The new question?")] })).status).toBe(
      200,
    );

    // The attempt served on the old questions cannot be graded against the new ones.
    const late = await callRoute(submit, {
      cookie: learner.cookie,
      body: { courseId, answers, attemptId: open.attemptId },
    });
    expect(late.status).toBe(409);
    const db = await getDb();
    expect(await db.select().from(quizAttempts).where(eq(quizAttempts.userId, learner.id))).toHaveLength(1);
    // The next serving is the author's question.
    const next = await serveQuiz(learner.cookie, courseId);
    expect(next.questions.map((q) => q.question)).toEqual(["The new question?"]);
  });
});

describe("rewriting a quiz question with an instruction", () => {
  it("sends the instruction and the question to the model and answers a valid question, storing nothing", async () => {
    const owner = await signedUpUser();
    const stranger = await signedUpUser();
    const courseId = await courseWithQuiz(owner);
    const before = fakeModel().requests.length;
    const current = question("Which number is two?");

    expect((await rewriteQuestion(stranger, courseId, { instruction: "harder", question: current })).status).toBe(404);
    expect((await rewriteQuestion(owner, courseId, { instruction: " ", question: current })).status).toBe(400);
    expect(fakeModel().requests.length).toBe(before);

    const answered = await rewriteQuestion(owner, courseId, { instruction: "harder, for nurses", question: current });
    expect(answered.status).toBe(200);
    const rewritten = answered.json.question as { question: string; options: string[]; answer: string };
    expect(rewritten.options).toHaveLength(3);
    expect(["a", "b", "c"]).toContain(rewritten.answer);
    expect(rewritten.question.length).toBeGreaterThanOrEqual(3);

    const request = fakeModel().requests[fakeModel().requests.length - 1];
    const sent = request.messages.map((m) => m.content).join("\n");
    expect(sent).toContain('"instruction": "harder, for nurses"');
    expect(sent).toContain('"question": "Which number is two?"');
    // Nothing stored: the quiz is as it was.
    expect((await readQuiz(owner, courseId)).json.version).toBe(0);
  });
});
