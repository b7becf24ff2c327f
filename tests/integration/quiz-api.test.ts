/**
 * The quiz and certificate API against a real database and the fake model over HTTP: the answer
 * key stays on the server until grading, the server's clock decides whether an attempt counts,
 * the best mark only rises, completion is checked on the server, and a certificate outlives
 * its course and its holder's account. Another user's course is a 404 on every route.
 */
import { POST as aiexam } from "@/app/api/aiexam/route";
import { GET as certificateImage } from "@/app/api/certificates/[publicId]/image/route";
import { POST as deletecourse } from "@/app/api/deletecourse/route";
import { POST as deleteuser } from "@/app/api/deleteuser/route";
import { POST as finish } from "@/app/api/finish/route";
import { POST as getmyresult } from "@/app/api/getmyresult/route";
import { POST as remediation } from "@/app/api/quiz/remediation/route";
import { POST as submit } from "@/app/api/quiz/submit/route";
import { POST as sendcertificate } from "@/app/api/sendcertificate/route";
import { POST as updateresult } from "@/app/api/updateresult/route";
import { certificateDate } from "@/features/quiz/client";
import { publicCertificate } from "@/features/quiz/server";
import { getDb } from "@/server/db/client";
import {
  cards,
  certificates,
  courses,
  emailOutbox,
  jobs,
  lessons,
  quizAttempts,
  quizServings,
  quizzes,
} from "@/server/db/schema";
import { recordQuizMisses } from "@/features/review/server";
import { settleBackgroundMail } from "@/server/email/mailer";
import { and, eq } from "drizzle-orm";
import { callRoute } from "../setup/http";
import { backdateServings, rightAnswers, servedAsStored, serveQuiz, useQuizModel, wrongAnswers } from "../setup/quiz";
import { useTestDatabase } from "../setup/test-db";
import { courseWithOwnerStanding, lessonsOf, seedCourse, setProgress, setStanding } from "../setup/seed-course";
import { signedUpUser } from "../setup/accounts";

useTestDatabase();
const fakeModel = useQuizModel();

/** A course of `topicCount` topics of one unwritten lesson each. */
async function insertCourse(userId: string, topicCount = 6) {
  const course = await seedCourse(userId, {
    mainTopic: "Astronomy",
    topics: Array.from({ length: topicCount }, (_, t) => ({
      title: `Topic ${t + 1}`,
      lessons: [{ title: `Lesson ${t + 1}` }],
    })),
  });
  return course.id;
}

async function storedQuiz(courseId: string) {
  const [row] = await (await getDb()).select().from(quizzes).where(eq(quizzes.courseId, courseId));
  return row as { questions: { question: string; options: string[]; answer: string; explanation: string }[] };
}

/** Fails when any trace of the answer key is in a response. */
async function expectNoAnswerKey(courseId: string, text: string) {
  const quiz = await storedQuiz(courseId);
  expect(text).not.toMatch(/"answer"|\\"answer\\"|explanation|"correct"/);
  for (const q of quiz.questions) expect(text).not.toContain(q.explanation);
}

/** The course with its owner's standing (course_learners). */
async function courseRow(courseId: string) {
  return courseWithOwnerStanding(courseId);
}

