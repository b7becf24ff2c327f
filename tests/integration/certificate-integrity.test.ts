/**
 * A certificate proves completion (issue 19): the five requests that used to earn a public
 * certificate without reading a lesson or knowing an answer are replayed against the real route
 * handlers, and the certificate is refused at the right step; then the honest path (every lesson
 * opened, a fresh attempt passed) earns it. Real database (PGlite or TEST_DATABASE_URL) and the
 * fake model over HTTP.
 */
import { POST as finish } from "@/app/api/finish/route";
import { POST as lessonStream } from "@/app/api/lesson/stream/route";
import { POST as submit } from "@/app/api/quiz/submit/route";
import { POST as update } from "@/app/api/update/route";
import { getDb } from "@/server/db/client";
import { certificates, quizAttempts, topics } from "@/server/db/schema";
import { asc, eq } from "drizzle-orm";
import { callRoute } from "../setup/http";
import { rightAnswers, serveQuiz, useQuizModel, wrongAnswers } from "../setup/quiz";
import { useTestDatabase } from "../setup/test-db";
import { courseWithOwnerStanding, lessonsWithProgress, seedCourse, setProgress } from "../setup/seed-course";
import { signedUpUser } from "../setup/accounts";

useTestDatabase();
useQuizModel();

/** A course as /api/course stores it: five topics of one lesson, the first written, the rest empty. */
const insertCourse = (userId: string) =>
  seedCourse(userId, {
    mainTopic: "Geology",
    topics: [1, 2, 3, 4, 5].map((n) => ({
      title: `Topic ${n}`,
      lessons: [{ title: `Lesson ${n}`, theory: n === 1 ? "<p>Rocks form in three ways.</p>" : undefined }],
    })),
  });

/** The course's lessons with its owner's reading of each. */
async function lessonRows(courseId: string) {
  return lessonsWithProgress(courseId, (await courseRow(courseId)).userId);
}

/** The course with its owner's standing (course_learners). */
async function courseRow(courseId: string) {
  return courseWithOwnerStanding(courseId);
}

async function attempts(courseId: string) {
  return (await getDb()).select().from(quizAttempts).where(eq(quizAttempts.courseId, courseId));
}

/** The content JSON the contract's /api/update takes, every lesson marked done. */
async function everythingDone(course: { id: string; mainTopic: string }) {
  const db = await getDb();
  const topicRows = await db.select().from(topics).where(eq(topics.courseId, course.id)).orderBy(asc(topics.position));
  const rows = await lessonRows(course.id);
  return {
    [course.mainTopic.toLowerCase()]: topicRows.map((topic) => ({
      title: topic.title,
      subtopics: rows
        .filter((l) => l.topicId === topic.id)
        .map((l) => ({ title: l.title, theory: l.theory, youtube: "", image: "", done: true })),
    })),
  };
}

