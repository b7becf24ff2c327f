/**
 * The viewer's API against a real database and the fake OpenAI-compatible model over HTTP:
 * one generation per lesson however many ask, nothing stored when the model fails mid-stream,
 * notes versions, sanitizing, and 404 for another user's course on every route.
 */
import { POST as chat } from "@/app/api/chat/route";
import { POST as chatHistory } from "@/app/api/chat/history/route";
import { POST as chatStream } from "@/app/api/chat/stream/route";
import { POST as getnotes } from "@/app/api/getnotes/route";
import { POST as prefetch } from "@/app/api/lesson/prefetch/route";
import { POST as lessonStream } from "@/app/api/lesson/stream/route";
import { POST as savenotes } from "@/app/api/savenotes/route";
import { POST as update } from "@/app/api/update/route";
import { readNdjson } from "@/lib/http/ndjson";
import { getDb } from "@/server/db/client";
import { chatMessages, courses, notes } from "@/server/db/schema";
import { eq } from "drizzle-orm";
import { startFakeModel, type FakeModel } from "../fakes/openai-compatible";
import { startFakeMedia, type FakeMedia } from "../fakes/media";
import { callRoute } from "../setup/http";
import { useTestDatabase } from "../setup/test-db";
import { resetSettings } from "../setup/settings";
import { randomUUID } from "node:crypto";
import { lessonsOf, lessonWithOwnerProgress, seedCourse, setProgress } from "../setup/seed-course";
import { progressCounts } from "@/features/learning/server";
import { loadViewer } from "@/features/learning/viewer";
import { signedUpUser } from "../setup/accounts";
import { lessonJobHeldElsewhere } from "../setup/jobs";

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
  const { setAiConfigForTests } = await import("@/server/ai/model");
  setAiConfigForTests({
    provider: "openai-compatible",
    model: model.model,
    baseURL: model.baseURL,
    source: "AI_PROVIDER",
  });
});

afterAll(async () => {
  await Promise.all([model.close(), media.close()]);
});

beforeEach(() => {
  model.reset();
  model.configure({ firstTokenDelayMs: 0, tokensPerSecond: 0 });
});

/** A course stored as issue-3 stores it: first lesson written, the rest empty. */
async function insertCourse(userId: string, topicCount = 2, lessonsPerTopic = 2) {
  const marker = randomUUID().slice(0, 8);
  const course = await seedCourse(userId, {
    mainTopic: "Marine Biology",
    topics: Array.from({ length: topicCount }, (_, t) => ({
      title: `Topic ${t + 1}`,
      lessons: Array.from({ length: lessonsPerTopic }, (_, l) => ({
        title: `Lesson ${t + 1}.${l + 1} marker-${marker}-${t}-${l}`,
        theory: t === 0 && l === 0 ? "<p>The first lesson, already written.</p>" : undefined,
      })),
    })),
  });
  return { courseId: course.id, lessonIds: (await lessonsOf(course.id)).map((lesson) => lesson.id) };
}

/** The lesson with its owner's reading of it (lesson_progress). */
async function lessonRow(id: string) {
  return (await lessonWithOwnerProgress(id))!;
}

function lessonRequests(lessonTitleMarker: string) {
  return model.requests.filter(
    (r) => !r.responseFormat && r.messages.some((m) => m.content.includes(lessonTitleMarker)),
  );
}

/** Reads an NDJSON answer event by event, noting when each arrived; `onEvent` sees each as it comes. */
async function readEvents(response: Response, onEvent?: (event: Record<string, unknown>) => void) {
  const events: { at: number; event: Record<string, unknown> }[] = [];
  for await (const event of readNdjson<Record<string, unknown>>(response)) {
    events.push({ at: Date.now(), event });
    onEvent?.(event);
  }
  return events;
}

