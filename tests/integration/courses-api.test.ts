/**
 * The course generation API end to end in-process: real route handlers, a real database,
 * the fake model and media servers over HTTP.
 */
import { eq, sql } from "drizzle-orm";
import { POST as createCourse } from "@/app/api/course/route";
import { GET as cover } from "@/app/api/cover/route";
import { GET as listCourses } from "@/app/api/courses/route";
import { POST as deleteCourse } from "@/app/api/deletecourse/route";
import { POST as generate } from "@/app/api/generate/route";
import { POST as image } from "@/app/api/image/route";
import { POST as prompt } from "@/app/api/prompt/route";
import { POST as promptStream } from "@/app/api/prompt/stream/route";
import { POST as transcript } from "@/app/api/transcript/route";
import { POST as update } from "@/app/api/update/route";
import { POST as yt } from "@/app/api/yt/route";
import { setAiConfigForTests } from "@/server/ai/model";
import { getDb } from "@/server/db/client";
import { coursesLeftThisMonth } from "@/features/generation/server";
import { courseCreations, courses, generatedOutlines, lessons, topics, users } from "@/server/db/schema";
import { hitRateLimit } from "@/server/http/rate-limit";
import { startFakeMedia, type FakeMedia } from "../fakes/media";
import { startFakeModel, type FakeModel } from "../fakes/openai-compatible";
import { callRoute } from "../setup/http";
import { useTestDatabase } from "../setup/test-db";
import { courseContent } from "@/features/courses/client";
import { resetSettings, withSettings } from "../setup/settings";
import { paidUser, signedUpUser } from "../setup/accounts";
import {
  courseWithOwnerStanding,
  lessonsWithProgress,
  lessonWithOwnerProgress,
  setProgress,
  setStanding,
} from "../setup/seed-course";

process.env.AI_RETRY_BASE_MS = "5";
process.env.AI_TIMEOUT_MS = "2000";
// Room for a loaded machine: a picture fetched late falls back to the drawn cover, and the tests check the photo.
process.env.MEDIA_TIMEOUT_MS = "5000";
process.env.AI_RATE_LIMIT_PER_MINUTE = "1000";

useTestDatabase();

let model: FakeModel;
let media: FakeMedia;

beforeAll(async () => {
  [model, media] = await Promise.all([startFakeModel(), startFakeMedia()]);
  Object.assign(process.env, media.env);
  resetSettings();
  setAiConfigForTests({
    provider: "openai-compatible",
    model: model.model,
    baseURL: model.baseURL,
    source: "AI_PROVIDER",
  });
});

afterAll(async () => {
  setAiConfigForTests(undefined);
  await Promise.all([model.close(), media.close()]);
});

beforeEach(() => {
  model.reset();
  media.reset();
});

const form = (over: Record<string, unknown> = {}) => ({
  topic: "Photosynthesis",
  subtopics: ["Light reactions", "", "Calvin cycle"],
  topicsLimit: "4",
  courseType: "Text & Image Course",
  language: "English",
  ...over,
});

type Content = Record<
  string,
  { title: string; subtopics: { title: string; theory: string; youtube: string; image: string; done: boolean }[] }[]
>;

/** An outline from /api/prompt: its content text and the id the server keeps it under. */
async function outlineFor(cookie: string, over: Record<string, unknown> = {}) {
  const res = await callRoute(prompt, { body: form(over), cookie });
  expect(res.status).toBe(200);
  expect(res.json.outlineId).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));
  return { content: res.json.generatedText as string, outlineId: res.json.outlineId as string };
}

/** The /api/course body for an outline, as the Generate page sends it. */
const courseBody = (outline: { content: string; outlineId: string }) => ({
  mainTopic: "Photosynthesis",
  type: "Text & Image Course",
  lang: "English",
  ...outline,
});

async function counts() {
  const db = await getDb();
  const [c] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(courses);
  const [t] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(topics);
  const [l] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(lessons);
  return { courses: c.n, topics: t.n, lessons: l.n };
}