describe("the five requests that used to earn a certificate", () => {
  it("are refused at the right step, and change nothing", async () => {
    const { cookie, userId } = await signedUpUser();
    const course = await insertCourse(userId);

    // 1. Every lesson marked done through /api/update, none of them written or opened but the first (not opened either).
    const marked = await callRoute(update, {
      cookie,
      body: { courseId: course.id, content: JSON.stringify(await everythingDone(course)) },
    });
    expect(marked.status).toBe(409);
    expect(marked.json).toMatchObject({ success: false, code: "lesson:not-opened" });
    expect(marked.json.message).toMatch(/Open this lesson/);
    expect((await lessonRows(course.id)).map((l) => l.done)).toEqual([false, false, false, false, false]);

    // 2. The quiz served: a new attempt.
    const served = await serveQuiz(cookie, course.id);
    expect(served.attemptId).toMatch(/^[0-9a-f-]{36}$/);
    expect(served.questions).toHaveLength(5);

    // 3. Wrong answers: graded and recorded, and the review shows the right letters of this attempt.
    const right = await rightAnswers(course.id, served);
    const failed = await callRoute(submit, { cookie, body: { courseId: course.id, answers: wrongAnswers(right) } });
    expect(failed.status).toBe(200);
    expect(failed.json).toMatchObject({ success: true, passed: false, score: 0, percent: 0 });
    const revealed = (failed.json.results as { correct: string }[]).map((r) => r.correct);
    expect(revealed).toEqual(right);

    // 4. The revealed key sent again for the same attempt: closed, nothing changes.
    const replay = await callRoute(submit, { cookie, body: { courseId: course.id, answers: revealed } });
    expect(replay.status).toBe(409);
    expect(replay.json).toMatchObject({ success: false, code: "quiz:attempt-closed" });
    const named = await callRoute(submit, {
      cookie,
      body: { courseId: course.id, answers: revealed, attemptId: served.attemptId },
    });
    expect(named.status).toBe(409);
    expect(named.json.code).toBe("quiz:attempt-closed");
    expect(await courseRow(course.id)).toMatchObject({ quizPassed: false, bestMark: 0 });
    expect(await attempts(course.id)).toHaveLength(1);

    // 5. The certificate: refused, nothing issued.
    const finished = await callRoute(finish, { cookie, body: { courseId: course.id } });
    expect(finished.status).toBe(403);
    expect(finished.json).toMatchObject({ success: false, code: "course:not-complete" });
    expect(await (await getDb()).select().from(certificates).where(eq(certificates.courseId, course.id))).toHaveLength(
      0,
    );
    expect(await courseRow(course.id)).toMatchObject({ completed: false, endedAt: null });
  });

  it("a retake is a new attempt in a new order; an older attempt's id is closed; two parallel submits grade once", async () => {
    const { cookie, userId } = await signedUpUser();
    const course = await insertCourse(userId);
    const first = await serveQuiz(cookie, course.id);
    const second = await serveQuiz(cookie, course.id);
    expect(second.attemptId).not.toBe(first.attemptId);
    // The same questions, arranged differently (question order or option order).
    expect(second.questions.map((q) => q.question).sort()).toEqual(first.questions.map((q) => q.question).sort());
    expect(second.questions).not.toEqual(first.questions);

    // Answers for the first attempt, sent after the second was served: that attempt is closed.
    const stale = await callRoute(submit, {
      cookie,
      body: { courseId: course.id, answers: await rightAnswers(course.id, first), attemptId: first.attemptId },
    });
    expect(stale.status).toBe(409);
    expect(stale.json.code).toBe("quiz:attempt-closed");
    expect(await attempts(course.id)).toHaveLength(0);

    // The same attempt sent twice at once: one grading, one 409.
    const answers = await rightAnswers(course.id, second);
    const both = await Promise.all(
      [0, 1].map(() =>
        callRoute(submit, { cookie, body: { courseId: course.id, answers, attemptId: second.attemptId } }),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)!.json.code).toBe("quiz:attempt-closed");
    const rows = await attempts(course.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].attemptId).toBe(second.attemptId);
    expect(await courseRow(course.id)).toMatchObject({ quizPassed: true, bestMark: 50 });
  });

  it("/api/finish itself checks that every done lesson was opened, whatever set the flag", async () => {
    const { cookie, userId } = await signedUpUser();
    const course = await insertCourse(userId);
    // Done flags as the old /api/update left them (and the migration to lesson_progress kept): done, never served.
    for (const lesson of await lessonRows(course.id)) await setProgress(userId, lesson, { done: true, openedAt: null });
    const served = await serveQuiz(cookie, course.id);
    const passed = await callRoute(submit, {
      cookie,
      body: { courseId: course.id, answers: await rightAnswers(course.id, served) },
    });
    expect(passed.json).toMatchObject({ passed: true, quizPassed: true, progress: 100 });
    const finished = await callRoute(finish, { cookie, body: { courseId: course.id } });
    expect(finished.status).toBe(403);
    expect(finished.json.code).toBe("course:not-complete");
  });
});

describe("the honest path", () => {
  it("opening every lesson and passing a fresh attempt earns the certificate", async () => {
    const { cookie, userId } = await signedUpUser();
    const course = await insertCourse(userId);
    const refused = await callRoute(update, {
      cookie,
      body: { courseId: course.id, content: JSON.stringify(await everythingDone(course)) },
    });
    expect(refused.status).toBe(409);

    // Every lesson opened as the viewer opens it: written by the server (the first already was) and served.
    for (const lesson of await lessonRows(course.id)) {
      const opened = await callRoute(lessonStream, { cookie, body: { courseId: course.id, lessonId: lesson.id } });
      expect(opened.status).toBe(200);
      expect(opened.text).toContain('"type":"done"');
    }
    const rows = await lessonRows(course.id);
    expect(rows.every((l) => l.done && l.openedAt !== null && l.theory !== "")).toBe(true);

    // Opened lessons can be toggled through /api/update (unticked, then ticked again).
    const content = await everythingDone(course);
    Object.values(content)[0][0].subtopics[0].done = false;
    expect(
      (await callRoute(update, { cookie, body: { courseId: course.id, content: JSON.stringify(content) } })).json,
    ).toEqual({ success: true });
    expect((await lessonRows(course.id)).filter((l) => l.done)).toHaveLength(4);
    expect(
      (
        await callRoute(update, {
          cookie,
          body: { courseId: course.id, content: JSON.stringify(await everythingDone(course)) },
        })
      ).status,
    ).toBe(200);

    // A failed attempt, then a fresh one passed.
    const first = await serveQuiz(cookie, course.id);
    const failed = await callRoute(submit, {
      cookie,
      body: {
        courseId: course.id,
        answers: wrongAnswers(await rightAnswers(course.id, first)),
        attemptId: first.attemptId,
      },
    });
    expect(failed.json).toMatchObject({ passed: false, progress: 83 });
    const retake = await serveQuiz(cookie, course.id);
    const passed = await callRoute(submit, {
      cookie,
      body: { courseId: course.id, answers: await rightAnswers(course.id, retake), attemptId: retake.attemptId },
    });
    expect(passed.status).toBe(200);
    expect(passed.json).toMatchObject({ passed: true, percent: 100, quizPassed: true, progress: 100 });

    const finished = await callRoute(finish, { cookie, body: { courseId: course.id } });
    expect(finished.status).toBe(200);
    expect(finished.json.publicId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const [certificate] = await (await getDb()).select().from(certificates).where(eq(certificates.courseId, course.id));
    expect(certificate).toMatchObject({ lessonCount: 5, quizMark: 50 });
  });
});
