/**
 * Issue 33, the viewer's and the quiz's part, against a real database and the fake model over
 * HTTP: "Write all lessons" names the lessons it could not write (the progress route's
 * `failedLessons`) and My Courses learns which courses are being written; the quiz page has the
 * last and best counted marks; a retest with nothing new to ask says so (409
 * `quiz:no-fresh-questions`, quickly) and the regular quiz is still there; a review lesson in a
 * course with material is written from it and cites it.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { GET as progressRoute } from "@/app/api/courses/[courseId]/progress/route";
import { POST as writeAllRoute, DELETE as cancelRoute } from "@/app/api/courses/[courseId]/write-all/route";
import { POST as aiexam } from "@/app/api/aiexam/route";
import { POST as lessonStream } from "@/app/api/lesson/stream/route";
import { POST as remediation } from "@/app/api/quiz/remediation/route";
import { POST as submit } from "@/app/api/quiz/submit/route";
import { POST as addSourceRoute } from "@/app/api/sources/route";
import { coursesBeingWritten } from "@/features/learning/writing-status";
import { loadQuizPageWithMarks } from "@/features/quiz/server";
import { getDb } from "@/server/db/client";
import { lessons } from "@/server/db/schema";
import { runDueJobs, settleJobs } from "@/server/jobs";
import en from "../../messages/en.json";
import pt from "../../messages/pt.json";
import { paidUser, signedUpUser, type TestAccount } from "../setup/accounts";
import { callRoute } from "../setup/http";
import { backdateServings, rightAnswers, serveQuiz, useQuizModel, wrongAnswers } from "../setup/quiz";
import { lessonsOf, seedCourse } from "../setup/seed-course";
import { useSettings } from "../setup/settings";
import { useTestDatabase } from "../setup/test-db";
import { waitFor } from "../setup/wait";

process.env.JOBS_RETRY_BASE_MS = "20";
process.env.MEDIA_TIMEOUT_MS = "300";
// Text-and-image lessons would search for a picture: none configured, none looked for.
process.env.UNSPLASH_ACCESS_KEY = "";
process.env.PEXELS_API_KEY = "";

useTestDatabase();
const fakeModel = useQuizModel();
useSettings({ SOURCE_MAX_BYTES: "400000", PAID_SOURCE_PAGES_PER_COURSE: "1000" });

/** The routes under /api/courses/{id} take `{ courseId }`. */
const route = (handler: unknown) => handler as Parameters<typeof callRoute>[0];
const progress = (account: TestAccount, courseId: string) =>
  callRoute(route(progressRoute), { cookie: account.cookie, params: { courseId } });
const writeAll = (account: TestAccount, courseId: string, method: "POST" | "DELETE" = "POST") =>
  callRoute(route(method === "POST" ? writeAllRoute : cancelRoute), {
    method,
    cookie: account.cookie,
    params: { courseId },
  });

/** A course whose first lesson is written; every title carries a marker the fake can be scripted on. */
async function unwrittenCourse(userId: string) {
  const marker = randomUUID().slice(0, 8);
  const course = await seedCourse(userId, {
    mainTopic: `Tides ${marker}`,
    topics: [
      {
        title: "Moon",
        lessons: [{ title: `Pull ${marker}`, theory: "<p>Written.</p>" }, { title: `Bulge ${marker}` }],
      },
      { title: "Sun", lessons: [{ title: `Spring ${marker}` }, { title: `Neap ${marker}` }] },
    ],
  });
  return { courseId: course.id, rows: await lessonsOf(course.id), marker };
}

/** Runs due jobs here until the batch is over (written or failed for good). */
async function settleBatch(account: TestAccount, courseId: string) {
  await waitFor(
    async () => {
      await runDueJobs({ budgetMs: 2_000 });
      return (await progress(account, courseId)).json.batch === 0;
    },
    "the batch over",
    { timeoutMs: 30_000, everyMs: 100 },
  );
}