describe("POST /api/prompt", () => {
  it("answers the outline in the SPEC's Course content shape, with every subtopic the user added", async () => {
    const user = await signedUpUser();
    const { content: generatedText } = await outlineFor(user.cookie);
    const content = JSON.parse(generatedText) as Content;
    expect(Object.keys(content)).toEqual(["photosynthesis"]);
    const list = content.photosynthesis;
    expect(list).toHaveLength(5);
    for (const topic of list) {
      expect(topic.title).toEqual(expect.any(String));
      for (const sub of topic.subtopics)
        expect(sub).toEqual({ title: expect.any(String), theory: "", youtube: "", image: "", done: false });
    }
    const titles = list.flatMap((t) => t.subtopics.map((s) => s.title));
    expect(titles).toEqual(expect.arrayContaining(["Light reactions", "Calvin cycle"]));
  });

  it.each([
    [{ topicsLimit: "8" }, "plan:topics-limit", "Go Premium: Access all features with a Premium upgrade."],
    [
      { courseType: "Video & Text Course" },
      "plan:course-type",
      "Go Premium: Access all features with a Premium upgrade.",
    ],
    [{ language: "Spanish" }, "plan:language", "Go Premium: Access all features with a Premium upgrade."],
    [
      { subtopics: ["a1", "a2", "a3", "a4", "a5", "a6"] },
      "plan:subtopics",
      "Upgrade to Premium: You are limited to adding only 5 subtopics.",
    ],
  ])("refuses a Free user's %j with 403 and never calls the model", async (over, code, message) => {
    const user = await signedUpUser();
    const res = await callRoute(prompt, { body: form(over), cookie: user.cookie });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ success: false, code, message });
    expect(model.requests).toHaveLength(0);
  });

  it.each([
    [{ topic: "ab" }, 400, "generate:topic-short", "Topic must be at least 3 characters"],
    [{ language: "" }, 400, "generate:language-missing", "Please select a language"],
    [{ language: "Klingon" }, 400, "generate:language-unknown", "This course language is not available"],
    [{ topicsLimit: "6" }, 400, "generate:invalid-topics-limit", "Choose 5 or 10 topics"],
    [{ courseType: "Podcast" }, 400, "generate:invalid-course-type", "Choose a course type"],
    [{ subtopics: "not-a-list" }, 400, "request:invalid", undefined],
  ])("refuses a bad form %j", async (over, status, code, message) => {
    const user = await signedUpUser();
    const res = await callRoute(prompt, { body: form(over), cookie: user.cookie });
    expect(res.status).toBe(status);
    expect(res.json).toMatchObject({ success: false, code, ...(message ? { message } : {}) });
  });

  it("gives paid users 10 topics, the video type and any language", async () => {
    const user = await paidUser();
    const { content: text } = await outlineFor(user.cookie, {
      topicsLimit: "8",
      courseType: "Video & Text Course",
      language: "Korean",
      subtopics: [],
    });
    const list = (JSON.parse(text) as Content).photosynthesis;
    expect(list).toHaveLength(10);
    expect(list[0].title).toMatch(/\p{Script=Hangul}/u);
  });

  it("answers 401 without a session and 503 ai:not-configured without a model", async () => {
    expect((await callRoute(prompt, { body: form() })).status).toBe(401);
    const user = await signedUpUser();
    setAiConfigForTests(null);
    try {
      const res = await callRoute(prompt, { body: form(), cookie: user.cookie });
      expect(res.status).toBe(503);
      expect(res.json).toEqual({
        success: false,
        code: "ai:not-configured",
        message: "No AI model is configured on this server.",
      });
      expect(
        (
          await callRoute(createCourse, {
            body: { mainTopic: "x", type: "t", lang: "English", content: "{}" },
            cookie: user.cookie,
          })
        ).json.code,
      ).toBe("ai:not-configured");
    } finally {
      setAiConfigForTests({
        provider: "openai-compatible",
        model: model.model,
        baseURL: model.baseURL,
        source: "AI_PROVIDER",
      });
    }
  });

  it("reports a model that keeps failing as the generic error, 502", async () => {
    const user = await signedUpUser();
    model.script({ behaviour: "status-500" });
    const res = await callRoute(prompt, { body: form(), cookie: user.cookie });
    expect(res.status).toBe(502);
    expect(res.json).toEqual({ success: false, code: "ai:unavailable", message: "Internal Server Error" });
  });

  it("limits AI calls per user and minute", async () => {
    const user = await signedUpUser();
    for (let i = 0; i < 1000; i += 100)
      await Promise.all(
        Array.from({ length: 100 }, () => hitRateLimit(`ai:${user.id}`, { limit: 1000, windowMs: 60_000 })),
      );
    const res = await callRoute(prompt, { body: form(), cookie: user.cookie });
    expect(res.status).toBe(429);
    expect(res.json.code).toBe("rate:limited");
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("POST /api/prompt/stream", () => {
  it("streams start, topics, then done with the same generatedText shape", async () => {
    const user = await signedUpUser();
    const res = await callRoute(promptStream, { body: form(), cookie: user.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/x-ndjson");
    const events = res.text
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(events[0]).toEqual({ type: "start" });
    const topicEvents = events.filter((e) => e.type === "topic");
    expect(new Set(topicEvents.map((e) => e.index))).toEqual(new Set([0, 1, 2, 3, 4]));
    const done = events.at(-1);
    expect(done.type).toBe("done");
    expect((JSON.parse(done.generatedText) as Content).photosynthesis).toHaveLength(5);
    // The streamed outline can become a course, like the one /api/prompt answers.
    const course = await callRoute(createCourse, {
      body: courseBody({ content: done.generatedText, outlineId: done.outlineId }),
      cookie: user.cookie,
    });
    expect(course.status).toBe(201);
  });

  it("refuses before streaming (plain JSON 403), and ends with an error event when the model fails", async () => {
    const user = await signedUpUser();
    const refused = await callRoute(promptStream, { body: form({ language: "German" }), cookie: user.cookie });
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe("plan:language");

    model.script({ behaviour: "malformed" });
    const res = await callRoute(promptStream, { body: form(), cookie: user.cookie });
    const events = res.text
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(events.filter((e) => e.type === "retry")).toHaveLength(3);
    expect(events.at(-1)).toEqual({ type: "error", code: "ai:invalid-output", message: "Internal Server Error" });
  });
});

describe("POST /api/course", () => {
  it("creates the course with its outline and a written first lesson, sanitized, with photo credits", async () => {
    const user = await signedUpUser();
    const outline = await outlineFor(user.cookie);
    const { content } = outline;
    const res = await callRoute(createCourse, { body: courseBody(outline), cookie: user.cookie });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ success: true, courseId: expect.any(String), completed: false });

    const db = await getDb();
    const course = await courseWithOwnerStanding(res.json.courseId);
    expect(course).toMatchObject({
      userId: user.id,
      mainTopic: "Photosynthesis",
      type: "text_image",
      lang: "English",
      completed: false,
    });
    expect(course.photo).toMatch(/^data:image\/png;base64,/);
    expect(course.photoAttribution).toBe("Wiki Autor, CC BY-SA 4.0 / Wikimedia Commons");
    const rows = await db.select().from(lessons).where(eq(lessons.courseId, course.id));
    const expected = (JSON.parse(content) as Content).photosynthesis.flatMap((t) => t.subtopics).length;
    expect(rows).toHaveLength(expected);
    const written = rows.filter((l) => l.theory);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ position: 0, generatedAt: expect.any(Date) });
    // Written with the course, not read yet: the owner has no reading of it.
    expect(await lessonWithOwnerProgress(written[0].id)).toMatchObject({ done: false, openedAt: null });
    expect(written[0].theory).toMatch(/^<h2>/);
    expect(written[0].theory).not.toMatch(/<script|onerror/i);
    expect(written[0].imageUrl).toMatch(/^data:image\//);
  });

  it("returns the same course for a repeated or concurrent request with one Idempotency-Key", async () => {
    const user = await signedUpUser();
    const body = courseBody(await outlineFor(user.cookie));
    const headers = { "idempotency-key": "double-click-0001" };
    const before = await counts();
    const [a, b] = await Promise.all([
      callRoute(createCourse, { body, cookie: user.cookie, headers }),
      callRoute(createCourse, { body, cookie: user.cookie, headers }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.json.courseId).toBe(b.json.courseId);
    const again = await callRoute(createCourse, { body, cookie: user.cookie, headers });
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.json.courseId).toBe(a.json.courseId);
    expect((await counts()).courses).toBe(before.courses + 1);
    // One lesson was written, not two.
    expect(model.requests.filter((r) => !r.responseFormat)).toHaveLength(1);

    // Another key with the same outline is refused: an outline makes one course.
    const reused = await callRoute(createCourse, {
      body,
      cookie: user.cookie,
      headers: { "idempotency-key": "second-course-01" },
    });
    expect(reused.status).toBe(400);
    expect(reused.json.code).toBe("course:unknown-outline");
    // Another key with another outline is another course.
    const other = await callRoute(createCourse, {
      body: courseBody(await outlineFor(user.cookie)),
      cookie: user.cookie,
      headers: { "idempotency-key": "second-course-01" },
    });
    expect(other.status).toBe(201);
    expect(other.json.courseId).not.toBe(a.json.courseId);
  });

  it("stores nothing when the model fails while writing the first lesson", async () => {
    const user = await signedUpUser();
    const body = courseBody(await outlineFor(user.cookie));
    model.script({ behaviour: "status-500" });
    const before = await counts();
    const res = await callRoute(createCourse, { body, cookie: user.cookie });
    expect(res.status).toBe(502);
    expect(res.json).toEqual({ success: false, code: "ai:unavailable", message: "Internal Server Error" });
    expect(await counts()).toEqual(before);
    // The outline was not used up: the learner tries again once the model is back.
    model.reset();
    expect((await callRoute(createCourse, { body, cookie: user.cookie })).status).toBe(201);
  });

  it("gives the card a drawn cover when no photo is found", async () => {
    const user = await signedUpUser();
    const body = courseBody(await outlineFor(user.cookie));
    media.wikimedia.script({ mode: "empty" });
    const res = await callRoute(createCourse, { body, cookie: user.cookie });
    expect(res.status).toBe(201);
    const [course] = await (await getDb()).select().from(courses).where(eq(courses.id, res.json.courseId));
    expect(course.photo).toBe("/api/cover?title=Photosynthesis");
    expect(course.photoAttribution).toBeNull();
  });

  it("refuses what a Free plan does not include, and bad content, changing nothing", async () => {
    const user = await signedUpUser();
    const paid = await paidUser();
    const { content: tenTopics } = await outlineFor(paid.cookie, { topicsLimit: "8" });
    const ok = await outlineFor(user.cookie);
    const before = await counts();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ content: tenTopics }, 403, "plan:topics-limit"],
      [{ type: "Video & Text Course" }, 403, "plan:course-type"],
      [{ lang: "French" }, 403, "plan:language"],
      [{ content: "{not json" }, 400, "course:invalid-content"],
      [{ content: JSON.stringify({ a: [], b: [] }) }, 400, "course:invalid-content"],
      [{ user: paid.id }, 403, "auth:forbidden"],
      [{ mainTopic: "x" }, 400, "generate:topic-short"],
    ];
    for (const [over, status, code] of cases) {
      const res = await callRoute(createCourse, { body: { ...courseBody(ok), ...over }, cookie: user.cookie });
      expect({ over, status: res.status, code: res.json.code }).toEqual({ over, status, code });
    }
    const badKey = await callRoute(createCourse, {
      body: courseBody(ok),
      cookie: user.cookie,
      headers: { "idempotency-key": "x y" },
    });
    expect(badKey.json.code).toBe("request:invalid-idempotency-key");
    expect(await counts()).toEqual(before);
  });

  it("enforces the Free monthly course limit, while a replayed key still answers", async () => {
    const restoreSettings = withSettings({ FREE_COURSES_PER_MONTH: "2" });
    try {
      const user = await signedUpUser();
      // Three outlines made while the allowance still had room.
      const [body, second, third_] = [
        courseBody(await outlineFor(user.cookie)),
        courseBody(await outlineFor(user.cookie)),
        courseBody(await outlineFor(user.cookie)),
      ];
      const first = await callRoute(createCourse, {
        body,
        cookie: user.cookie,
        headers: { "idempotency-key": "limit-test-0001" },
      });
      expect((await callRoute(createCourse, { body: second, cookie: user.cookie })).status).toBe(201);
      const third = await callRoute(createCourse, { body: third_, cookie: user.cookie });
      expect(third.status).toBe(403);
      expect(third.json).toEqual({
        success: false,
        code: "plan:course-limit",
        message: "You have used this month's 2 free courses. Upgrade to create more.",
      });
      expect((await callRoute(prompt, { body: form(), cookie: user.cookie })).json.code).toBe("plan:course-limit");
      const replay = await callRoute(createCourse, {
        body,
        cookie: user.cookie,
        headers: { "idempotency-key": "limit-test-0001" },
      });
      expect(replay.json.courseId).toBe(first.json.courseId);
      // A course made last month no longer counts against this month.
      const now = new Date();
      const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 24 * 60 * 60 * 1000);
      await (
        await getDb()
      )
        .update(courseCreations)
        .set({ createdAt: lastMonth })
        .where(eq(courseCreations.courseId, first.json.courseId));
      expect((await callRoute(prompt, { body: form(), cookie: user.cookie })).status).toBe(200);
      // Paid users have no monthly limit.
      const paid = await paidUser();
      for (let i = 0; i < 3; i++)
        expect(
          (await callRoute(createCourse, { body: courseBody(await outlineFor(paid.cookie)), cookie: paid.cookie }))
            .status,
        ).toBe(201);
    } finally {
      restoreSettings();
    }
  });
});

