/**
 * A model that accepts the request and never answers, over real HTTP (tests/fakes), against the
 * real routes and database: the streams answer at once and keep the connection alive, every AI
 * route ends within the configured budget with `ai:timeout`, and nothing is stored. A model
 * that is merely slow, within the budget, still succeeds.
 */
import { sql } from "drizzle-orm";
import { POST as chat } from "@/app/api/chat/route";
import { POST as chatStream } from "@/app/api/chat/stream/route";
import { POST as createCourse } from "@/app/api/course/route";
import { POST as generate } from "@/app/api/generate/route";
import { POST as lessonStream } from "@/app/api/lesson/stream/route";
import { POST as prompt } from "@/app/api/prompt/route";
import { POST as promptStream } from "@/app/api/prompt/stream/route";
import { readNdjson } from "@/lib/http/ndjson";
import { setAiConfigForTests } from "@/server/ai/model";
import { getDb } from "@/server/db/client";
import { chatMessages, courses, lessons } from "@/server/db/schema";
import { startFakeMedia, type FakeMedia } from "../fakes/media";
import { startFakeModel, type FakeModel } from "../fakes/openai-compatible";
import { callRoute } from "../setup/http";
import { useTestDatabase } from "../setup/test-db";
import { resetSettings } from "../setup/settings";
import { randomUUID } from "node:crypto";
import os from "node:os";
import { lessonsOf, lessonWithOwnerProgress, seedCourse } from "../setup/seed-course";
import { signedUpUser } from "../setup/accounts";

// Small budgets: 1 s for a first token, 3 s for a whole call, a keep-alive line every 400 ms.
const FIRST_TOKEN_MS = 1_000;
const TOTAL_MS = 3_000;
process.env.AI_FIRST_TOKEN_TIMEOUT_MS = String(FIRST_TOKEN_MS);
process.env.AI_TOTAL_TIMEOUT_MS = String(TOTAL_MS);
process.env.AI_STREAM_KEEPALIVE_MS = "400";
process.env.AI_TIMEOUT_MS = "1000";
process.env.AI_RETRY_BASE_MS = "50";
process.env.MEDIA_TIMEOUT_MS = "300";
process.env.AI_RATE_LIMIT_PER_MINUTE = "1000";

/**
 * The budget plus room for the request's own work (its session, course and rate-limit reads),
 * a second on a quiet machine, stretched when more processes than cores compete for it (CI
 * runs two test files at once): on a quiet machine well under the 4 × 1 s + backoff a
 * budget-less call would take, and on any machine far under 247 s.
 */
const endsWithin = () => TOTAL_MS + 1_000 * Math.max(1, os.loadavg()[0] / os.cpus().length);

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
  model.configure({ firstTokenDelayMs: 0, tokensPerSecond: 0 });
});

const form = {
  topic: "Photosynthesis",
  subtopics: [],
  topicsLimit: "4",
  courseType: "Text & Image Course",
  language: "English",
};

type Handler = (request: Request, route: { params: Promise<unknown> }) => Promise<Response>;