function streamRequest(cookie: string, body: unknown) {
  return lessonStream(
    new Request("http://localhost:3000/api/lesson/stream", {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
    { params: Promise.resolve({}) },
  );
}

describe("lesson generation", () => {
  it("streams a lesson in pieces, stores it as sanitized HTML, marks it done and recomputes progress", async () => {
    const { cookie, userId } = await signedUpUser();
    const { courseId, lessonIds } = await insertCourse(userId);
    model.configure({ tokensPerSecond: 200 });
    const response = await streamRequest(cookie, { courseId, lessonId: lessonIds[1] });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/x-ndjson");
    const events = await readEvents(response);
    const deltas = events.filter((e) => e.event.type === "delta");
    expect(deltas.length).toBeGreaterThan(3);
    // Pieces arrived over time, not in one burst at the end.
    expect(events.at(-1)!.at - deltas[0].at).toBeGreaterThan(20);
    const done = events.at(-1)!.event as { type: string; lesson: { theory: string; done: boolean }; progress: number };
    expect(done.type).toBe("done");
    expect(done.lesson.done).toBe(true);
    expect(done.lesson.theory).toMatch(/<h2>|<p>/);
    // 1 of 4 lessons done before (none yet: the viewer marks the first), now 1 of 4 + quiz = 1/5.
    expect(done.progress).toBe(20);
    const stored = await lessonRow(lessonIds[1]);
    expect(stored.theory).toBe(done.lesson.theory);
    expect(stored.done).toBe(true);
    expect(stored.openedAt).toBeInstanceOf(Date);
    expect(stored.draft).toBeNull();
    expect(stored.theory).not.toMatch(/<script/i);
  });

  it("runs the model once when two tabs and the background prefetch open the same lesson at once; all see the whole text", async () => {
    const { cookie, userId } = await signedUpUser();
    const { courseId, lessonIds } = await insertCourse(userId);
    const marker = (await lessonRow(lessonIds[2])).title;
    model.configure({ firstTokenDelayMs: 150, tokensPerSecond: 100 });
    const [a, b, pre] = await Promise.all([
      streamRequest(cookie, { courseId, lessonId: lessonIds[2] }),
      streamRequest(cookie, { courseId, lessonId: lessonIds[2] }),
      callRoute(prefetch, { body: { courseId, lessonId: lessonIds[2] }, cookie }),
    ]);
    expect(pre.status).toBe(202);
    // A third tab joins half-way (once the first tab has text) and still receives the text from its start.
    let textFlows = () => {};
    const textFlowing = new Promise<void>((resolve) => (textFlows = resolve));
    const readingA = readEvents(a, (event) => event.type === "delta" && textFlows());
    await Promise.race([textFlowing, readingA]);
    const late = await streamRequest(cookie, { courseId, lessonId: lessonIds[2] });
    const [ea, eb, el] = await Promise.all([readingA, readEvents(b), readEvents(late)]);
    const text = (events: typeof ea) =>
      events
        .filter((e) => e.event.type === "delta")
        .map((e) => e.event.text)
        .join("");
    expect(text(ea).length).toBeGreaterThan(100);
    expect(text(eb)).toBe(text(ea));
    expect(text(el)).toBe(text(ea));
    expect(lessonRequests(marker)).toHaveLength(1);
    expect((await lessonRow(lessonIds[2])).theory).toBeTruthy();
  });

  it("prefetch with wait answers when the lesson is written, with its text, and does not mark it done", async () => {
    const { cookie, userId } = await signedUpUser();
    const { courseId, lessonIds } = await insertCourse(userId);
    const marker = (await lessonRow(lessonIds[1])).title;
    model.configure({ firstTokenDelayMs: 50, tokensPerSecond: 200 });
    const started = await callRoute(prefetch, { body: { courseId, lessonId: lessonIds[1] }, cookie });
    expect(started.status).toBe(202);
    expect(started.json).toEqual({ success: true, state: "generating" });
    const waited = await callRoute(prefetch, { body: { courseId, lessonId: lessonIds[1], wait: true }, cookie });
    expect(waited.status).toBe(200);
    expect(waited.json.state).toBe("ready");
    const stored = await lessonRow(lessonIds[1]);
    expect(stored.theory).toMatch(/<h2>|<p>/);
    expect(waited.json.lesson).toMatchObject({ id: lessonIds[1], courseId, theory: stored.theory, done: false });
    expect(stored).toMatchObject({ done: false, openedAt: null });
    // Already written: answered at once, with the same text; the model ran once.
    const again = await callRoute(prefetch, { body: { courseId, lessonId: lessonIds[1] }, cookie });
    expect(again.status).toBe(200);
    expect(again.json.lesson.theory).toBe(stored.theory);
    expect(lessonRequests(marker)).toHaveLength(1);
  });

  it("follows another app instance's job from its draft instead of calling the model, then shows its text", async () => {
    const { cookie, userId } = await signedUpUser();
    const { courseId, lessonIds } = await insertCourse(userId);
    const marker = (await lessonRow(lessonIds[3])).title;
    // Another instance runs the lesson's job and has written a first piece.
    const other = await lessonJobHeldElsewhere({ lessonId: lessonIds[3], courseId, userId }, 60_000);
    await other.draft("## Tides\n\nThe moon");
    setTimeout(() => {
      other
        .draft("## Tides\n\nThe moon pulls the sea.")
        .then(() => new Promise((resolve) => setTimeout(resolve, 700)))
        .then(() => other.finish("<p>Written by the other instance.</p>"))
        .catch(() => {});
    }, 300);
    const events = await readEvents(await streamRequest(cookie, { courseId, lessonId: lessonIds[3] }));
    const seen = events
      .map((e) => e.event)
      .filter((event) => event.type !== "start" && event.type !== "waiting")
      .map((event) => (event.type === "done" ? (event.lesson as { theory: string }).theory : event));
    // Only the new suffix of the draft, then the stored lesson.
    expect(seen).toEqual([
      { type: "delta", text: "## Tides\n\nThe moon" },
      { type: "delta", text: " pulls the sea." },
      "<p>Written by the other instance.</p>",
    ]);
    expect(lessonRequests(marker)).toHaveLength(0);
  });

  it("a follower on another instance gets reset when the draft no longer continues what it was sent, and the job's error", async () => {
    const { cookie, userId } = await signedUpUser();
    const { courseId, lessonIds } = await insertCourse(userId);
    const other = await lessonJobHeldElsewhere({ lessonId: lessonIds[3], courseId, userId }, 60_000);
    await other.draft("First attempt, cut");
    const stream = streamRequest(cookie, { courseId, lessonId: lessonIds[3] });
    setTimeout(() => {
      // The model's attempt failed and the next one began: the draft starts over, then the job fails.
      other
        .draft("Second attempt")
        .then(() => new Promise((resolve) => setTimeout(resolve, 700)))
        .then(() => other.fail({ code: "ai:unavailable", message: "model down" }))
        .catch(() => {});
    }, 700);
    const events = (await readEvents(await stream))
      .map((e) => e.event)
      .filter((event) => event.type !== "start" && event.type !== "waiting");
    expect(events).toEqual([
      { type: "delta", text: "First attempt, cut" },
      { type: "reset" },
      { type: "delta", text: "Second attempt" },
      { type: "error", code: "ai:unavailable", message: "Internal Server Error" },
    ]);
  });

  it("stores nothing when the model cuts every attempt mid-stream, reports the error, and can be retried", async () => {
    const { cookie, userId } = await signedUpUser();
    const { courseId, lessonIds } = await insertCourse(userId);
    const marker = (await lessonRow(lessonIds[1])).title;
    // Every lesson attempt is cut half-way (the image search phrase asks the model too).
    model.script({ behaviour: "cut", match: marker });
    const events = await readEvents(await streamRequest(cookie, { courseId, lessonId: lessonIds[1] }));
    expect(events.some((e) => e.event.type === "delta")).toBe(true);
    expect(events.some((e) => e.event.type === "reset")).toBe(true);
    expect(events.at(-1)!.event).toMatchObject({ type: "error", message: "Internal Server Error" });
    const row = await lessonRow(lessonIds[1]);
    expect(row).toMatchObject({ theory: "", done: false, generatedAt: null, draft: null });
    expect(lessonRequests(marker)).toHaveLength(4);

    // The learner retries: the model answers now.
    model.reset();
    const retry = await readEvents(await streamRequest(cookie, { courseId, lessonId: lessonIds[1] }));
    expect(retry.at(-1)!.event.type).toBe("done");
    expect((await lessonRow(lessonIds[1])).theory).not.toBe("");
  });

  it("answers a written lesson at once without the model; regenerate rewrites it and keeps done", async () => {
    const { cookie, userId } = await signedUpUser();
    const { courseId, lessonIds } = await insertCourse(userId);
    const first = await readEvents(await streamRequest(cookie, { courseId, lessonId: lessonIds[0] }));
    expect(first).toHaveLength(1);
    expect(first[0].event).toMatchObject({
      type: "done",
      lesson: { theory: "<p>The first lesson, already written.</p>", done: true },
    });
    expect(model.requests.filter((r) => !r.responseFormat)).toHaveLength(0);

    const again = await readEvents(await streamRequest(cookie, { courseId, lessonId: lessonIds[0], regenerate: true }));
    expect(again.some((e) => e.event.type === "delta")).toBe(true);
    const row = await lessonRow(lessonIds[0]);
    expect(row.theory).not.toBe("<p>The first lesson, already written.</p>");
    expect(row.done).toBe(true);
  });

  it("a regenerate that fails keeps the lesson's old text", async () => {
    const { cookie, userId } = await signedUpUser();
    const { courseId, lessonIds } = await insertCourse(userId);
    model.script({ behaviour: "status-500", times: 10 });
    const events = await readEvents(
      await streamRequest(cookie, { courseId, lessonId: lessonIds[0], regenerate: true }),
    );
    expect(events.at(-1)!.event.type).toBe("error");
    expect((await lessonRow(lessonIds[0])).theory).toBe("<p>The first lesson, already written.</p>");
  });
});

describe("chat", () => {
  it("streams an answer, stores the exchange with its lesson, and keeps nothing when the model fails", async () => {
    const { cookie, userId } = await signedUpUser();
    const { courseId, lessonIds } = await insertCourse(userId);
    const response = await chatStream(
      new Request("http://localhost:3000/api/chat/stream", {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ courseId, lessonId: lessonIds[0], message: "  What is plankton?  " }),
      }),
      { params: Promise.resolve({}) },
    );
    const events = await readEvents(response);
    expect(events.filter((e) => e.event.type === "delta").length).toBeGreaterThan(0);
    expect(events.at(-1)!.event).toMatchObject({ type: "done", lessonId: lessonIds[0] });
    // The prompt carried the course outline, the current lesson and the question as data.
    const prompt = model.requests
      .at(-1)!
      .messages.map((m) => m.content)
      .join("\n");
    expect(prompt).toContain("What is plankton?");
    expect(prompt).toContain("The first lesson, already written.");
    expect(prompt).toContain("Topic 2");
    expect(prompt).toMatch(/very briefly/);

    const history = await callRoute(chatHistory, { body: { courseId }, cookie });
    expect(history.json.messages).toHaveLength(2);
    expect(history.json.messages[0]).toMatchObject({
      sender: "user",
      text: "What is plankton?",
      lessonId: lessonIds[0],
    });
    expect(history.json.messages[1]).toMatchObject({
      sender: "bot",
      lessonTitle: expect.stringContaining("Lesson 1.1"),
    });

    model.script({ behaviour: "status-500", times: 10 });
    const failed = await callRoute(chat, { body: { courseId, message: "Another question" }, cookie });
    expect(failed.status).toBe(502);
    expect(failed.json).toMatchObject({ success: false, message: "Internal Server Error" });
    const rows = await (await getDb()).select().from(chatMessages).where(eq(chatMessages.courseId, courseId));
    expect(rows).toHaveLength(2);
  });

  it("answers the contract's /api/chat with the whole text; empty messages are refused and store nothing", async () => {
    const { cookie, userId } = await signedUpUser();
    const { courseId } = await insertCourse(userId);
    const res = await callRoute(chat, { body: { courseId, message: "Explain tides" }, cookie });
    expect(res.status).toBe(200);
    expect(res.json.success).toBe(true);
    expect(res.json.text.length).toBeGreaterThan(10);
    const empty = await callRoute(chat, { body: { courseId, message: "   " }, cookie });
    expect(empty.status).toBe(400);
    const rows = await (await getDb()).select().from(chatMessages).where(eq(chatMessages.courseId, courseId));
    expect(rows).toHaveLength(2);
  });

  it("is rate limited per user", async () => {
    const { cookie, userId } = await signedUpUser();
    const { courseId } = await insertCourse(userId);
    const { hitRateLimit } = await import("@/server/http/rate-limit");
    for (let i = 0; i < 1000; i++) await hitRateLimit(`ai:${userId}`, { limit: 1000, windowMs: 60_000 });
    const res = await callRoute(chat, { body: { courseId, message: "One more" }, cookie });
    expect(res.status).toBe(429);
    expect(res.json.code).toBe("rate:limited");
  });
});