describe("POST /api/course only from an outline the server wrote", () => {
  type Topics = { title: string; subtopics: string[] }[];
  const topicsOf = (content: string): Topics =>
    (Object.values(JSON.parse(content) as Content)[0] ?? []).map((t) => ({
      title: t.title,
      subtopics: t.subtopics.map((s) => s.title),
    }));
  const contentOf = (topicsList: Topics) =>
    JSON.stringify({
      photosynthesis: topicsList.map((t) => ({
        title: t.title,
        subtopics: t.subtopics.map((title) => ({ title, theory: "", youtube: "", image: "", done: false })),
      })),
    });
  const lessonCalls = () => model.requests.filter((r) => !r.responseFormat).length;

  it("refuses an outline posted without outlineId, with a message saying what to send, and stores nothing", async () => {
    const user = await signedUpUser();
    const before = await counts();
    // The case: a Free user's 5 topics × 10 lessons with titles of their choosing.
    const madeUp = Array.from({ length: 5 }, (_, t) => ({
      title: `Topic ${t}`,
      subtopics: Array.from({ length: 10 }, (_, l) => `Buy pills ${t}.${l}`),
    }));
    const res = await callRoute(createCourse, {
      body: { mainTopic: "Photosynthesis", type: "Text & Image Course", lang: "English", content: contentOf(madeUp) },
      cookie: user.cookie,
    });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      success: false,
      code: "course:unknown-outline",
      message:
        "outlineId is missing: create the course from an outline made by /api/prompt and send the outlineId it answered.",
    });
    expect(await counts()).toEqual(before);
    expect(lessonCalls()).toBe(0);
  });

  it("refuses any text the model did not write: a changed, added or moved title, another topic or type", async () => {
    const user = await signedUpUser();
    const outline = await outlineFor(user.cookie);
    const stored = topicsOf(outline.content);
    const edit = (change: (topicsList: Topics) => void) => {
      const copy: Topics = structuredClone(stored);
      change(copy);
      return { content: contentOf(copy) };
    };
    const cases: [string, Record<string, unknown>][] = [
      ["renamed lesson", edit((c) => (c[0].subtopics[0] = "Buy cheap pills online"))],
      ["added lesson", edit((c) => c[1].subtopics.push("Visit my site"))],
      ["renamed topic", edit((c) => (c[2].title = `${c[2].title}!`))],
      ["added topic", edit((c) => c.splice(4, 1, { title: "Spam", subtopics: ["More spam"] }))],
      ["lesson moved to another topic", edit((c) => c[0].subtopics.push(c[1].subtopics.shift()!))],
      ["lesson twice", edit((c) => c[0].subtopics.push(c[0].subtopics[0]))],
      ["topic twice", edit((c) => c.splice(4, 1, c[0]))],
      ["another main topic", { mainTopic: "Cryptocurrency" }],
      ["another language", { lang: "Spanish" }],
    ];
    const paidCases: [string, Record<string, unknown>][] = [["another type", { type: "Video & Text Course" }]];
    const before = await counts();
    for (const [name, over] of cases) {
      const res = await callRoute(createCourse, { body: { ...courseBody(outline), ...over }, cookie: user.cookie });
      // A Free user's other language is a plan matter first; the outline binding is the rest.
      const expected = name === "another language" ? "plan:language" : "course:outline-mismatch";
      expect({ name, code: res.json.code }).toEqual({ name, code: expected });
    }
    const paid = await paidUser();
    const paidOutline = await outlineFor(paid.cookie);
    for (const [name, over] of [
      ...paidCases,
      ["another language", { lang: "Spanish" }] as [string, Record<string, unknown>],
    ]) {
      const res = await callRoute(createCourse, { body: { ...courseBody(paidOutline), ...over }, cookie: paid.cookie });
      expect({ name, status: res.status, code: res.json.code, message: res.json.message }).toEqual({
        name,
        status: 400,
        code: "course:outline-mismatch",
        message: "The course must use the topics and lessons of its outline as they were written.",
      });
    }
    expect(await counts()).toEqual(before);
    expect(lessonCalls()).toBe(0);
    // None of that used the outline up.
    expect((await callRoute(createCourse, { body: courseBody(outline), cookie: user.cookie })).status).toBe(201);
  });

  it("lets the learner drop and reorder topics and lessons, and stores them in the posted order", async () => {
    const user = await signedUpUser();
    const outline = await outlineFor(user.cookie);
    const stored = topicsOf(outline.content);
    const chosen: Topics = [
      { title: stored[3].title, subtopics: [...stored[3].subtopics].reverse() },
      { title: stored[0].title, subtopics: stored[0].subtopics.slice(1) },
    ];
    const res = await callRoute(createCourse, {
      body: { ...courseBody(outline), content: contentOf(chosen) },
      cookie: user.cookie,
    });
    expect(res.status).toBe(201);
    const db = await getDb();
    const topicRows = await db
      .select()
      .from(topics)
      .where(eq(topics.courseId, res.json.courseId))
      .orderBy(topics.position);
    expect(topicRows.map((t) => t.title)).toEqual(chosen.map((t) => t.title));
    const lessonRows = await db.select().from(lessons).where(eq(lessons.courseId, res.json.courseId));
    const titlesOf = (topicId: string) =>
      lessonRows
        .filter((l) => l.topicId === topicId)
        .sort((a, b) => a.position - b.position)
        .map((l) => l.title);
    expect(topicRows.map((t) => titlesOf(t.id))).toEqual(chosen.map((t) => t.subtopics));
  });

  it("refuses another user's, an expired, an already used or a made-up outline id", async () => {
    const owner = await signedUpUser();
    const thief = await signedUpUser();
    const outline = await outlineFor(owner.cookie);
    const before = await counts();
    const refused = async (cookie: string, body: Record<string, unknown>) => {
      const res = await callRoute(createCourse, { body, cookie });
      expect({ status: res.status, code: res.json.code }).toEqual({ status: 400, code: "course:unknown-outline" });
      expect(res.json.message).toBe(
        "This outline is unknown, has expired or was already used. Generate the outline again.",
      );
    };
    await refused(thief.cookie, courseBody(outline));
    await refused(owner.cookie, { ...courseBody(outline), outlineId: "not-an-id" });
    await refused(owner.cookie, { ...courseBody(outline), outlineId: "00000000-0000-4000-8000-000000000000" });
    const db = await getDb();
    await db
      .update(generatedOutlines)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(generatedOutlines.id, outline.outlineId));
    await refused(owner.cookie, courseBody(outline));
    expect(await counts()).toEqual(before);
    expect(lessonCalls()).toBe(0);

    await db
      .update(generatedOutlines)
      .set({ createdAt: new Date() })
      .where(eq(generatedOutlines.id, outline.outlineId));
    expect((await callRoute(createCourse, { body: courseBody(outline), cookie: owner.cookie })).status).toBe(201);
    await refused(owner.cookie, courseBody(outline));
  });

  it("makes one course when two creations with different keys race on one outline", async () => {
    const user = await signedUpUser();
    const body = courseBody(await outlineFor(user.cookie));
    const before = await counts();
    const results = await Promise.all(
      ["race-key-000001", "race-key-000002"].map((key) =>
        callRoute(createCourse, { body, cookie: user.cookie, headers: { "idempotency-key": key } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 400]);
    expect(results.find((r) => r.status === 400)!.json.code).toBe("course:unknown-outline");
    expect((await counts()).courses).toBe(before.courses + 1);
  });

  it("checks the plan against the outline's own choices (a 10-topic outline after a downgrade)", async () => {
    const user = await paidUser();
    const outline = await outlineFor(user.cookie, { topicsLimit: "8" });
    await (await getDb()).update(users).set({ plan: "free" }).where(eq(users.id, user.id));
    // Five of the ten topics fit a Free course's size, but the outline was made as a 10-topic one.
    const five = topicsOf(outline.content).slice(0, 5);
    const res = await callRoute(createCourse, {
      body: { ...courseBody(outline), content: contentOf(five) },
      cookie: user.cookie,
    });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe("plan:topics-limit");
  });
});