describe("write all lessons: the lessons it could not write", () => {
  it("names them by id in outline order, until a new batch writes them; another user's course is 404", async () => {
    const account = await signedUpUser();
    const { courseId, rows } = await unwrittenCourse(account.id);
    const [, bulge, spring, neap] = rows;
    // Two lessons cannot be written (the model refuses them for good); the third can.
    fakeModel().script({ behaviour: "status-401", match: `"lesson": ${JSON.stringify(bulge.title)}` });
    fakeModel().script({ behaviour: "status-401", match: `"lesson": ${JSON.stringify(neap.title)}` });

    const before = await progress(account, courseId);
    expect(before.json).toMatchObject({ failed: 0, failedLessons: [] });

    expect((await writeAll(account, courseId)).status).toBe(202);
    await settleBatch(account, courseId);
    const after = await progress(account, courseId);
    expect(after.status).toBe(200);
    expect(after.json).toMatchObject({ written: 2, total: 4, failed: 2, batch: 0 });
    expect(after.json.failedLessons).toEqual([bulge.id, neap.id]);
    expect(after.json.failedLessons).not.toContain(spring.id);

    // Someone else's course: nothing about it.
    const stranger = await signedUpUser();
    expect((await progress(stranger, courseId)).status).toBe(404);

    // The model is well again: Retry (a new batch) writes them and the list empties.
    fakeModel().reset();
    expect((await writeAll(account, courseId)).json).toMatchObject({ queued: 2 });
    await settleBatch(account, courseId);
    expect((await progress(account, courseId)).json).toMatchObject({ written: 4, failed: 0, failedLessons: [] });
  });

  it("tells My Courses which of a page's courses are being written, and how far", async () => {
    const account = await signedUpUser();
    const writing = await unwrittenCourse(account.id);
    const idle = await unwrittenCourse(account.id);
    const ids = [writing.courseId, idle.courseId];
    expect((await coursesBeingWritten(account.id, ids)).size).toBe(0);

    // Slow lessons: the batch is still on its way when the page asks.
    fakeModel().script({ behaviour: "ok", match: writing.marker, tokensPerSecond: 2 });
    expect((await writeAll(account, writing.courseId)).status).toBe(202);
    const during = await coursesBeingWritten(account.id, ids);
    expect([...during.keys()]).toEqual([writing.courseId]);
    expect(during.get(writing.courseId)).toEqual({ written: expect.any(Number), total: 4 });
    // Only the owner's own jobs count.
    const stranger = await signedUpUser();
    expect((await coursesBeingWritten(stranger.id, ids)).size).toBe(0);

    expect((await writeAll(account, writing.courseId, "DELETE")).status).toBe(200);
    expect((await coursesBeingWritten(account.id, ids)).size).toBe(0);
  });
});

describe("the quiz page's marks", () => {
  it("shows the newest and the best counted attempt; a late one is in neither", async () => {
    const account = await signedUpUser();
    const course = await seedCourse(account.id);
    expect((await loadQuizPageWithMarks(account.id, course.id))?.marks).toEqual({ last: null, best: null });

    const first = await serveQuiz(account.cookie, course.id);
    const right = await rightAnswers(course.id, first);
    const good = await callRoute(submit, {
      cookie: account.cookie,
      body: { courseId: course.id, answers: right, attemptId: first.attemptId },
    });
    expect(good.json.passed).toBe(true);
    const second = await serveQuiz(account.cookie, course.id);
    const wrong = wrongAnswers(await rightAnswers(course.id, second));
    const bad = await callRoute(submit, {
      cookie: account.cookie,
      body: { courseId: course.id, answers: wrong, attemptId: second.attemptId },
    });
    expect(bad.json.passed).toBe(false);

    // A late attempt (sent after the questions' time) is recorded but counted in neither.
    const late = await serveQuiz(account.cookie, course.id);
    await backdateServings(course.id, 60 * 60 * 1000);
    const lateGraded = await callRoute(submit, {
      cookie: account.cookie,
      body: { courseId: course.id, answers: await rightAnswers(course.id, late), attemptId: late.attemptId },
    });
    expect(lateGraded.json.counted).toBe(false);

    const total = right.length;
    const marks = (await loadQuizPageWithMarks(account.id, course.id))?.marks;
    expect(marks).toEqual({
      last: { score: 0, total, passed: false },
      best: { score: total, total, passed: true },
    });
    // Not the owner: no page.
    const stranger = await signedUpUser();
    expect(await loadQuizPageWithMarks(stranger.id, course.id)).toBeNull();
  });
});

const SOURCES = "http://localhost:3000/api/sources";

/** Uploads a file as the Generate page does (multipart, same origin) and waits for its reading. */
async function uploadReady(cookie: string, name: string, text: string, courseId: string): Promise<void> {
  const form = new FormData();
  form.set("file", new Blob([text]), name);
  form.set("courseId", courseId);
  const response = await addSourceRoute(
    new Request(SOURCES, {
      method: "POST",
      body: form,
      headers: {
        cookie,
        origin: "http://localhost:3000",
        "sec-fetch-site": "same-origin",
        "x-aula-peer": "203.0.113.7",
      },
    }),
    { params: Promise.resolve({}) },
  );
  expect(response.status).toBe(202);
  await settleJobs(["source.ingest"]);
}