describe("notes", () => {
  it("saves, reads back, and refuses a save based on an older version with 409", async () => {
    const { cookie, userId } = await signedUpUser();
    const { courseId } = await insertCourse(userId);
    const empty = await callRoute(getnotes, { body: { course: courseId }, cookie });
    expect(empty.json).toEqual({ success: true, message: "", version: 0 });

    const tabA = await callRoute(savenotes, {
      body: { course: courseId, notes: "<p>From tab A</p>", version: 0 },
      cookie,
    });
    expect(tabA.json).toEqual({ success: true, version: 1 });
    // Tab B opened before A saved: it still thinks there are no notes.
    const tabB = await callRoute(savenotes, {
      body: { course: courseId, notes: "<p>From tab B</p>", version: 0 },
      cookie,
    });
    expect(tabB.status).toBe(409);
    expect(tabB.json).toMatchObject({ success: false, code: "notes:conflict" });
    const next = await callRoute(savenotes, {
      body: { course: courseId, notes: "<p>A again</p>", version: 1 },
      cookie,
    });
    expect(next.json.version).toBe(2);
    const stale = await callRoute(savenotes, {
      body: { course: courseId, notes: "<p>B late</p>", version: 1 },
      cookie,
    });
    expect(stale.status).toBe(409);
    const read = await callRoute(getnotes, { body: { course: courseId }, cookie });
    expect(read.json).toEqual({ success: true, message: "<p>A again</p>", version: 2 });

    // The contract's clients send no version: a plain save.
    const plain = await callRoute(savenotes, { body: { course: courseId, notes: "<p>plain</p>" }, cookie });
    expect(plain.json).toEqual({ success: true, version: 3 });
  });

  it("sanitizes stored HTML: scripts, handlers and javascript:/vbscript:/file: links go, base64 images are stored apart", async () => {
    const { cookie, userId } = await signedUpUser();
    const { courseId } = await insertCourse(userId);
    const png =
      "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
    const dirty = [
      '<p onclick="alert(1)">Hello<script>alert(2)</script></p>',
      '<a href="javascript:alert(3)">js</a><a href="vbscript:msgbox(4)">vb</a><a href="file:///etc/passwd">file</a>',
      '<a href="https://example.com/page">ok</a>',
      `<img src="${png}" alt="dot">`,
      '<iframe src="https://evil.example"></iframe>',
    ].join("");
    const res = await callRoute(savenotes, { body: { course: courseId, notes: dirty }, cookie });
    expect(res.status).toBe(200);
    const [row] = await (await getDb()).select().from(notes).where(eq(notes.courseId, courseId));
    expect(row.html).not.toMatch(/script|onclick|javascript:|vbscript:|file:|iframe|data:text/i);
    expect(row.html).toContain('href="https://example.com/page"');
    expect(row.html).not.toContain("data:");
    expect(row.html).toMatch(/<img src="\/api\/images\/[0-9a-f-]{36}" alt="dot" \/>/);
    expect(row.html).toContain("Hello");
    // A data: URL that is no picture is refused rather than stored.
    const html = await callRoute(savenotes, {
      body: { course: courseId, notes: '<img src="data:text/html;base64,PHNjcmlwdD4=">' },
      cookie,
    });
    expect(html.status).toBe(400);
    expect(html.json.code).toBe("html:image-invalid");
  });

  it("refuses bad bodies with 4xx and changes nothing", async () => {
    const { cookie, userId } = await signedUpUser();
    const { courseId } = await insertCourse(userId);
    for (const body of [
      { course: courseId },
      { course: courseId, notes: 5 },
      { course: courseId, notes: "<p>x</p>", version: -1 },
      {},
    ]) {
      const res = await callRoute(savenotes, { body, cookie });
      expect(res.status).toBe(400);
      expect(res.json.success).toBe(false);
    }
    const read = await callRoute(getnotes, { body: { course: courseId }, cookie });
    expect(read.json.message).toBe("");
  });
});

