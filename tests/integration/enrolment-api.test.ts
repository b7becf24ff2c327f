/**
 * Enrolment (issue 34) against a real database and the fake model over HTTP: the owner offers a
 * course only once its lessons are written; anyone signed in enrols in an unlisted one and studies
 * the owner's course itself with their own progress, notes and quiz; the owner's actions stay the
 * owner's; unpublishing keeps the enrolled learners; leaving deletes the learner's state and
 * nothing of anyone else's. Each route is tried as owner, enrolled learner and stranger.
 */
import { and, eq } from "drizzle-orm";
import { POST as aiexam } from "@/app/api/aiexam/route";
import { DELETE as leaveRoute, POST as enrolRoute } from "@/app/api/courses/[courseId]/enroll/route";
import { POST as shareRoute } from "@/app/api/courses/[courseId]/share/route";
import { PATCH as visibilityRoute } from "@/app/api/courses/[courseId]/route";
import { POST as writeAllRoute } from "@/app/api/courses/[courseId]/write-all/route";
import { POST as deletecourse } from "@/app/api/deletecourse/route";
import { POST as getnotes } from "@/app/api/getnotes/route";
import { POST as lessonStream } from "@/app/api/lesson/stream/route";
import { POST as submit } from "@/app/api/quiz/submit/route";
import { POST as savenotes } from "@/app/api/savenotes/route";
import { enrolledCourses, offeredCourse } from "@/features/courses/server";
import { progressCounts } from "@/features/learning/server";
import { loadViewer } from "@/features/learning/viewer";
import { readNdjson } from "@/lib/http/ndjson";
import { getDb } from "@/server/db/client";
import { cards, courseLearners, courses, lessonProgress, notes, quizAttempts, quizServings } from "@/server/db/schema";
import { signedUpUser, type TestAccount } from "../setup/accounts";
import { callRoute } from "../setup/http";
import { rightAnswers, serveQuiz, storedQuestions, useQuizModel, wrongAnswers } from "../setup/quiz";
import { lessonsOf, seedCourse } from "../setup/seed-course";
import { useTestDatabase } from "../setup/test-db";

useTestDatabase();
const fakeModel = useQuizModel();

// Routes with params are typed by them; callRoute passes params untyped.
const withCourse = (handler: unknown, method: string) => (account: TestAccount, courseId: string, body?: unknown) =>
  callRoute(handler as never, {
    method,
    cookie: account.cookie,
    params: { courseId },
    body,
    url: `http://localhost:3000/api/courses/${courseId}`,
  });
const setVisibility = (account: TestAccount, courseId: string, visibility: string) =>
  withCourse(visibilityRoute, "PATCH")(account, courseId, { visibility });
const enrol = withCourse(enrolRoute, "POST");
const leave = withCourse(leaveRoute, "DELETE");
const share = withCourse(shareRoute, "POST");
const writeAll = withCourse(writeAllRoute, "POST");

/** A course of two topics whose three lessons are all written. */
async function writtenCourse(ownerId: string) {
  const course = await seedCourse(ownerId, {
    mainTopic: "Tides",
    topics: [
      {
        title: "Moon",
        lessons: [
          { title: "Pull", theory: "<p>The moon pulls the sea.</p>" },
          { title: "Bulge", theory: "<p>Two bulges go round.</p>" },
        ],
      },
      { title: "Sun", lessons: [{ title: "Spring tides", theory: "<p>Sun and moon in line.</p>" }] },
    ],
  });
  return course.id;
}

async function openLesson(account: TestAccount, courseId: string, lessonId: string) {
  const response = await lessonStream(
    new Request("http://localhost:3000/api/lesson/stream", {
      method: "POST",
      headers: { cookie: account.cookie, "content-type": "application/json" },
      body: JSON.stringify({ courseId, lessonId }),
    }),
    { params: Promise.resolve({}) },
  );
  const events: Record<string, unknown>[] = [];
  if (response.status !== 200) return { status: response.status, json: await response.json() };
  for await (const event of readNdjson<Record<string, unknown>>(response)) events.push(event);
  return { status: response.status, events };
}

