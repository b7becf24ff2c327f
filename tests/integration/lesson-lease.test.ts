/**
 * One lesson.write job per lesson on every path that writes one (the contract's /api/generate,
 * the viewer's stream, the prefetch), and the job taken over when its worker died. Real routes, a
 * real database, the fake model over HTTP counting the requests.
 */
import { POST as generate } from "@/app/api/generate/route";
import { POST as prefetch } from "@/app/api/lesson/prefetch/route";
import { POST as lessonStream } from "@/app/api/lesson/stream/route";
import { readNdjson } from "@/lib/http/ndjson";
import { setAiConfigForTests } from "@/server/ai/model";
import { startFakeMedia, type FakeMedia } from "../fakes/media";
import { startFakeModel, type FakeModel } from "../fakes/openai-compatible";
import { callRoute } from "../setup/http";
import { useTestDatabase } from "../setup/test-db";
import { resetSettings } from "../setup/settings";
import { randomUUID } from "node:crypto";
import { lessonsOf, lessonWithOwnerProgress, seedCourse } from "../setup/seed-course";
import { signedUpUser } from "../setup/accounts";
import { lessonJobHeldElsewhere } from "../setup/jobs";
import { jobById } from "@/server/jobs/queries";

process.env.AI_RETRY_BASE_MS = "10";
process.env.AI_TIMEOUT_MS = "2000";
process.env.MEDIA_TIMEOUT_MS = "300";
process.env.AI_RATE_LIMIT_PER_MINUTE = "1000";

useTestDatabase();

let model: FakeModel;
let media: FakeMedia;

beforeAll(async () => {
  [model, media] = await Promise.all([startFakeModel({ charsPerToken: 24 }), startFakeMedia()]);
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
  model.configure({ firstTokenDelayMs: 0, tokensPerSecond: 0 });
});

/** A course of one topic: a written first lesson and two empty ones, each title with a marker. */
async function insertCourse(userId: string) {
  const marker = randomUUID().slice(0, 8);
  const course = await seedCourse(userId, {
    mainTopic: "Tides",
    topics: [
      {
        title: "Topic 1",
        lessons: [0, 1, 2].map((position) => ({
          title: `Lesson ${position + 1} lease-${marker}-${position}`,
          theory: position === 0 ? "<p>Written.</p>" : undefined,
        })),
      },
    ],
  });
  return { courseId: course.id, lessons: await lessonsOf(course.id) };
}

/** The lesson with its owner's reading of it (lesson_progress). */
async function lessonRow(id: string) {
  return (await lessonWithOwnerProgress(id))!;
}

/** The model's lesson-writing requests for one lesson (image search phrases are JSON requests). */
function lessonRequests(title: string) {
  return model.requests.filter((r) => !r.responseFormat && r.messages.some((m) => m.content.includes(title)));
}

