/**
 * Grounded outline, tutor and quiz (decision 028) against a real database and the fake model
 * over HTTP: the outline's prompt carries a digest that reaches a long source's last section;
 * the tutor's answer is stored with its checked citations, all from the owner's own source; a
 * course set to "only from my sources" says when the material does not cover a question; quiz
 * explanations quote an excerpt; the setting's route is owner-only, same-origin and validated.
 */
import { eq } from "drizzle-orm";
import { POST as chat } from "@/app/api/chat/route";
import { POST as chatHistory } from "@/app/api/chat/history/route";
import { POST as chatStream } from "@/app/api/chat/stream/route";
import { POST as enrolRoute } from "@/app/api/courses/[courseId]/enroll/route";
import { PUT as sourcesOnlyRoute } from "@/app/api/courses/[courseId]/sources-only/route";
import { POST as prompt } from "@/app/api/prompt/route";
import { POST as submit } from "@/app/api/quiz/submit/route";
import { POST as addSourceRoute } from "@/app/api/sources/route";
import { SOURCES_ONLY_INSTRUCTION } from "@/features/sources/server";
import { getDb } from "@/server/db/client";
import { chatMessages, courses, courseSources } from "@/server/db/schema";
import { settleJobs } from "@/server/jobs";
import { paidUser } from "../setup/accounts";
import { useFakeAi } from "../setup/fake-ai";
import { callRoute } from "../setup/http";
import { rightAnswers, serveQuiz, storedQuestions } from "../setup/quiz";
import { seedCourse } from "../setup/seed-course";
import { useSettings } from "../setup/settings";
import { useTestDatabase } from "../setup/test-db";

useTestDatabase();
const ai = useFakeAi({ media: false });
useSettings({ SOURCE_MAX_BYTES: "400000", PAID_SOURCE_PAGES_PER_COURSE: "1000" });

const SOURCES = "http://localhost:3000/api/sources";