describe("ownership", () => {
  it("answers 404 on every route for another user's course, 401 without a session, and changes nothing", async () => {
    const owner = await signedUpUser();
    const other = await signedUpUser();
    const { courseId, lessonIds } = await insertCourse(owner.userId);
    await callRoute(savenotes, { body: { course: courseId, notes: "<p>mine</p>" }, cookie: owner.cookie });
    const calls: [Parameters<typeof callRoute>[0], unknown][] = [
      [lessonStream, { courseId, lessonId: lessonIds[1] }],
      [lessonStream, { courseId, lessonId: lessonIds[0], regenerate: true }],
      [prefetch, { courseId, lessonId: lessonIds[1] }],
      [chat, { courseId, message: "hi" }],
      [chatStream, { courseId, message: "hi" }],
      [chatHistory, { courseId }],
      [getnotes, { course: courseId }],
      [savenotes, { course: courseId, notes: "<p>theirs</p>" }],
      [update, { courseId, content: "{}" }],
    ];
    for (const [handler, body] of calls) {
      const res = await callRoute(handler, { body, cookie: other.cookie });
      expect(res.status).toBe(404);
      expect(res.json).toMatchObject({ success: false, code: "course:not-found", message: "Course not found." });
      const anonymous = await callRoute(handler, { body });
      expect(anonymous.status).toBe(401);
    }
    // The owner's lesson of another course id, and an unknown id, are 404 too.
    const mine = await insertCourse(other.userId);
    const mixed = await callRoute(lessonStream, {
      body: { courseId: mine.courseId, lessonId: lessonIds[1] },
      cookie: other.cookie,
    });
    expect(mixed.status).toBe(404);
    const unknown = await callRoute(getnotes, { body: { course: "not-an-id" }, cookie: other.cookie });
    expect(unknown.status).toBe(404);
    expect(model.requests).toHaveLength(0);
    expect((await lessonRow(lessonIds[1])).theory).toBe("");
    const read = await callRoute(getnotes, { body: { course: courseId }, cookie: owner.cookie });
    expect(read.json.message).toBe("<p>mine</p>");
  });
});