async function courseOf(user: { cookie: string }, over: Record<string, unknown> = {}) {
  const outline = await outlineFor(user.cookie, over.form as Record<string, unknown>);
  const res = await callRoute(createCourse, {
    body: { ...courseBody(outline), ...(over.body as object) },
    cookie: user.cookie,
  });
  expect(res.status).toBe(201);
  const db = await getDb();
  const rows = await db
    .select()
    .from(lessons)
    .where(eq(lessons.courseId, res.json.courseId))
    .orderBy(lessons.createdAt);
  return { id: res.json.courseId as string, lessons: rows };
}

describe("GET /api/courses", () => {
  it("lists only the caller's courses, newest first, 9 a page, in the contract's shape", async () => {
    const user = await signedUpUser();
    const stranger = await signedUpUser();
    await courseOf(stranger);
    const db = await getDb();
    const made = [];
    for (let i = 0; i < 10; i++) {
      const [row] = await db
        .insert(courses)
        .values({
          userId: user.id,
          mainTopic: `Topic ${i}`,
          type: "text_image",
          lang: "English",
          createdAt: new Date(Date.UTC(2024, 0, i + 1)),
        })
        .returning();
      made.push(row);
    }
    const latest = await courseOf(user);
    const page1 = await callRoute(listCourses, {
      cookie: user.cookie,
      url: "http://localhost/api/courses?page=1&limit=9",
    });
    expect(page1.status).toBe(200);
    expect(Array.isArray(page1.json)).toBe(true);
    const list = page1.json as unknown as Record<string, unknown>[];
    expect(list).toHaveLength(9);
    expect(list[0]).toMatchObject({
      _id: latest.id,
      mainTopic: "Photosynthesis",
      type: "Text & Image Course",
      completed: false,
      user: user.id,
      lang: "English",
      progress: 0,
    });
    expect(list.slice(1).map((c) => c.mainTopic)).toEqual([
      "Topic 9",
      "Topic 8",
      "Topic 7",
      "Topic 6",
      "Topic 5",
      "Topic 4",
      "Topic 3",
      "Topic 2",
    ]);
    const content = JSON.parse(list[0].content as string) as Content;
    expect(content.photosynthesis[0].subtopics[0].theory).toMatch(/^<h2>/);
    expect(list[0].moduleCount).toBe(content.photosynthesis.flatMap((t) => t.subtopics).length);

    const page2 = await callRoute(listCourses, {
      cookie: user.cookie,
      url: "http://localhost/api/courses?page=2&limit=9",
    });
    expect((page2.json as unknown as { mainTopic: string }[]).map((c) => c.mainTopic)).toEqual(["Topic 1", "Topic 0"]);
    const page3 = await callRoute(listCourses, {
      cookie: user.cookie,
      url: "http://localhost/api/courses?page=3&limit=9",
    });
    expect(page3.json).toEqual([]);

    const own = await callRoute(listCourses, {
      cookie: user.cookie,
      url: `http://localhost/api/courses?userId=${user.id}`,
    });
    expect((own.json as unknown as unknown[]).length).toBe(9);
    const other = await callRoute(listCourses, {
      cookie: user.cookie,
      url: `http://localhost/api/courses?userId=${stranger.id}`,
    });
    expect(other.status).toBe(403);
    const bad = await callRoute(listCourses, { cookie: user.cookie, url: "http://localhost/api/courses?page=0" });
    expect(bad.status).toBe(400);
    expect((await callRoute(listCourses, { url: "http://localhost/api/courses" })).status).toBe(401);
  });

  it("counts progress as done lessons over lessons + 1, with the passed quiz as the +1", async () => {
    const user = await signedUpUser();
    const course = await courseOf(user);
    const total = course.lessons.length;
    await setProgress(user.id, course.lessons[0], { done: true, openedAt: new Date() });
    let [row] = (await callRoute(listCourses, { cookie: user.cookie, url: "http://localhost/api/courses" }))
      .json as unknown as { progress: number }[];
    expect(row.progress).toBe(Math.round((1 / (total + 1)) * 100));
    for (const lesson of course.lessons) await setProgress(user.id, lesson, { done: true, openedAt: new Date() });
    await setStanding(course.id, user.id, { quizPassed: true });
    [row] = (await callRoute(listCourses, { cookie: user.cookie, url: "http://localhost/api/courses" }))
      .json as unknown as { progress: number }[];
    expect(row.progress).toBe(100);
  });
});