describe("offering a course", () => {
  it("is the owner's alone, and only once every lesson is written", async () => {
    const owner = await signedUpUser();
    const stranger = await signedUpUser();
    const unwritten = (await seedCourse(owner.userId)).id; // its second lesson has no text
    const refused = await setVisibility(owner, unwritten, "unlisted");
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe("course:lessons-unwritten");
    const courseId = await writtenCourse(owner.userId);
    expect((await setVisibility(stranger, courseId, "public")).status).toBe(404);
    expect((await setVisibility(owner, courseId, "shared-with-friends")).status).toBe(400);
    const [before] = await (await getDb()).select().from(courses).where(eq(courses.id, courseId));
    expect(before.visibility).toBe("private");
    const set = await setVisibility(owner, courseId, "unlisted");
    expect(set.json).toEqual({ success: true, visibility: "unlisted" });
    const [after] = await (await getDb()).select().from(courses).where(eq(courses.id, courseId));
    expect(after.visibility).toBe("unlisted");
  });
});

describe("an enrolled learner", () => {
  it("studies the owner's course with their own progress, notes and quiz, and cannot do the owner's part", async () => {
    const owner = await signedUpUser();
    const learner = await signedUpUser();
    const stranger = await signedUpUser();
    const courseId = await writtenCourse(owner.userId);
    const lessonIds = (await lessonsOf(courseId)).map((l) => l.id);

    // A private course is not there for anyone else.
    expect((await enrol(learner, courseId)).status).toBe(404);
    expect(await offeredCourse(courseId)).toBeUndefined();
    await setVisibility(owner, courseId, "unlisted");
    // What the enrolment screen shows: its author, its own lessons, its topics.
    expect(await offeredCourse(courseId)).toMatchObject({
      mainTopic: "Tides",
      lessonCount: 3,
      learnerCount: 0,
      topics: ["Moon", "Sun"],
    });
    expect((await enrol(learner, courseId)).json).toEqual({ success: true, owner: false });
    expect((await enrol(learner, courseId)).json).toEqual({ success: true, owner: false });
    expect((await enrol(owner, courseId)).json).toEqual({ success: true, owner: true });
    expect((await offeredCourse(courseId))?.learnerCount).toBe(1);
    // Enrolling created no course.
    expect(await (await getDb()).select().from(courses).where(eq(courses.userId, learner.userId))).toEqual([]);

    // The learner reads: their progress moves, the owner's does not.
    const viewer = await loadViewer(learner.userId, courseId, lessonIds[1]);
    expect(viewer?.course.isOwner).toBe(false);
    expect(viewer?.lesson.id).toBe(lessonIds[1]);
    // The viewer on a later lesson marks nothing; the lesson opened through the stream is done.
    expect((await openLesson(learner, courseId, lessonIds[2])).status).toBe(200);
    expect(await progressCounts(courseId, learner.userId)).toEqual({ lessonCount: 3, doneCount: 1 });
    expect(await progressCounts(courseId, owner.userId)).toEqual({ lessonCount: 3, doneCount: 0 });
    // My Courses lists it for the learner with their progress (1 of 3 lessons + the quiz: 25 %), not for the owner.
    expect(await enrolledCourses(learner.userId)).toEqual([
      expect.objectContaining({ id: courseId, lessonCount: 3, doneCount: 1, progress: 25 }),
    ]);
    expect(await enrolledCourses(owner.userId)).toEqual([]);

    // Notes are each learner's.
    const saved = await callRoute(savenotes, {
      cookie: learner.cookie,
      body: { course: courseId, notes: "<p>Mine</p>", version: 0 },
    });
    expect(saved.status).toBe(200);
    expect((await callRoute(getnotes, { cookie: owner.cookie, body: { course: courseId } })).json.message).toBe("");

    // The quiz: their own attempt, graded for them.
    const served = await serveQuiz(learner.cookie, courseId);
    const graded = await callRoute(submit, {
      cookie: learner.cookie,
      body: { courseId, answers: wrongAnswers(await rightAnswers(courseId, served)), attemptId: served.attemptId },
    });
    expect(graded.status).toBe(200);
    const attempts = await (await getDb()).select().from(quizAttempts).where(eq(quizAttempts.courseId, courseId));
    expect(attempts.map((a) => a.userId)).toEqual([learner.userId]);

    // The owner's part stays the owner's.
    const regenerate = await lessonStream(
      new Request("http://localhost:3000/api/lesson/stream", {
        method: "POST",
        headers: { cookie: learner.cookie, "content-type": "application/json" },
        body: JSON.stringify({ courseId, lessonId: lessonIds[0], regenerate: true }),
      }),
      { params: Promise.resolve({}) },
    );
    expect(regenerate.status).toBe(403);
    expect(((await regenerate.json()) as { code: string }).code).toBe("course:owner-only");
    expect((await setVisibility(learner, courseId, "public")).status).toBe(404);
    expect((await share(learner, courseId)).status).toBe(404);
    expect((await writeAll(learner, courseId)).status).toBe(404);
    expect((await callRoute(deletecourse, { cookie: learner.cookie, body: { courseId } })).status).toBe(404);
    expect(await (await getDb()).select().from(courses).where(eq(courses.id, courseId))).toHaveLength(1);

    // Someone who did not enrol sees nothing of it.
    expect(await loadViewer(stranger.userId, courseId, undefined)).toBeNull();
    expect((await callRoute(aiexam, { cookie: stranger.cookie, body: { courseId } })).status).toBe(404);
    expect((await callRoute(getnotes, { cookie: stranger.cookie, body: { course: courseId } })).status).toBe(404);
    expect((await openLesson(stranger, courseId, lessonIds[0])).status).toBe(404);
  });

  it("asks for new questions after an attempt and gets a retest of their own; the course's stay", async () => {
    const owner = await signedUpUser();
    const learner = await signedUpUser();
    const other = await signedUpUser();
    const courseId = await writtenCourse(owner.userId);
    await setVisibility(owner, courseId, "unlisted");
    await enrol(learner, courseId);
    await enrol(other, courseId);
    const courseQuestions = async () => (await storedQuestions(courseId)).map((q) => q.question);

    // Before any attempt, asking for new questions serves the course's.
    const first = await serveQuiz(learner.cookie, courseId, { renew: true });
    const original = await courseQuestions();
    expect(first.questions.map((q) => q.question).sort()).toEqual([...original].sort());
    const failed = await callRoute(submit, {
      cookie: learner.cookie,
      body: { courseId, answers: wrongAnswers(await rightAnswers(courseId, first)), attemptId: first.attemptId },
    });
    expect(failed.json.passed).toBe(false);

    // After it: one model call, questions none of which was asked before, the course's unchanged.
    const calls = fakeModel().requests.length;
    const retest = await serveQuiz(learner.cookie, courseId, { renew: true });
    expect(fakeModel().requests.length).toBeGreaterThan(calls);
    const asked = retest.questions.map((q) => q.question);
    expect(asked.some((q) => original.includes(q))).toBe(false);
    expect(await courseQuestions()).toEqual(original);
    // Graded on their own questions: the right answers pass.
    const passed = await callRoute(submit, {
      cookie: learner.cookie,
      body: {
        courseId,
        answers: await rightAnswers(courseId, retest, learner.userId),
        attemptId: retest.attemptId,
      },
    });
    expect(passed.status).toBe(200);
    expect(passed.json.passed).toBe(true);
    // A retake keeps serving their retest; the owner and another learner get the course's.
    const retake = await serveQuiz(learner.cookie, courseId);
    expect(retake.questions.map((q) => q.question).sort()).toEqual([...asked].sort());
    for (const someone of [owner, other]) {
      const theirs = await serveQuiz(someone.cookie, courseId);
      expect(theirs.questions.map((q) => q.question).sort()).toEqual([...original].sort());
    }
  });

  it("gets the owner's key-point cards of a lesson on first reading it, once, with no model call", async () => {
    const owner = await signedUpUser();
    const learner = await signedUpUser();
    const courseId = await writtenCourse(owner.userId);
    const lessonIds = (await lessonsOf(courseId)).map((l) => l.id);
    const db = await getDb();
    const [first] = lessonIds;
    await db.insert(cards).values(
      ["What pulls the sea?", "What does the moon raise?"].map((front) => ({
        userId: owner.userId,
        courseId,
        lessonId: first,
        source: "key-point" as const,
        front,
        back: "The moon",
        sourceSentence: "The moon pulls the sea.",
      })),
    );
    await setVisibility(owner, courseId, "unlisted");
    await enrol(learner, courseId);
    const calls = fakeModel().requests.length;
    const learnerCards = () =>
      db
        .select({ front: cards.front, source: cards.source, state: cards.state })
        .from(cards)
        .where(and(eq(cards.userId, learner.userId), eq(cards.courseId, courseId)));
    expect(await learnerCards()).toEqual([]);

    expect((await openLesson(learner, courseId, first)).status).toBe(200);
    const copied = await learnerCards();
    expect(copied.map((c) => c.front).sort()).toEqual(["What does the moon raise?", "What pulls the sea?"]);
    expect(copied.every((c) => c.source === "key-point" && c.state === 0)).toBe(true);
    // The owner's deck is as it was; no model was asked.
    expect(await db.select().from(cards).where(eq(cards.userId, owner.userId))).toHaveLength(2);
    expect(fakeModel().requests).toHaveLength(calls);

    // Opening it again copies nothing more, and a copy the learner deleted does not come back.
    await db.delete(cards).where(and(eq(cards.userId, learner.userId), eq(cards.front, "What pulls the sea?")));
    expect((await openLesson(learner, courseId, first)).status).toBe(200);
    expect((await learnerCards()).map((c) => c.front)).toEqual(["What does the moon raise?"]);
    // The owner's own reading copies nothing.
    expect((await openLesson(owner, courseId, first)).status).toBe(200);
    expect(await db.select().from(cards).where(eq(cards.userId, owner.userId))).toHaveLength(2);
  });

  it("keeps studying after the owner takes the course back; nobody new can enrol", async () => {
    const owner = await signedUpUser();
    const learner = await signedUpUser();
    const late = await signedUpUser();
    const courseId = await writtenCourse(owner.userId);
    await setVisibility(owner, courseId, "public");
    await enrol(learner, courseId);
    expect((await setVisibility(owner, courseId, "private")).status).toBe(200);
    expect(await loadViewer(learner.userId, courseId, undefined)).not.toBeNull();
    expect((await enrol(late, courseId)).status).toBe(404);
    expect(await loadViewer(late.userId, courseId, undefined)).toBeNull();
  });
});