describe("/api/update", () => {
  it("applies the content JSON's done flags to lessons the viewer opened, never to the others", async () => {
    const { cookie, userId } = await signedUpUser();
    const { courseId, lessonIds } = await insertCourse(userId);
    const [course] = await (await getDb()).select().from(courses).where(eq(courses.id, courseId));
    const titles = await Promise.all(lessonIds.map(async (id) => (await lessonRow(id)).title));
    const contentWith = (done: boolean[]) =>
      JSON.stringify({
        [course.mainTopic.toLowerCase()]: [
          {
            title: "Topic 1",
            subtopics: [
              { title: titles[0], done: done[0] },
              { title: titles[1], done: done[1] },
            ],
          },
          {
            title: "Topic 2",
            subtopics: [
              { title: titles[2], done: done[2] },
              { title: titles[3], done: done[3] },
            ],
          },
        ],
      });
    // Lesson 2 opened in the viewer (written by the model and served); lesson 1 written, never opened.
    const opened = await streamRequest(cookie, { courseId, lessonId: lessonIds[1] });
    expect((await readEvents(opened)).at(-1)!.event.type).toBe("done");
    expect(await lessonRow(lessonIds[1])).toMatchObject({ done: true, openedAt: expect.any(Date) });
    expect(await lessonRow(lessonIds[0])).toMatchObject({ done: false, openedAt: null });

    // Unticking and ticking the opened lesson works.
    expect(
      (await callRoute(update, { body: { courseId, content: contentWith([false, false, false, false]) }, cookie }))
        .json,
    ).toEqual({ success: true });
    expect((await lessonRow(lessonIds[1])).done).toBe(false);
    expect(
      (await callRoute(update, { body: { courseId, content: contentWith([false, true, false, false]) }, cookie })).json,
    ).toEqual({ success: true });
    expect((await lessonRow(lessonIds[1])).done).toBe(true);

    // Ticking a lesson never opened is refused, and nothing of the request is stored.
    const refused = await callRoute(update, {
      body: { courseId, content: contentWith([true, false, false, true]) },
      cookie,
    });
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ success: false, code: "lesson:not-opened" });
    expect(await Promise.all(lessonIds.map(async (id) => (await lessonRow(id)).done))).toEqual([
      false,
      true,
      false,
      false,
    ]);

    const bad = await callRoute(update, { body: { courseId, content: "{not json" }, cookie });
    expect(bad.status).toBe(400);
  });
});