describe("GET /api/courses content", () => {
  it("is each course's topics and lessons as stored, in order, as the contract's JSON text", async () => {
    const user = await signedUpUser();
    const course = await courseOf(user);
    const db = await getDb();
    const [second] = await db
      .select()
      .from(lessons)
      .where(eq(lessons.courseId, course.id))
      .orderBy(lessons.createdAt)
      .offset(1)
      .limit(1);
    await db.update(lessons).set({ youtubeId: "dQw4w9WgXcQ", imageUrl: null }).where(eq(lessons.id, second.id));
    await setProgress(user.id, second, { done: true, openedAt: new Date() });
    // Another learner's reading of the first lesson is not the caller's (decision 037).
    const other = await signedUpUser();
    await setProgress(other.id, course.lessons[0], { done: true, openedAt: new Date() });
    const topicRows = await db.select().from(topics).where(eq(topics.courseId, course.id)).orderBy(topics.position);
    const lessonRows = await lessonsWithProgress(course.id, user.id);
    expect(lessonRows.map((l) => l.done)).toContain(true);
    // The list's content is built by the database; it must be what the one builder makes.
    const expected = JSON.stringify(
      courseContent(
        "Photosynthesis",
        topicRows.map((topic) => ({
          title: topic.title,
          lessons: lessonRows
            .filter((lesson) => lesson.topicId === topic.id)
            .map((lesson) => ({
              title: lesson.title,
              theory: lesson.theory,
              youtube: lesson.youtubeId,
              image: lesson.imageUrl,
              done: lesson.done,
            })),
        })),
      ),
    );
    const [row] = (await callRoute(listCourses, { cookie: user.cookie, url: "http://localhost/api/courses" }))
      .json as unknown as { content: string; moduleCount: number }[];
    expect(row.content).toBe(expected);
    expect(row.moduleCount).toBe(lessonRows.length);
  });

  it("content=false answers the same courses without their content (the My Courses grid)", async () => {
    const user = await signedUpUser();
    const course = await courseOf(user);
    await setProgress(user.id, course.lessons[0], { done: true, openedAt: new Date() });
    const full = (await callRoute(listCourses, { cookie: user.cookie, url: "http://localhost/api/courses" }))
      .json as unknown as Record<string, unknown>[];
    const light = await callRoute(listCourses, {
      cookie: user.cookie,
      url: "http://localhost/api/courses?content=false",
    });
    expect(light.status).toBe(200);
    const cards = light.json as unknown as Record<string, unknown>[];
    expect(cards).toHaveLength(1);
    expect(cards[0]).not.toHaveProperty("content");
    const { content, ...rest } = full[0];
    expect(typeof content).toBe("string");
    expect(cards[0]).toEqual(rest);
    expect(cards[0].progress).toBeGreaterThan(0);
    const bad = await callRoute(listCourses, { cookie: user.cookie, url: "http://localhost/api/courses?content=no" });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({
      success: false,
      code: "request:invalid",
      message: "page and limit must be whole numbers (limit at most 50), and content true or false.",
    });
  });
});