async function streamDone(cookie: string, body: unknown) {
  const response = await lessonStream(
    new Request("http://localhost:3000/api/lesson/stream", {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
    { params: Promise.resolve({}) },
  );
  const events: Record<string, unknown>[] = [];
  for await (const event of readNdjson<Record<string, unknown>>(response)) events.push(event);
  return events.at(-1) as { type: string; lesson?: { theory: string } };
}

describe("/api/generate and /api/lesson/stream share one generation per lesson", () => {
  it("racing on one lesson, they call the model once, answer the same text, and store it once", async () => {
    const { cookie, userId } = await signedUpUser();
    const { courseId, lessons: rows } = await insertCourse(userId);
    const lesson = rows[1];
    model.configure({ firstTokenDelayMs: 100, tokensPerSecond: 200 });
    const [whole, streamed] = await Promise.all([
      callRoute(generate, { body: { courseId, lessonId: lesson.id }, cookie }),
      streamDone(cookie, { courseId, lessonId: lesson.id }),
    ]);
    expect(whole.status).toBe(200);
    expect(streamed.type).toBe("done");
    expect(whole.json.text).toMatch(/<h2>|<p>/);
    expect(streamed.lesson!.theory).toBe(whole.json.text);
    expect(lessonRequests(lesson.title)).toHaveLength(1);
    const stored = await lessonRow(lesson.id);
    expect(stored).toMatchObject({ theory: whole.json.text, done: true, draft: null });
  });

  it("/api/generate waits for another instance's running job instead of calling the model, then answers its text", async () => {
    const { cookie, userId } = await signedUpUser();
    const { courseId, lessons: rows } = await insertCourse(userId);
    const lesson = rows[2];
    const other = await lessonJobHeldElsewhere({ lessonId: lesson.id, courseId, userId }, 60_000);
    setTimeout(() => void other.finish("<p>From the other instance.</p>").catch(() => {}), 300);
    const res = await callRoute(generate, { body: { courseId, lessonId: lesson.id }, cookie });
    expect(res.json).toEqual({ success: true, text: "<p>From the other instance.</p>" });
    expect(lessonRequests(lesson.title)).toHaveLength(0);
  });

  it("takes over a lesson job whose worker died once its lease runs out, and writes it once", async () => {
    const { cookie, userId } = await signedUpUser();
    const { courseId, lessons: rows } = await insertCourse(userId);
    const lesson = rows[1];
    // Another instance claimed the job and crashed: nobody renews its lease; it runs out in 1.2 s.
    const expiry = Date.now() + 1200;
    const other = await lessonJobHeldElsewhere({ lessonId: lesson.id, courseId, userId }, 1200, "dead-instance");
    const [whole, streamed, prefetched] = await Promise.all([
      callRoute(generate, { body: { courseId, lessonId: lesson.id }, cookie }),
      streamDone(cookie, { courseId, lessonId: lesson.id }),
      callRoute(prefetch, { body: { courseId, lessonId: lesson.id, wait: true }, cookie }),
    ]);
    expect(whole.status).toBe(200);
    expect(streamed.lesson?.theory).toBe(whole.json.text);
    expect(prefetched.json).toMatchObject({ success: true, state: "ready", lesson: { theory: whole.json.text } });
    const calls = lessonRequests(lesson.title);
    expect(calls).toHaveLength(1);
    // Nobody asked the model anything about this lesson (text or media) while the lease was live.
    const early = model.requests.filter(
      (r) => r.at < expiry - 50 && r.messages.some((m) => m.content.includes(lesson.title)),
    );
    expect(early).toEqual([]);
    expect(await lessonRow(lesson.id)).toMatchObject({ theory: whole.json.text, done: true, draft: null });
    // One job, taken over: its second attempt succeeded.
    expect(await jobById(other.id)).toMatchObject({ status: "succeeded", attempts: 2 });
  });
});

describe("/api/lesson/prefetch with wait", () => {
  it("answers a failed generation with 502 lesson:generation-failed (never 200), stores nothing, and can be retried", async () => {
    const { cookie, userId } = await signedUpUser();
    const { courseId, lessons: rows } = await insertCourse(userId);
    const lesson = rows[1];
    model.script({ behaviour: "status-500", match: lesson.title });
    const failed = await callRoute(prefetch, { body: { courseId, lessonId: lesson.id, wait: true }, cookie });
    expect(failed.status).toBe(502);
    // The model's own failure code, as the lesson stream reports it.
    expect(failed.json).toEqual({ success: false, code: "ai:unavailable", message: "Internal Server Error" });
    expect(await lessonRow(lesson.id)).toMatchObject({ theory: "", draft: null });

    const failedWhole = await callRoute(generate, { body: { courseId, lessonId: lesson.id }, cookie });
    expect(failedWhole.status).toBe(502);
    expect(failedWhole.json.code).toBe("ai:unavailable");

    model.reset();
    const retried = await callRoute(prefetch, { body: { courseId, lessonId: lesson.id, wait: true }, cookie });
    expect(retried.status).toBe(200);
    expect(retried.json.state).toBe("ready");
  });
});