describe("leaving a course", () => {
  it("deletes everything of the learner's in it and nothing of anyone else's; the owner cannot leave", async () => {
    const owner = await signedUpUser();
    const learner = await signedUpUser();
    const courseId = await writtenCourse(owner.userId);
    const lessonIds = (await lessonsOf(courseId)).map((l) => l.id);
    await setVisibility(owner, courseId, "unlisted");
    await enrol(learner, courseId);
    // Both study it: reading, notes, a failed quiz (which makes cards of the misses).
    for (const account of [owner, learner]) {
      expect((await openLesson(account, courseId, lessonIds[0])).status).toBe(200);
      await callRoute(savenotes, { cookie: account.cookie, body: { course: courseId, notes: "<p>N</p>", version: 0 } });
      const served = await serveQuiz(account.cookie, courseId);
      await callRoute(submit, {
        cookie: account.cookie,
        body: { courseId, answers: wrongAnswers(await rightAnswers(courseId, served)), attemptId: served.attemptId },
      });
    }
    const db = await getDb();
    const rowsOf = async (userId: string) => ({
      progress: (
        await db
          .select()
          .from(lessonProgress)
          .where(and(eq(lessonProgress.courseId, courseId), eq(lessonProgress.userId, userId)))
      ).length,
      notes: (
        await db
          .select()
          .from(notes)
          .where(and(eq(notes.courseId, courseId), eq(notes.userId, userId)))
      ).length,
      attempts: (
        await db
          .select()
          .from(quizAttempts)
          .where(and(eq(quizAttempts.courseId, courseId), eq(quizAttempts.userId, userId)))
      ).length,
      servings: (
        await db
          .select()
          .from(quizServings)
          .where(and(eq(quizServings.courseId, courseId), eq(quizServings.userId, userId)))
      ).length,
      cards: (
        await db
          .select()
          .from(cards)
          .where(and(eq(cards.courseId, courseId), eq(cards.userId, userId)))
      ).length,
      standing: (
        await db
          .select()
          .from(courseLearners)
          .where(and(eq(courseLearners.courseId, courseId), eq(courseLearners.userId, userId)))
      ).length,
    });
    const ownerBefore = await rowsOf(owner.userId);
    const learnerBefore = await rowsOf(learner.userId);
    expect(learnerBefore).toMatchObject({ progress: 1, notes: 1, attempts: 1, servings: 1, standing: 1 });
    expect(learnerBefore.cards).toBeGreaterThan(0);

    const refused = await leave(owner, courseId);
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe("course:owner-cannot-leave");
    expect((await leave(learner, courseId)).json).toEqual({ success: true });
    expect(await rowsOf(learner.userId)).toEqual({
      progress: 0,
      notes: 0,
      attempts: 0,
      servings: 0,
      cards: 0,
      standing: 0,
    });
    expect(await rowsOf(owner.userId)).toEqual(ownerBefore);
    // Gone from the course: a second leave, or studying it, is not found.
    expect((await leave(learner, courseId)).status).toBe(404);
    expect(await loadViewer(learner.userId, courseId, undefined)).toBeNull();
  });
});