const PLANTS = [
  "# Photosynthesis",
  "",
  "Chlorophyll absorbs red and blue light in the leaves and passes its energy to the reaction centres.",
  "",
  "## The Calvin cycle",
  "",
  "The Calvin cycle fixes carbon dioxide into sugar using the energy stored by the light reactions.",
  "",
  "# Roots",
  "",
  "Root hairs take up water and dissolved minerals from the soil by osmosis.",
  "",
].join("\n");

/** A written course with the owner's material linked, and a failed quiz attempt on it. */
async function failedCourseWithMaterial(account: { id: string; cookie: string }) {
  const course = await seedCourse(account.id, {
    mainTopic: "Plants",
    topics: [
      { title: "Leaves", lessons: [{ title: "Light", theory: "<p>Leaves catch light.</p>" }] },
      { title: "Roots", lessons: [{ title: "Water", theory: "<p>Roots take up water.</p>" }] },
    ],
  });
  await uploadReady(account.cookie, "plants.md", PLANTS, course.id);
  const served = await serveQuiz(account.cookie, course.id);
  const answers = wrongAnswers(await rightAnswers(course.id, served));
  const res = await callRoute(submit, {
    cookie: account.cookie,
    body: { courseId: course.id, answers, attemptId: served.attemptId },
  });
  expect(res.json.passed).toBe(false);
  return { courseId: course.id, served };
}

describe("remediation in a course with material", () => {
  it("writes the review lesson from the material, citing it like the course's other lessons", async () => {
    const account = await paidUser();
    const { courseId } = await failedCourseWithMaterial(account);
    const added = await callRoute(remediation, { cookie: account.cookie, body: { courseId } });
    expect(added.status).toBe(200);
    const first = added.json.lessons[0] as { id: string };

    const streamed = await lessonStream(
      new Request("http://localhost:3000/api/lesson/stream", {
        method: "POST",
        headers: { cookie: account.cookie, "content-type": "application/json" },
        body: JSON.stringify({ courseId, lessonId: first.id, regenerate: false }),
      }),
      { params: Promise.resolve({}) },
    );
    expect(streamed.status).toBe(200);
    await streamed.text();
    const [row] = await (await getDb()).select().from(lessons).where(eq(lessons.id, first.id));
    expect(row.remediation).not.toBeNull();
    expect(row.theory.length).toBeGreaterThan(0);
    // Written from the excerpts, what was missed among them, and citing them.
    const prompt = fakeModel()
      .requests.filter((r) => r.messages.some((m) => m.content.includes('"missedQuestions"')))
      .at(-1)!
      .messages.map((m) => m.content)
      .join("\n");
    expect(prompt).toContain("<excerpts>");
    expect(row.citations?.length ?? 0).toBeGreaterThan(0);
    expect(row.citations![0]).toMatchObject({ sourceTitle: "plants" });
    expect(row.theory).toMatch(/<sup[^>]*>/);
  });

  it("says plainly, and soon, that no new retest questions could be made; the regular quiz is still served", async () => {
    const account = await paidUser();
    const { courseId, served } = await failedCourseWithMaterial(account);
    // The material holds these questions only: a retest would ask them again.
    const startedAt = Date.now();
    const retest = await callRoute(aiexam, {
      cookie: `${account.sessionCookie}; NEXT_LOCALE=pt`,
      body: { courseId, renew: true },
    });
    const took = Date.now() - startedAt;
    expect(retest.status).toBe(409);
    expect(retest.json).toMatchObject({ success: false, code: "quiz:no-fresh-questions" });
    expect(retest.json.message).toBe(pt.api.quiz.noFreshQuestions);
    expect(took).toBeLessThan(5_000);

    const english = await callRoute(aiexam, { cookie: account.cookie, body: { courseId, renew: true } });
    expect(english.json.message).toBe(en.api.quiz.noFreshQuestions);

    // The regular quiz: the same questions as before, a new attempt.
    const regular = await serveQuiz(account.cookie, courseId);
    expect(regular.questions.map((q) => q.question).sort()).toEqual(served.questions.map((q) => q.question).sort());
  });
});