describe("the quiz", () => {
  it("writes the questions once, in the course's own topics and language, and never sends the answer key before grading", async () => {
    const { cookie, userId } = await signedUpUser();
    const courseId = await insertCourse(userId);
    // The body's topics and language are ignored: the course's are used.
    const res = await callRoute(aiexam, {
      cookie,
      body: { courseId, mainTopic: "ignore me", subtopicsString: "x,y", lang: "Greek" },
    });
    expect(res.status).toBe(200);
    expect(res.json.success).toBe(true);
    const questions = JSON.parse(res.json.message) as {
      question: string;
      options: { letter: string; text: string }[];
    }[];
    // About one per topic, 5 to 10.
    expect(questions).toHaveLength(6);
    expect(questions[0].options.map((o) => o.letter)).toEqual(["a", "b", "c", "d"]);
    // The text and its HTML (formulas made on the server), never the answer or the explanation.
    expect(Object.keys(questions[0]).sort()).toEqual(["html", "options", "question"]);
    expect(Object.keys(questions[0].options[0]).sort()).toEqual(["html", "letter", "text"]);
    const prompt = fakeModel()
      .requests.at(-1)!
      .messages.map((m) => m.content)
      .join("\n");
    expect(prompt).toContain("Topic 6");
    expect(prompt).toContain("English");
    expect(prompt).not.toContain("ignore me");
    await expectNoAnswerKey(courseId, res.text);

    // A retake serves the same questions without asking the model again, as a new attempt in a new order.
    const before = fakeModel().requests.length;
    const again = await callRoute(aiexam, { cookie, body: { courseId } });
    const retaken = JSON.parse(again.json.message) as typeof questions;
    expect(retaken.map((q) => q.question).sort()).toEqual(questions.map((q) => q.question).sort());
    expect(retaken).not.toEqual(questions);
    expect(again.json.attemptId).not.toBe(res.json.attemptId);
    expect(fakeModel().requests.length).toBe(before);
    await expectNoAnswerKey(courseId, again.text);
    for (const route of [getmyresult, updateresult]) {
      const r = await callRoute(route, { cookie, body: { courseId, marksString: "100" } });
      expect(r.status).toBe(200);
      await expectNoAnswerKey(courseId, r.text);
    }

    // New questions replace the old ones.
    const renewed = await callRoute(aiexam, { cookie, body: { courseId, renew: true } });
    expect(renewed.status).toBe(200);
    expect(fakeModel().requests.length).toBe(before + 1);
    await expectNoAnswerKey(courseId, renewed.text);
  });

  it("writes the questions in one quiz.write job with one model call when two tabs ask at once, each served its own attempt", async () => {
    const { cookie, userId } = await signedUpUser();
    const courseId = await insertCourse(userId, 5);
    const before = fakeModel().requests.length;
    // The model takes a moment, so the second request arrives while the first one's job is writing.
    fakeModel().configure({ firstTokenDelayMs: 300 });
    try {
      const [a, b] = await Promise.all([
        callRoute(aiexam, { cookie, body: { courseId } }),
        callRoute(aiexam, { cookie, body: { courseId } }),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(a.json.attemptId).not.toBe(b.json.attemptId);
    } finally {
      fakeModel().configure({ firstTokenDelayMs: 0 });
    }
    expect(fakeModel().requests.length).toBe(before + 1);
    const written = await (await getDb()).select().from(jobs).where(eq(jobs.subject, courseId));
    expect(written).toMatchObject([{ kind: "quiz.write", status: "succeeded", attempts: 1 }]);
  });

  it("grades on the server, records the answers, keeps the best mark rising and passes at QUIZ_PASS_PERCENT", async () => {
    const { cookie, userId } = await signedUpUser();
    const courseId = await insertCourse(userId, 5);
    const served = await serveQuiz(cookie, courseId);
    const asked = await servedAsStored(courseId, served);
    const right = await rightAnswers(courseId, served);
    const wrong = wrongAnswers(right);

    // 2 of 5 = 40 %: below the default 50 %. Graded in the order the attempt showed.
    const some = right.map((a, i) => (i < 2 ? a : wrong[i]));
    const failed = await callRoute(submit, { cookie, body: { courseId, answers: some, attemptId: served.attemptId } });
    expect(failed.status).toBe(200);
    expect(failed.json).toMatchObject({
      success: true,
      score: 2,
      mark: 20,
      percent: 40,
      passed: false,
      counted: true,
      bestMark: 20,
      quizPassed: false,
    });
    expect(failed.json.results).toHaveLength(5);
    expect(failed.json.results[4]).toEqual({
      correct: right[4],
      chosen: wrong[4],
      explanation: asked[4].explanation,
      explanationHtml: expect.any(String),
    });
    // 5 lessons, none done, quiz not passed.
    expect(failed.json.progress).toBe(0);

    const retake = await serveQuiz(cookie, courseId);
    const passed = await callRoute(submit, {
      cookie,
      body: { courseId, answers: await rightAnswers(courseId, retake) },
    });
    expect(passed.json).toMatchObject({
      score: 5,
      mark: 50,
      percent: 100,
      passed: true,
      bestMark: 50,
      quizPassed: true,
      progress: 17,
    });

    // A worse attempt later lowers nothing.
    const third = await serveQuiz(cookie, courseId);
    const worse = await callRoute(submit, {
      cookie,
      body: { courseId, answers: wrongAnswers(await rightAnswers(courseId, third)) },
    });
    expect(worse.json).toMatchObject({ mark: 0, passed: false, bestMark: 50, quizPassed: true });
    expect(await courseRow(courseId)).toMatchObject({ bestMark: 50, quizPassed: true });

    // Each attempt is recorded once, its answers in the stored order and letters.
    const attempts = await (await getDb()).select().from(quizAttempts).where(eq(quizAttempts.courseId, courseId));
    expect(attempts.map((a) => a.mark).sort()).toEqual([0, 20, 50]);
    expect(attempts.find((a) => a.mark === 50)!.answers).toEqual(
      (await storedQuiz(courseId)).questions.map((q) => q.answer),
    );
    expect(new Set(attempts.map((a) => a.attemptId))).toEqual(
      new Set([served.attemptId, retake.attemptId, third.attemptId]),
    );

    // A graded attempt is closed: sent again, it changes nothing.
    const replay = await callRoute(submit, {
      cookie,
      body: { courseId, answers: await rightAnswers(courseId, third) },
    });
    expect(replay.status).toBe(409);
    expect(replay.json).toMatchObject({ success: false, code: "quiz:attempt-closed" });
    expect(await (await getDb()).select().from(quizAttempts).where(eq(quizAttempts.courseId, courseId))).toHaveLength(
      3,
    );

    // The contract's mark post changes nothing.
    const posted = await callRoute(updateresult, { cookie, body: { courseId, marksString: "999" } });
    expect(posted.json).toMatchObject({ success: true, message: true, bestMark: 50 });
    expect((await courseRow(courseId)).bestMark).toBe(50);
    const result = await callRoute(getmyresult, { cookie, body: { courseId } });
    expect(result.json).toEqual({ success: true, message: true, lang: "English", bestMark: 50 });
  });

  it("does not count an attempt sent after its questions' time", async () => {
    const { cookie, userId } = await signedUpUser();
    const courseId = await insertCourse(userId, 5);
    const served = await serveQuiz(cookie, courseId);
    // 5 questions = 5 minutes, plus 30 s of grace: served 6 minutes ago is too late.
    await backdateServings(courseId, 6 * 60_000);
    const late = await callRoute(submit, { cookie, body: { courseId, answers: await rightAnswers(courseId, served) } });
    expect(late.status).toBe(200);
    expect(late.json).toMatchObject({ score: 5, counted: false, passed: false, bestMark: null, quizPassed: false });
    expect(await courseRow(courseId)).toMatchObject({ bestMark: null, quizPassed: false });
    const [attempt] = await (await getDb()).select().from(quizAttempts).where(eq(quizAttempts.courseId, courseId));
    expect(attempt.counted).toBe(false);

    // Served again (a retake), the clock starts over and right answers count.
    const retake = await serveQuiz(cookie, courseId);
    const inTime = await callRoute(submit, {
      cookie,
      body: { courseId, answers: await rightAnswers(courseId, retake) },
    });
    expect(inTime.json).toMatchObject({ counted: true, passed: true, bestMark: 50 });
  });

  it("refuses answers before the quiz is served and answers of the wrong length", async () => {
    const { cookie, userId } = await signedUpUser();
    const courseId = await insertCourse(userId, 5);
    const early = await callRoute(submit, { cookie, body: { courseId, answers: ["a"] } });
    expect(early.status).toBe(409);
    expect(early.json).toMatchObject({ success: false, code: "quiz:not-started" });
    await callRoute(aiexam, { cookie, body: { courseId } });
    const short = await callRoute(submit, { cookie, body: { courseId, answers: ["a", "b"] } });
    expect(short.status).toBe(400);
    expect(short.json.code).toBe("quiz:answers-mismatch");
  });
});

describe("completion and the certificate", () => {
  /** Every lesson as the viewer leaves it once opened (served, then done). */
  async function openEveryLesson(courseId: string) {
    const db = await getDb();
    await db.update(lessons).set({ theory: "<p>Read.</p>" }).where(eq(lessons.courseId, courseId));
    const [course] = await db.select().from(courses).where(eq(courses.id, courseId));
    for (const lesson of await lessonsOf(courseId)) {
      await setProgress(course.userId, lesson, { done: true, openedAt: new Date() });
    }
  }

  async function completeCourse(cookie: string, courseId: string) {
    await openEveryLesson(courseId);
    const served = await serveQuiz(cookie, courseId);
    const res = await callRoute(submit, { cookie, body: { courseId, answers: await rightAnswers(courseId, served) } });
    expect(res.json.progress).toBe(100);
  }

  it("keeps each learner's quiz result, completion and certificate theirs (decision 037)", async () => {
    const owner = await signedUpUser();
    const other = await signedUpUser();
    const courseId = await insertCourse(owner.userId, 5);
    // Another learner of the same course has passed with 90, finished it and holds its certificate.
    await setStanding(courseId, other.userId, { quizPassed: true, bestMark: 90, completed: true, endedAt: new Date() });
    await (await getDb()).insert(certificates).values({
      publicId: "other-learners-certificate",
      userId: other.userId,
      courseId,
      holderName: "Other",
      courseTitle: "Course",
    });
    // None of it is the owner's: no pass, no mark, no certificate, nothing to finish.
    expect((await callRoute(getmyresult, { cookie: owner.cookie, body: { courseId } })).json).toMatchObject({
      message: false,
      bestMark: null,
    });
    await openEveryLesson(courseId);
    expect((await callRoute(finish, { cookie: owner.cookie, body: { courseId } })).json.code).toBe(
      "course:not-complete",
    );

    // The owner's own pass and certificate are theirs, beside the other learner's.
    await completeCourse(owner.cookie, courseId);
    expect((await callRoute(getmyresult, { cookie: owner.cookie, body: { courseId } })).json).toMatchObject({
      message: true,
      bestMark: 50,
    });
    const issued = await callRoute(finish, { cookie: owner.cookie, body: { courseId } });
    expect(issued.status).toBe(200);
    expect(issued.json.publicId).not.toBe("other-learners-certificate");
    const held = await (await getDb()).select().from(certificates).where(eq(certificates.courseId, courseId));
    expect(held.map((c) => c.userId).sort()).toEqual([owner.userId, other.userId].sort());
    expect(await courseWithOwnerStanding(courseId)).toMatchObject({ quizPassed: true, bestMark: 50, completed: true });
  });

  it("keeps each learner's served attempt, attempts, missed-question cards and review offer theirs (decision 037)", async () => {
    const owner = await signedUpUser();
    const other = await signedUpUser();
    const courseId = await insertCourse(owner.userId, 5);
    const served = await serveQuiz(owner.cookie, courseId);
    const db = await getDb();
    // Another learner of the same course is in the middle of an attempt, has failed one and holds
    // a card for every question (as if they had missed them all).
    const otherAttempt = "00000000-0000-4000-8000-0000000000a1";
    await db.insert(quizServings).values({ courseId, userId: other.userId, attemptId: otherAttempt });
    const stored = await servedAsStored(courseId, served);
    await db.insert(quizAttempts).values({
      courseId,
      userId: other.userId,
      mark: 0,
      passed: false,
      answers: stored.map(() => "a"),
      attemptId: "00000000-0000-4000-8000-0000000000a0",
      results: stored.map((q) => ({
        question: q.question,
        topic: 0,
        correct: false,
        right: "",
        chosen: "",
        explanation: "",
      })),
    });
    await recordQuizMisses(other.userId, courseId, stored);

    // None of it is the owner's: no review to offer, and their own attempt is open and graded.
    const notOffered = await callRoute(remediation, { cookie: owner.cookie, body: { courseId } });
    expect(notOffered.json.code).toBe("remediation:not-offered");
    const graded = await callRoute(submit, {
      cookie: owner.cookie,
      body: { courseId, answers: wrongAnswers(await rightAnswers(courseId, served)), attemptId: served.attemptId },
    });
    expect(graded.status).toBe(200);
    // The owner's misses are cards of their own, beside the other learner's cards of the same questions.
    const owned = await db.select().from(cards).where(eq(cards.courseId, courseId));
    expect(owned.filter((card) => card.userId === owner.userId)).toHaveLength(stored.length);
    expect(owned.filter((card) => card.userId === other.userId)).toHaveLength(stored.length);
    // The other learner's attempt is still open, and theirs alone is in their history.
    const [theirs] = await db
      .select()
      .from(quizServings)
      .where(and(eq(quizServings.courseId, courseId), eq(quizServings.userId, other.userId)));
    expect(theirs).toMatchObject({ attemptId: otherAttempt, gradedAt: null });
    const attempts = await db.select().from(quizAttempts).where(eq(quizAttempts.courseId, courseId));
    expect(attempts.filter((a) => a.userId === owner.userId).map((a) => a.attemptId)).toEqual([served.attemptId]);
    // Now the owner has failed: the review is offered to them.
    expect((await callRoute(remediation, { cookie: owner.cookie, body: { courseId } })).status).toBe(200);
  });

  it("refuses /api/finish below 100 %, then issues one certificate, mails it, and answers the same one again", async () => {
    const { cookie, userId, email, name } = await signedUpUser();
    const courseId = await insertCourse(userId, 5);
    // Every lesson opened and done but the quiz not passed: 5/6.
    await openEveryLesson(courseId);
    const early = await callRoute(finish, { cookie, body: { courseId } });
    expect(early.status).toBe(403);
    expect(early.json).toEqual({
      success: false,
      code: "course:not-complete",
      message: "Complete the course to get the certificate.",
    });
    expect(await courseRow(courseId)).toMatchObject({ completed: false, endedAt: null });
    expect(await (await getDb()).select().from(certificates).where(eq(certificates.courseId, courseId))).toHaveLength(
      0,
    );

    await completeCourse(cookie, courseId);
    const first = await callRoute(finish, { cookie, body: { courseId } });
    expect(first.status).toBe(200);
    expect(first.json.success).toBe(true);
    expect(first.json.publicId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const second = await callRoute(finish, { cookie, body: { courseId } });
    expect(second.json).toEqual(first.json);
    const course = await courseRow(courseId);
    expect(course.completed).toBe(true);
    expect(course.endedAt?.toISOString()).toBe(first.json.end);

    const [cert] = await (await getDb()).select().from(certificates).where(eq(certificates.courseId, courseId));
    expect(cert).toMatchObject({
      holderName: name,
      courseTitle: course.mainTopic,
      courseLang: "English",
      lessonCount: 5,
      quizMark: 50,
      // What the mark was out of: the verification page says "5 of 5 (100%)", not "mark 50".
      quizQuestions: 5,
    });
    expect(cert.shortCode).toMatch(/^[A-Z2-9]{10}$/);

    await settleBackgroundMail();
    const mails = await (
      await getDb()
    )
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, email), eq(emailOutbox.template, "certificate")));
    // Mailed once (on issue), though finish was called twice; the mail works without a browser.
    expect(mails).toHaveLength(1);
    expect(mails[0].status).toBe("sent");
    expect(mails[0].text).toContain(`/certificates/${cert.publicId}`);
    // The certificate's one date reading (its language, long, UTC), as on its picture and pages.
    expect(mails[0].text).toContain(certificateDate(cert.issuedAt, cert.locale));
    expect(certificateDate(cert.issuedAt, cert.locale)).toMatch(
      /^\d{1,2} de \p{L}+ de \d{4}$|^\p{L}+ \d{1,2}, \d{4}$/u,
    );

    // On demand, to the owner only: no address or HTML is taken.
    const relay = await callRoute(sendcertificate, {
      cookie,
      body: { courseId, email: "victim@example.io", html: "<p>spam</p>" },
    });
    expect(relay.status).toBe(400);
    expect(relay.json.code).toBe("request:invalid");
    const again = await callRoute(sendcertificate, { cookie, body: { courseId } });
    expect(again.json).toEqual({ success: true });
    await settleBackgroundMail();
    expect(
      await (await getDb()).select().from(emailOutbox).where(eq(emailOutbox.to, "victim@example.io")),
    ).toHaveLength(0);
    expect(
      await (
        await getDb()
      )
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.to, email), eq(emailOutbox.template, "certificate"))),
    ).toHaveLength(2);
  });

  it("mails the certificate again at most 5 times an hour per user, then 429 with Retry-After and no mail (issue 19)", async () => {
    const { cookie, userId, email } = await signedUpUser();
    const courseId = await insertCourse(userId, 5);
    await completeCourse(cookie, courseId);
    expect((await callRoute(finish, { cookie, body: { courseId } })).status).toBe(200);
    const certificateMails = async () => {
      await settleBackgroundMail();
      return (
        await (
          await getDb()
        )
          .select()
          .from(emailOutbox)
          .where(and(eq(emailOutbox.to, email), eq(emailOutbox.template, "certificate")))
      ).length;
    };
    for (let i = 0; i < 5; i++)
      expect((await callRoute(sendcertificate, { cookie, body: { courseId } })).status).toBe(200);
    expect(await certificateMails()).toBe(6);

    const over = await callRoute(sendcertificate, { cookie, body: { courseId } });
    expect(over.status).toBe(429);
    expect(over.json).toEqual({
      success: false,
      code: "certificate:mail-rate-limited",
      message: "The certificate was e-mailed too many times in the last hour. Please try again later.",
    });
    const retryAfter = Number(over.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    const pt = await callRoute(sendcertificate, {
      cookie: cookie.replace("NEXT_LOCALE=en", "NEXT_LOCALE=pt"),
      body: { courseId },
    });
    expect(pt.json.message).toBe(
      "O certificado foi enviado por e-mail vezes demais na última hora. Tente novamente mais tarde.",
    );
    expect(await certificateMails()).toBe(6);
  });

  it("keeps the certificate verifiable after the course and then the account are deleted", async () => {
    const { cookie, userId, name, password } = await signedUpUser();
    const courseId = await insertCourse(userId, 5);
    await completeCourse(cookie, courseId);
    const { json } = await callRoute(finish, { cookie, body: { courseId } });
    expect((await callRoute(deletecourse, { cookie, body: { courseId } })).status).toBe(200);
    expect(await publicCertificate(json.publicId)).toMatchObject({
      holderName: name,
      lessonCount: 5,
      courseId: null,
    });
    expect((await callRoute(deleteuser, { cookie, body: { userId, currentPassword: password } })).status).toBe(200);
    expect(await publicCertificate(json.publicId)).toMatchObject({
      holderName: name,
      userId: null,
      courseId: null,
    });
    expect(await publicCertificate("A".repeat(22))).toBeUndefined();
    expect(await publicCertificate("../../etc")).toBeUndefined();
    // The stored picture is served as it is, public and cacheable, with no browser involved.
    const png = Buffer.from("89504e470d0a1a0a", "hex");
    await (await getDb()).update(certificates).set({ png }).where(eq(certificates.publicId, json.publicId));
    const image = await callRoute(certificateImage as never, { params: { publicId: json.publicId } });
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(image.headers.get("content-length")).toBe(String(png.length));
    expect(image.headers.get("content-disposition")).toBe(
      `inline; filename="certificate-${json.publicId}.png"; filename*=UTF-8''certificate-${json.publicId}.png`,
    );
    const unknown = await callRoute(certificateImage as never, { params: { publicId: "A".repeat(22) } });
    expect(unknown.status).toBe(404);
    expect(unknown.json.code).toBe("certificate:not-found");
  });
});

describe("another user's course", () => {
  it("is a 404 on every quiz and certificate route", async () => {
    const owner = await signedUpUser();
    const other = await signedUpUser();
    const courseId = await insertCourse(owner.userId, 5);
    await callRoute(aiexam, { cookie: owner.cookie, body: { courseId } });
    const before = fakeModel().requests.length;
    const calls: [Parameters<typeof callRoute>[0], Record<string, unknown>][] = [
      [aiexam, { courseId }],
      [aiexam, { courseId, renew: true }],
      [submit, { courseId, answers: ["a", "a", "a", "a", "a"] }],
      [getmyresult, { courseId }],
      [updateresult, { courseId, marksString: "50" }],
      [finish, { courseId }],
      [sendcertificate, { courseId }],
    ];
    for (const [route, body] of calls) {
      const res = await callRoute(route, { cookie: other.cookie, body });
      expect(res.status).toBe(404);
      expect(res.json).toMatchObject({ success: false, code: "course:not-found" });
    }
    expect(fakeModel().requests.length).toBe(before);
    expect(await (await getDb()).select().from(quizAttempts).where(eq(quizAttempts.courseId, courseId))).toHaveLength(
      0,
    );
  });
});