describe("the Free monthly allowance", () => {
  it("counts the courses created this month, so deleting one does not give its slot back", async () => {
    const restoreSettings = withSettings({ FREE_COURSES_PER_MONTH: "3" });
    try {
      const user = await signedUpUser();
      const caller = { id: user.id, plan: "free" as const };
      const made = [await courseOf(user), await courseOf(user)];
      // An outline previewed while the allowance still had room.
      const spare = courseBody(await outlineFor(user.cookie));
      made.push(await courseOf(user));
      for (const course of made.slice(0, 2)) {
        expect((await callRoute(deleteCourse, { body: { courseId: course.id }, cookie: user.cookie })).json).toEqual({
          success: true,
        });
      }
      expect(await coursesLeftThisMonth(caller)).toBe(0);
      const refused = await callRoute(createCourse, { body: spare, cookie: user.cookie });
      expect({ status: refused.status, code: refused.json.code }).toEqual({ status: 403, code: "plan:course-limit" });
      const outline = await callRoute(prompt, { body: form(), cookie: user.cookie });
      expect({ status: outline.status, code: outline.json.code }).toEqual({ status: 403, code: "plan:course-limit" });
      // The record outlives the course it counts.
      const db = await getDb();
      const records = await db.select().from(courseCreations).where(eq(courseCreations.userId, user.id));
      expect(records.map((r) => r.courseId)).toEqual(expect.arrayContaining([null, null, made[2].id]));
      expect(records).toHaveLength(3);
      // A course made last month does not count against this one.
      const now = new Date();
      const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 60_000);
      await db.update(courseCreations).set({ createdAt: lastMonth }).where(eq(courseCreations.id, records[0].id));
      expect(await coursesLeftThisMonth(caller)).toBe(1);
      expect((await callRoute(createCourse, { body: spare, cookie: user.cookie })).status).toBe(201);
      expect(await coursesLeftThisMonth(caller)).toBe(0);
    } finally {
      restoreSettings();
    }
  });
});