/** Uploads a file as the Generate page does (multipart, same origin) and waits for its reading. */
async function uploadReady(cookie: string, name: string, text: string, courseId?: string): Promise<string> {
  const form = new FormData();
  form.set("file", new Blob([text]), name);
  if (courseId) form.set("courseId", courseId);
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
  const { sourceId } = (await response.json()) as { sourceId: string };
  await settleJobs(["source.ingest"]);
  return sourceId;
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

/** A course with lessons and the owner's Markdown source about plants linked to it. */
async function plantCourse(userId: string, cookie: string) {
  const course = await seedCourse(userId, {
    mainTopic: "Plants",
    topics: [
      { title: "Leaves", lessons: [{ title: "Light" }, { title: "Sugar" }] },
      { title: "Roots", lessons: [{ title: "Water" }] },
    ],
  });
  const sourceId = await uploadReady(cookie, "plants.md", PLANTS, course.id);
  return { courseId: course.id, sourceId };
}

const lastPrompt = (match: string) =>
  ai
    .model()
    .requests.filter((r) => r.messages.some((m) => m.content.includes(match)))
    .at(-1)!
    .messages.map((m) => m.content)
    .join("\n");

const setSourcesOnly = (cookie: string, courseId: string, body: unknown, headers: Record<string, string> = {}) =>
  callRoute(sourcesOnlyRoute as never, {
    method: "PUT",
    cookie,
    body,
    headers,
    params: { courseId },
    url: `http://localhost:3000/api/courses/${courseId}/sources-only`,
  });

async function botRows(courseId: string) {
  const rows = await (await getDb()).select().from(chatMessages).where(eq(chatMessages.courseId, courseId));
  return rows.filter((r) => r.sender === "bot");
}

describe("the outline from material", () => {
  it("gives the model a bounded digest that reaches the last section of a long source, and the outline covers it", async () => {
    const { cookie } = await paidUser();
    // 300 chapters of about 450 characters: far more than the digest's bound.
    const book = Array.from(
      { length: 300 },
      (_, i) =>
        `# Chapter ${i + 1}\n\nChapter ${i + 1} is about subject${i + 1} in detail. ${"It goes on at some length about the matter. ".repeat(9)}\n`,
    ).join("\n");
    const sourceId = await uploadReady(cookie, "book.md", book);
    const res = await callRoute(prompt, {
      cookie,
      body: {
        topic: "The book",
        subtopics: [],
        topicsLimit: "4",
        courseType: "Text & Image Course",
        language: "English",
        sourceIds: [sourceId],
      },
    });
    expect(res.status).toBe(200);
    const outlinePrompt = lastPrompt("<material>");
    const material = outlinePrompt.match(/<material>\n([\s\S]*?)\n<\/material>/)![1];
    expect(material.length).toBeLessThanOrEqual(16_000);
    expect(material).toMatch(/300 sections; \d+ summarised, sampled evenly from the first to the last/);
    expect(material).toContain("- Chapter 1 (");
    expect(material).toContain("- Chapter 300 (");
    expect(material).toContain("Chapter 300 is about subject300 in detail.");
    expect(outlinePrompt).toMatch(/cover the material: all of it, from its first section to its last/);
    // The outline (the fake model builds it from the digest's headings) ends with the last chapter.
    const topics = JSON.parse(res.json.generatedText)["the book"] as {
      title: string;
      subtopics: { title: string }[];
    }[];
    expect(topics.at(-1)!.subtopics.at(-1)!.title).toBe("Chapter 300");

    // Without material the prompt is unchanged.
    const plain = await callRoute(prompt, {
      cookie,
      body: {
        topic: "Otters",
        subtopics: [],
        topicsLimit: "4",
        courseType: "Text & Image Course",
        language: "English",
      },
    });
    expect(plain.status).toBe(200);
    expect(lastPrompt('"topic": "Otters"')).not.toContain("<material>");
  });
});

describe("the tutor from the course's material", () => {
  it("answers with checked citations of the owner's source, stored with the answer and shown in the history", async () => {
    const { cookie, userId } = await paidUser();
    const { courseId, sourceId } = await plantCourse(userId, cookie);
    const response = await chatStream(
      new Request("http://localhost:3000/api/chat/stream", {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ courseId, message: "How does chlorophyll absorb light?" }),
      }),
      { params: Promise.resolve({}) },
    );
    const events = (await response.text())
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const done = events.at(-1)! as { type: string; id: string; text: string; html: string; citations: unknown[] };
    expect(done.type).toBe("done");
    const chatPrompt = lastPrompt("<chat_request>");
    expect(chatPrompt).toContain("<excerpts>");
    expect(chatPrompt).toMatch(/cite the excerpt it comes from/);
    expect(chatPrompt).not.toContain(SOURCES_ONLY_INSTRUCTION);

    const [row] = await botRows(courseId);
    // The fake cites the chlorophyll excerpt, and one number it was never given: that one is removed.
    expect(row.text).toMatch(/Chlorophyll absorbs red and blue light[^[]*\[\^1\]/);
    expect(row.text).not.toMatch(/\[\d+\]|\[\^4\d\]/);
    expect(row.citations).toEqual([
      expect.objectContaining({
        n: 1,
        sourceId,
        sourceTitle: "plants",
        pageFrom: 1,
        quote: expect.stringContaining("Chlorophyll absorbs"),
      }),
    ]);
    expect(done).toMatchObject({ id: row.id, text: row.text, citations: row.citations });
    // Each answer's superscripts link to its own sources list.
    expect(done.html).toContain(`href="#m${row.id}-cite-1"`);

    const history = await callRoute(chatHistory, { cookie, body: { courseId } });
    expect(history.json.messages[1]).toMatchObject({ id: row.id, citations: row.citations });
    expect(history.json.messages[1].html).toContain(`<sup class="citation"><a href="#m${row.id}-cite-1"`);
  });

  it("says the material does not cover a question when the course is set to only from my sources", async () => {
    const { cookie, userId } = await paidUser();
    const { courseId } = await plantCourse(userId, cookie);
    expect(await setSourcesOnly(cookie, courseId, { sourcesOnly: true })).toMatchObject({
      status: 200,
      json: { success: true, sourcesOnly: true },
    });
    const [course] = await (await getDb()).select().from(courses).where(eq(courses.id, courseId));
    expect(course.sourcesOnly).toBe(true);

    const res = await callRoute(chat, { cookie, body: { courseId, message: "What is the boiling point of mercury?" } });
    expect(res.status).toBe(200);
    expect(lastPrompt("mercury")).toContain(SOURCES_ONLY_INSTRUCTION);
    const [row] = await botRows(courseId);
    expect(row.text).toBe("Your material does not cover this question.");
    expect(row.citations).toEqual([]);

    // A question the material covers is still answered from it, cited.
    await callRoute(chat, { cookie, body: { courseId, message: "What do root hairs take up?" } });
    const rows = await botRows(courseId);
    const covered = rows.find((r) => r.id !== row.id)!;
    expect(covered.text).toMatch(/Root hairs take up water[^[]*\[\^\d\]/);
  });

  it("never uses another user's source, even one linked to the course", async () => {
    const owner = await paidUser();
    const other = await paidUser();
    const { courseId } = await plantCourse(owner.userId, owner.cookie);
    const foreign = await uploadReady(
      other.cookie,
      "secret.md",
      "# Quasars\n\nQuasars and chlorophyll shine in the secret notes.\n",
    );
    // A link that should never exist: the owner's reads still filter by the source's owner.
    await (await getDb()).insert(courseSources).values({ sourceId: foreign, courseId });
    await callRoute(chat, {
      cookie: owner.cookie,
      body: { courseId, message: "Tell me about quasars and chlorophyll" },
    });
    const chatPrompt = lastPrompt("quasars and chlorophyll");
    expect(chatPrompt).toContain("Chlorophyll absorbs");
    expect(chatPrompt).not.toContain("secret notes");
    const [row] = await botRows(courseId);
    expect(row.citations!.every((c) => c.sourceId !== foreign)).toBe(true);
  });

  it("answers an enrolled learner from the owner's material too", async () => {
    const owner = await paidUser();
    const learner = await paidUser();
    const { courseId } = await plantCourse(owner.userId, owner.cookie);
    await (await getDb()).update(courses).set({ visibility: "unlisted" }).where(eq(courses.id, courseId));
    const enrolled = await callRoute(enrolRoute as never, {
      method: "POST",
      cookie: learner.cookie,
      params: { courseId },
      url: `http://localhost:3000/api/courses/${courseId}/enroll`,
    });
    expect(enrolled.status).toBe(200);
    const answered = await callRoute(chat, {
      cookie: learner.cookie,
      body: { courseId, message: "How does chlorophyll absorb light?" },
    });
    expect(answered.status).toBe(200);
    expect(lastPrompt("<chat_request>")).toContain("<excerpts>");
    const [row] = await botRows(courseId);
    expect(row.userId).toBe(learner.userId);
    expect(row.citations).toEqual([expect.objectContaining({ quote: expect.stringContaining("Chlorophyll absorbs") })]);
  });

  it("keeps a course without material as it was: no excerpts, no citations", async () => {
    const { cookie, userId } = await paidUser();
    const course = await seedCourse(userId);
    const res = await callRoute(chat, { cookie, body: { courseId: course.id, message: "What is a leaf?" } });
    expect(res.status).toBe(200);
    expect(lastPrompt("What is a leaf?")).not.toContain("<excerpts>");
    const [row] = await botRows(course.id);
    expect(row.citations).toBeNull();
  });
});

describe("the sources-only switch", () => {
  it("is the owner's alone, from our own origin, with a boolean body", async () => {
    const owner = await paidUser();
    const other = await paidUser();
    const course = await seedCourse(owner.userId);
    expect((await setSourcesOnly(other.cookie, course.id, { sourcesOnly: true })).status).toBe(404);
    expect((await setSourcesOnly(owner.cookie, "not-a-course", { sourcesOnly: true })).status).toBe(404);
    expect(
      (await setSourcesOnly(owner.cookie, course.id, { sourcesOnly: true }, { origin: "https://evil.example" })).status,
    ).toBe(403);
    expect(
      (await setSourcesOnly(owner.cookie, course.id, { sourcesOnly: true }, { "sec-fetch-site": "cross-site" })).status,
    ).toBe(403);
    expect((await setSourcesOnly(owner.cookie, course.id, { sourcesOnly: "yes" })).status).toBe(400);
    expect((await setSourcesOnly(owner.cookie, course.id, { sourcesOnly: true, extra: 1 })).status).toBe(400);
    expect((await setSourcesOnly("", course.id, { sourcesOnly: true })).status).toBe(401);
    const [row] = await (await getDb()).select().from(courses).where(eq(courses.id, course.id));
    expect(row.sourcesOnly).toBe(false);
    expect((await setSourcesOnly(owner.cookie, course.id, { sourcesOnly: true })).status).toBe(200);
    expect((await setSourcesOnly(owner.cookie, course.id, { sourcesOnly: false })).status).toBe(200);
    const [after] = await (await getDb()).select().from(courses).where(eq(courses.id, course.id));
    expect(after.sourcesOnly).toBe(false);
  });
});

describe("the quiz from the course's material", () => {
  it("asks questions from excerpts whose explanations quote and cite them; the citation comes back after grading", async () => {
    const { cookie, userId } = await paidUser();
    const { courseId } = await plantCourse(userId, cookie);
    const served = await serveQuiz(cookie, courseId);
    const quizPrompt = lastPrompt("<quiz_request>");
    expect(quizPrompt).toContain("<excerpts>");
    expect(quizPrompt).toMatch(/Base each question on one excerpt/);
    const stored = (await storedQuestions(courseId)) as (Awaited<ReturnType<typeof storedQuestions>>[number] & {
      citation?: { sourceTitle: string; pageFrom: number; quote: string };
    })[];
    expect(stored.length).toBeGreaterThan(0);
    for (const q of stored) {
      const quoted = q.explanation.match(/"([^"]+)"/)![1];
      expect(q.citation).toMatchObject({ sourceTitle: "plants", pageFrom: 1 });
      expect(q.citation!.quote).toContain(quoted);
      // The bracketed numbers are checked and taken out of the text; the bogus one never shows.
      expect(q.explanation).not.toMatch(/\[\^?\d+\]/);
    }
    const answers = await rightAnswers(courseId, served);
    const graded = await callRoute(submit, { cookie, body: { courseId, answers, attemptId: served.attemptId } });
    expect(graded.status).toBe(200);
    expect(graded.json.results[0].citation).toMatchObject({ sourceTitle: "plants", pageFrom: 1, pageTo: 1 });
  });

  it("leaves a quiz without material unchanged", async () => {
    const { cookie, userId } = await paidUser();
    const course = await seedCourse(userId);
    await serveQuiz(cookie, course.id);
    expect(lastPrompt("<quiz_request>")).not.toContain("<excerpts>");
    for (const q of await storedQuestions(course.id)) expect(q).not.toHaveProperty("citation");
  });
});