describe("each learner's reading (decision 037)", () => {
  it("is theirs: another user's progress on the same lessons moves nothing the owner sees, and theirs stays", async () => {
    const owner = await signedUpUser();
    const { courseId, lessonIds } = await insertCourse(owner.userId);
    const other = await signedUpUser();
    const lessons = await lessonsOf(courseId);
    // Another learner has read every lesson (as an enrolled learner will).
    for (const lesson of lessons) await setProgress(other.userId, lesson, { done: true, openedAt: new Date() });

    // The owner opens the second lesson: only that one is theirs.
    expect(
      (await readEvents(await streamRequest(owner.cookie, { courseId, lessonId: lessonIds[1] }))).at(-1)!.event,
    ).toMatchObject({
      type: "done",
      progress: 20,
    });
    expect((await lessonRow(lessonIds[0])).done).toBe(false);
    expect((await lessonRow(lessonIds[1])).done).toBe(true);
    expect(await progressCounts(courseId, owner.userId)).toEqual({ lessonCount: 4, doneCount: 1 });
    const viewer = await loadViewer(owner.userId, courseId, lessonIds[1]);
    // Opened on the second lesson, the viewer marks nothing else: the outline's ticks are the owner's.
    expect(
      viewer!.topics
        .flatMap((t) => t.lessons)
        .filter((l) => l.done)
        .map((l) => l.id),
    ).toEqual([lessonIds[1]]);
    expect(viewer!.progress).toBe(20);
    // The other learner's reading is untouched.
    expect(await progressCounts(courseId, other.userId)).toEqual({ lessonCount: 4, doneCount: 4 });
  });
});