describe("POST /api/deletecourse", () => {
  it("deletes the caller's course with its lessons; another user's course is 404 and stays", async () => {
    const owner = await signedUpUser();
    const other = await signedUpUser();
    const course = await courseOf(owner);
    const notYours = await callRoute(deleteCourse, { body: { courseId: course.id }, cookie: other.cookie });
    expect(notYours.status).toBe(404);
    expect(notYours.json).toEqual({ success: false, code: "course:not-found", message: "Course not found." });
    expect((await callRoute(deleteCourse, { body: { courseId: "not-a-uuid" }, cookie: owner.cookie })).status).toBe(
      404,
    );
    const res = await callRoute(deleteCourse, { body: { courseId: course.id }, cookie: owner.cookie });
    expect(res.json).toEqual({ success: true });
    const db = await getDb();
    expect(await db.select().from(courses).where(eq(courses.id, course.id))).toHaveLength(0);
    expect(await db.select().from(lessons).where(eq(lessons.courseId, course.id))).toHaveLength(0);
  });
});

describe("lesson routes", () => {
  it("/api/generate writes, stores and marks a lesson done once; another user gets 404", async () => {
    const user = await signedUpUser();
    const course = await courseOf(user);
    const second = course.lessons.find((l) => !l.theory)!;
    const other = await signedUpUser();
    expect(
      (await callRoute(generate, { body: { courseId: course.id, lessonId: second.id }, cookie: other.cookie })).status,
    ).toBe(404);

    model.reset();
    const res = await callRoute(generate, { body: { courseId: course.id, lessonId: second.id }, cookie: user.cookie });
    expect(res.status).toBe(200);
    expect(res.json.text).toContain(`<h2>${second.title}</h2>`);
    const stored = (await lessonWithOwnerProgress(second.id))!;
    expect(stored).toMatchObject({ theory: res.json.text, done: true, openedAt: expect.any(Date) });
    expect(stored.imageUrl).toMatch(/^data:image\//);

    const calls = model.requests.length;
    const again = await callRoute(generate, {
      body: { courseId: course.id, lessonId: second.id },
      cookie: user.cookie,
    });
    expect(again.json.text).toBe(res.json.text);
    expect(model.requests.length).toBe(calls);

    // A lesson the prefetch already wrote (not done) is marked done when /api/generate opens it.
    await setProgress(user.id, second, { done: false, openedAt: null });
    const opened = await callRoute(generate, {
      body: { courseId: course.id, lessonId: second.id },
      cookie: user.cookie,
    });
    expect(opened.json.text).toBe(res.json.text);
    const reopened = (await lessonsWithProgress(course.id, user.id)).find((l) => l.id === second.id)!;
    expect(reopened).toMatchObject({ done: true, openedAt: expect.any(Date) });
  });

  it("/api/image, /api/yt and /api/transcript find and store media for the caller's lesson", async () => {
    const user = await paidUser();
    const course = await courseOf(user, {
      form: { courseType: "Video & Text Course", language: "Spanish" },
      body: { type: "Video & Text Course", lang: "Spanish" },
    });
    const first = course.lessons.find((l) => l.theory)!;
    expect(first.youtubeId).toMatch(/^[A-Za-z0-9_-]{11}$/);
    const lesson = course.lessons.find((l) => !l.theory)!;

    const video = await callRoute(yt, { body: { courseId: course.id, lessonId: lesson.id }, cookie: user.cookie });
    expect(video.json).toEqual({ success: true, url: expect.stringMatching(/^[A-Za-z0-9_-]{11}$/) });
    expect(media.youtube.requests.find((r) => r.path === "/results")?.query.hl).toBe("es");

    const captions = await callRoute(transcript, {
      body: { courseId: course.id, lessonId: lesson.id },
      cookie: user.cookie,
    });
    expect(captions.json.url).toEqual([
      { text: "Welcome to this lesson." },
      { text: expect.stringContaining("& how") },
      { text: expect.any(String) },
    ]);

    const picture = await callRoute(image, { body: { courseId: course.id, lessonId: lesson.id }, cookie: user.cookie });
    expect(picture.json).toMatchObject({
      success: true,
      url: expect.stringMatching(/^data:image\//),
      attribution: expect.stringContaining("Wikimedia"),
    });

    const stranger = await signedUpUser();
    for (const route of [yt, transcript, image]) {
      expect(
        (await callRoute(route, { body: { courseId: course.id, lessonId: lesson.id }, cookie: stranger.cookie }))
          .status,
      ).toBe(404);
    }
  });

  it("/api/update applies done flags of opened lessons and sanitized theory, and refuses a different outline", async () => {
    const user = await signedUpUser();
    const course = await courseOf(user);
    const list = await callRoute(listCourses, { cookie: user.cookie, url: "http://localhost/api/courses" });
    const content = JSON.parse((list.json as unknown as { content: string }[])[0].content) as Content;
    const topicsList = content.photosynthesis;
    const rowsNow = async () => lessonsWithProgress(course.id, user.id);
    const byTitle = (rows: Awaited<ReturnType<typeof rowsNow>>, title: string) => rows.find((r) => r.title === title)!;

    // The first lesson is written but not opened yet: done cannot be set, and nothing else is stored either.
    topicsList[0].subtopics[0].done = true;
    topicsList[0].subtopics[1].theory = '<p>Mine</p><img src="x" onerror="alert(1)"><script>alert(1)</script>';
    const early = await callRoute(update, {
      body: { courseId: course.id, content: JSON.stringify(content) },
      cookie: user.cookie,
    });
    expect(early.status).toBe(409);
    expect(early.json).toMatchObject({ success: false, code: "lesson:not-opened" });
    expect(byTitle(await rowsNow(), topicsList[0].subtopics[0].title).done).toBe(false);
    expect(byTitle(await rowsNow(), topicsList[0].subtopics[1].title).theory).toBe("");

    // Served to its owner (here through /api/generate, which answers a written lesson as stored),
    // it is done, and its tick can be taken off and put back.
    expect(
      (
        await callRoute(generate, {
          body: { courseId: course.id, lessonId: byTitle(await rowsNow(), topicsList[0].subtopics[0].title).id },
          cookie: user.cookie,
        })
      ).status,
    ).toBe(200);
    topicsList[0].subtopics[0].done = false;
    expect(
      (
        await callRoute(update, {
          body: { courseId: course.id, content: JSON.stringify(content) },
          cookie: user.cookie,
        })
      ).json,
    ).toEqual({ success: true });
    expect(byTitle(await rowsNow(), topicsList[0].subtopics[0].title).done).toBe(false);
    topicsList[0].subtopics[0].done = true;
    const res = await callRoute(update, {
      body: { courseId: course.id, content: JSON.stringify(content) },
      cookie: user.cookie,
    });
    expect(res.json).toEqual({ success: true });
    const rows = await rowsNow();
    expect(byTitle(rows, topicsList[0].subtopics[0].title).done).toBe(true);
    expect(byTitle(rows, topicsList[0].subtopics[1].title).theory).toBe("<p>Mine</p>");
    // Written through /api/update is not opened: it stays not done until the learner opens it.
    expect(byTitle(rows, topicsList[0].subtopics[1].title)).toMatchObject({ done: false, openedAt: null });

    topicsList[0].title = "Something else";
    const mismatch = await callRoute(update, { body: { courseId: course.id, content }, cookie: user.cookie });
    expect(mismatch.status).toBe(400);
    expect(mismatch.json.code).toBe("course:content-mismatch");
    const stranger = await signedUpUser();
    expect((await callRoute(update, { body: { courseId: course.id, content }, cookie: stranger.cookie })).status).toBe(
      404,
    );
  });
});

describe("GET /api/cover", () => {
  it("draws an SVG cover with the title escaped", async () => {
    const res = await callRoute(cover as never, {
      url: "http://localhost/api/cover?title=%3Cscript%3EHi%3C%2Fscript%3E%20%26%20more",
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(res.text).toContain("&#60;script&#62;Hi&#60;/script&#62; &#38; more");
    expect(res.text).not.toContain("<script");
  });
});