/** Calls a streaming route and notes when each event arrived, counted from the call. */
async function streamEvents(handler: Handler, cookie: string, body: unknown) {
  const started = Date.now();
  const response = await handler(
    new Request("http://localhost:3000/api/test", {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
    { params: Promise.resolve({}) },
  );
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("application/x-ndjson");
  const events: { at: number; event: Record<string, unknown> }[] = [];
  for await (const event of readNdjson<Record<string, unknown>>(response))
    events.push({ at: Date.now() - started, event });
  return { events, elapsed: Date.now() - started, types: events.map((e) => e.event.type) };
}

async function count(table: typeof courses | typeof lessons | typeof chatMessages) {
  const [row] = await (await getDb()).select({ n: sql<number>`count(*)`.mapWith(Number) }).from(table);
  return row.n;
}

/** A course with its first lesson written and a second one still empty. */
async function insertCourse(userId: string) {
  const course = await seedCourse(userId, {
    mainTopic: "Tides",
    topics: [
      {
        title: "Basics",
        lessons: [
          { title: "What tides are", theory: "<p>Written.</p>" },
          { title: `Spring tides marker-${randomUUID().slice(0, 8)}` },
        ],
      },
    ],
  });
  const [written, empty] = await lessonsOf(course.id);
  return { courseId: course.id, written: written.id, empty: empty.id, marker: empty.title };
}

/** The lesson with its owner's reading of it (lesson_progress). */
async function lessonRow(id: string) {
  return (await lessonWithOwnerProgress(id))!;
}

describe("a model that accepts and never answers", () => {
  it("the outline stream answers at once, keeps the line alive, then ends with ai:timeout within the budget", async () => {
    const user = await signedUpUser();
    model.script({ behaviour: "hang" });
    const { events, elapsed, types } = await streamEvents(promptStream, user.cookie, form);
    // (a) headers and a first event at once, before the model says anything.
    expect(events[0].event).toEqual({ type: "start" });
    expect(events[0].at).toBeLessThan(1_000);
    // (b) keep-alive lines while waiting.
    expect(types.filter((type) => type === "waiting").length).toBeGreaterThanOrEqual(3);
    // (c) the end: an error event, within the budget, and nothing in between.
    expect(events.at(-1)!.event).toEqual({
      type: "error",
      code: "ai:timeout",
      message: "The AI model took too long to answer. Please try again in a moment.",
    });
    expect(new Set(types)).toEqual(new Set(["start", "waiting", "error"]));
    expect(elapsed).toBeGreaterThanOrEqual(TOTAL_MS - 100);
    expect(elapsed).toBeLessThan(endsWithin());
    // The first-token limit cut the silent attempts: the model was asked again within the budget.
    expect(model.requests.length).toBeGreaterThanOrEqual(2);
    expect(await count(courses)).toBe(0);
  });

  it("says so in the caller's language", async () => {
    const user = await signedUpUser();
    model.script({ behaviour: "hang" });
    const { events } = await streamEvents(promptStream, user.cookie.replace("NEXT_LOCALE=en", "NEXT_LOCALE=pt"), form);
    expect(events.at(-1)!.event).toMatchObject({
      type: "error",
      code: "ai:timeout",
      message: "O modelo de IA demorou demais para responder. Tente novamente em instantes.",
    });
  });

  it("/api/prompt answers 504 ai:timeout within the budget instead of hanging", async () => {
    const user = await signedUpUser();
    model.script({ behaviour: "hang" });
    const started = Date.now();
    const res = await callRoute(prompt, { body: form, cookie: user.cookie });
    expect(Date.now() - started).toBeLessThan(endsWithin());
    expect(res.status).toBe(504);
    expect(res.json).toEqual({
      success: false,
      code: "ai:timeout",
      message: "The AI model took too long to answer. Please try again in a moment.",
    });
  });

  it("/api/course answers 504 ai:timeout within the budget and stores nothing", async () => {
    const user = await signedUpUser();
    const outline = await callRoute(prompt, { body: form, cookie: user.cookie });
    expect(outline.status).toBe(200);
    model.script({ behaviour: "hang" });
    const started = Date.now();
    const res = await callRoute(createCourse, {
      body: {
        mainTopic: "Photosynthesis",
        type: form.courseType,
        lang: "English",
        content: outline.json.generatedText,
        outlineId: outline.json.outlineId,
      },
      cookie: user.cookie,
    });
    expect(Date.now() - started).toBeLessThan(endsWithin());
    expect(res.status).toBe(504);
    expect(res.json.code).toBe("ai:timeout");
    expect(await count(courses)).toBe(0);
    expect(await count(lessons)).toBe(0);
  });

  it("/api/generate answers 504 ai:timeout within the budget and leaves the lesson unwritten", async () => {
    const user = await signedUpUser();
    const course = await insertCourse(user.id);
    model.script({ behaviour: "hang" });
    const started = Date.now();
    const res = await callRoute(generate, {
      body: { courseId: course.courseId, lessonId: course.empty },
      cookie: user.cookie,
    });
    expect(Date.now() - started).toBeLessThan(endsWithin());
    expect(res.status).toBe(504);
    expect(res.json.code).toBe("ai:timeout");
    expect(await lessonRow(course.empty)).toMatchObject({ theory: "", done: false, generatedAt: null });
  });

  it("the lesson stream answers at once, keeps the line alive, ends with ai:timeout, and stores nothing", async () => {
    const user = await signedUpUser();
    const course = await insertCourse(user.id);
    model.script({ behaviour: "hang", match: course.marker });
    const { events, elapsed, types } = await streamEvents(lessonStream, user.cookie, {
      courseId: course.courseId,
      lessonId: course.empty,
    });
    expect(events[0].event).toEqual({ type: "start" });
    expect(events[0].at).toBeLessThan(1_000);
    expect(types).toContain("waiting");
    expect(events.at(-1)!.event).toMatchObject({ type: "error", code: "ai:timeout" });
    expect(elapsed).toBeLessThan(endsWithin());
    expect(await lessonRow(course.empty)).toMatchObject({
      theory: "",
      done: false,
      generatedAt: null,
      draft: null,
    });
  });

  it("the chat stream and /api/chat end with ai:timeout within the budget and store no exchange", async () => {
    const user = await signedUpUser();
    const course = await insertCourse(user.id);
    model.script({ behaviour: "hang" });
    const { events, elapsed, types } = await streamEvents(chatStream, user.cookie, {
      courseId: course.courseId,
      message: "Why two tides a day?",
    });
    expect(events[0].event).toEqual({ type: "start" });
    expect(types).toContain("waiting");
    expect(events.at(-1)!.event).toMatchObject({ type: "error", code: "ai:timeout" });
    expect(elapsed).toBeLessThan(endsWithin());

    const started = Date.now();
    const res = await callRoute(chat, {
      body: { courseId: course.courseId, message: "Why two tides a day?" },
      cookie: user.cookie,
    });
    expect(Date.now() - started).toBeLessThan(endsWithin());
    expect(res.status).toBe(504);
    expect(res.json.code).toBe("ai:timeout");
    expect(await count(chatMessages)).toBe(0);
  });
});

describe("a model that is slow but within the budget", () => {
  it("still streams the outline to the end, with keep-alive lines while it was silent", async () => {
    const user = await signedUpUser();
    // The first token after 700 ms (under the 1 s limit), then a steady stream.
    model.configure({ firstTokenDelayMs: 700, tokensPerSecond: 400 });
    const { events, types } = await streamEvents(promptStream, user.cookie, form);
    expect(types[0]).toBe("start");
    expect(types[1]).toBe("waiting");
    expect(types).toContain("topic");
    expect(events.at(-1)!.event.type).toBe("done");
    expect(types).not.toContain("retry");
    expect(model.requests).toHaveLength(1);
  });
});
