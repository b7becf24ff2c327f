/**
 * Lessons written from the learner's material (issue 22 item 4, decision 027), against a real
 * database and the fake model made source-aware (tests/fakes/grounded-lesson.ts): the lesson's
 * prompt carries the numbered excerpts, the stored text keeps only checked citations (`[^n]`,
 * drawn as superscript links) and the citations are stored with quotes from the owner's own
 * source pages. Another user's material is never used; a course without material is unchanged.
 */
import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { GET as exportRoute } from "@/app/api/courses/[courseId]/export/route";
import { POST as createCourse } from "@/app/api/course/route";
import { POST as lessonStream } from "@/app/api/lesson/stream/route";
import { POST as prompt } from "@/app/api/prompt/route";
import { POST as addSourceRoute } from "@/app/api/sources/route";
import { readNdjson } from "@/lib/http/ndjson";
import { getDb } from "@/server/db/client";
import { courseSources, lessons, sourceChunks } from "@/server/db/schema";
import { settleJobs } from "@/server/jobs";
import { makePdf, SEABIRD_PAGES } from "../fakes/source-documents.mjs";
import { paidUser, signedUpUser } from "../setup/accounts";
import { useFakeAi } from "../setup/fake-ai";
import { callRoute } from "../setup/http";
import { lessonsOf, seedCourse } from "../setup/seed-course";
import { useTestDatabase } from "../setup/test-db";

process.env.AI_RATE_LIMIT_PER_MINUTE = "1000";

useTestDatabase();
const ai = useFakeAi();

const SEABIRDS_PDF = makePdf(SEABIRD_PAGES);

async function upload(cookie: string, name: string, bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(bytes)]), name);
  const response = await addSourceRoute(
    new Request("http://localhost:3000/api/sources", {
      method: "POST",
      body: form,
      headers: { cookie, origin: "http://localhost:3000", "sec-fetch-site": "same-origin" },
    }),
    { params: Promise.resolve({}) },
  );
  expect(response.status).toBe(202);
  const { sourceId } = (await response.json()) as { sourceId: string };
  await settleJobs(["source.ingest"]);
  return sourceId;
}

/** A course made as the Generate page makes it: outline with the sources, then the course. */
async function courseFrom(cookie: string, sourceIds: string[]): Promise<string> {
  const outline = await callRoute(prompt, {
    cookie,
    body: {
      topic: "Seabirds",
      subtopics: [],
      topicsLimit: "4",
      courseType: "Text & Image Course",
      language: "English",
      sourceIds,
    },
  });
  expect(outline.status).toBe(200);
  const course = await callRoute(createCourse, {
    cookie,
    body: {
      mainTopic: "Seabirds",
      type: "Text & Image Course",
      lang: "English",
      content: outline.json.generatedText,
      outlineId: outline.json.outlineId,
    },
  });
  expect(course.status).toBe(201);
  return course.json.courseId as string;
}

/** Writes a lesson through the viewer's stream (a lesson.write job) and answers its stored row. */
async function writeThroughStream(cookie: string, courseId: string, lessonId: string) {
  const response = await lessonStream(
    new Request("http://localhost:3000/api/lesson/stream", {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ courseId, lessonId }),
    }),
    { params: Promise.resolve({}) },
  );
  expect(response.status).toBe(200);
  const events: { type: string; lesson?: { citations?: unknown[]; theory: string } }[] = [];
  for await (const event of readNdjson<(typeof events)[number]>(response)) events.push(event);
  const done = events.at(-1)!;
  expect(done.type).toBe("done");
  const [row] = await (await getDb()).select().from(lessons).where(eq(lessons.id, lessonId));
  return { row, sent: done.lesson! };
}

async function download(cookie: string, courseId: string, format: string) {
  const response = await (
    exportRoute as (r: Request, c: { params: Promise<{ courseId: string }> }) => Promise<Response>
  )(
    new Request(`http://localhost:3000/api/courses/${courseId}/export?format=${format}`, {
      headers: { cookie, "x-aula-peer": "203.0.113.9" },
    }),
    { params: Promise.resolve({ courseId }) },
  );
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

async function chunkTexts(sourceId: string) {
  const db = await getDb();
  return db
    .select({ text: sourceChunks.text, pageFrom: sourceChunks.pageFrom, pageTo: sourceChunks.pageTo })
    .from(sourceChunks)
    .where(eq(sourceChunks.sourceId, sourceId));
}

/** The prompts of the model's lesson-writing calls (the text ones, not the media searches' JSON). */
const lessonPrompts = () =>
  ai
    .model()
    .requests.filter((r) => !r.responseFormat && r.messages.some((m) => m.content.includes("<lesson_request>")))
    .map((r) => r.messages.map((m) => m.content).join("\n"));

describe("grounded lessons", () => {
  it("writes a course's lessons from its owner's source pages and stores only checked citations", async () => {
    const owner = await paidUser();
    const sourceId = await upload(owner.cookie, "seabirds.pdf", SEABIRDS_PDF);
    const chunks = await chunkTexts(sourceId);
    expect(chunks.length).toBeGreaterThan(0);
    const courseId = await courseFrom(owner.cookie, [sourceId]);

    // The first lesson is written with the course, from the outline's material.
    const [first, second] = await lessonsOf(courseId);
    expect(first.citations.length).toBeGreaterThan(0);
    const prompts = lessonPrompts();
    expect(prompts[0]).toContain("<excerpts>");
    expect(prompts[0]).toContain("cite the excerpt");

    // Another lesson through the job.
    const { row, sent } = await writeThroughStream(owner.cookie, courseId, second.id);
    for (const lesson of [first, row]) {
      expect(lesson.citations.length).toBeGreaterThan(0);
      for (const citation of lesson.citations) {
        expect(citation.sourceId).toBe(sourceId);
        expect(citation.sourceTitle).toBe("seabirds");
        // The quote is a passage of the owner's own file, on the page it names.
        const chunk = chunks.find((c) => c.text.startsWith(citation.quote.slice(0, 200)));
        expect(chunk).toBeDefined();
        expect([citation.pageFrom, citation.pageTo]).toEqual([chunk!.pageFrom, chunk!.pageTo]);
        // The text cites it as a superscript link to its quote.
        expect(lesson.theory).toMatch(
          new RegExp(`<sup class="citation"><a href="#cite-${citation.n}"[^>]*>${citation.n}</a></sup>`),
        );
      }
      // Every superscript in the text has its stored quote.
      const cited = [...lesson.theory.matchAll(/href="#cite-(\d+)"/g)].map((m) => Number(m[1]));
      expect(new Set(cited)).toEqual(new Set(lesson.citations.map((c) => c.n)));
      // The model's raw `[n]` never reaches the reader.
      expect(lesson.theory).not.toMatch(/\[\^?\d+\]/);
    }
    // What the viewer receives: the quotes, without the source's id.
    expect(sent.citations?.length).toBe(row.citations.length);
    expect(JSON.stringify(sent.citations)).not.toContain(sourceId);

    // The Markdown export: the superscripts back to `[^n]`, the definitions after the lesson.
    const files = unzipSync(await download(owner.cookie, courseId, "md"));
    const lessonFile = Object.values(files)
      .map((bytes) => strFromU8(bytes))
      .find((text) => text.includes(`title: ${JSON.stringify(second.title)}`));
    expect(lessonFile).toBeDefined();
    for (const citation of row.citations) {
      expect(lessonFile).toContain(`[^${citation.n}]`);
      const definition = lessonFile!.split("\n").find((line) => line.startsWith(`[^${citation.n}]: "`));
      expect(definition).toBeDefined();
      expect(definition).toMatch(new RegExp(`" — seabirds, pp?\\. ${citation.pageFrom}`));
      expect(definition).toContain(citation.quote.replace(/\s+/g, " ").trim().slice(0, 40));
    }
    expect(lessonFile).not.toContain("#cite-");
    expect(JSON.stringify(files)).not.toContain(sourceId);

    // The offline copy carries the quotes for the viewer's panel, never the source's id.
    const manifest = JSON.parse(strFromU8(await download(owner.cookie, courseId, "offline"))) as {
      lessons: { id: string; citations: unknown[] }[];
    };
    expect(manifest.lessons.find((l) => l.id === second.id)?.citations).toHaveLength(row.citations.length);
    expect(JSON.stringify(manifest)).not.toContain(sourceId);
  });

  it("drops a citation of a number it was never given and one tacked onto an unrelated sentence", async () => {
    const owner = await paidUser();
    const sourceId = await upload(owner.cookie, "seabirds.pdf", SEABIRDS_PDF);
    const courseId = await courseFrom(owner.cookie, [sourceId]);
    const [first] = await lessonsOf(courseId);
    // The fake cites excerpt k+1 of k in its first paragraph (tests/fakes/grounded-lesson.ts).
    const given = [...lessonPrompts()[0].matchAll(/^\[(\d+)\] \(/gm)].length;
    expect(given).toBeGreaterThan(0);
    expect(first.theory).not.toContain(`#cite-${given + 1}"`);
    expect(first.citations.every((c) => c.n <= given)).toBe(true);
    // The first paragraph keeps its good citation (excerpt 1) beside the dropped ones; excerpt 2,
    // cited there after a sentence of the fake's own words, is not kept in it.
    const paragraph = /<p>[^]*?<\/p>/.exec(first.theory)?.[0] ?? "";
    expect(paragraph).toContain('href="#cite-1"');
    if (given >= 2) expect(paragraph).not.toContain('href="#cite-2"');
  });

  it("never uses another user's sources, even linked to the course", async () => {
    const owner = await paidUser();
    const stranger = await paidUser();
    const strangersSource = await upload(stranger.cookie, "seabirds.pdf", SEABIRDS_PDF);
    const course = await seedCourse(owner.userId, {
      mainTopic: "Seabirds",
      topics: [{ title: "Seabirds", lessons: [{ title: "Albatross flight" }] }],
    });
    // A link that should never exist (a course's sources are its owner's): still not used.
    await (await getDb()).insert(courseSources).values({ courseId: course.id, sourceId: strangersSource });
    const [lesson] = await lessonsOf(course.id);
    const { row } = await writeThroughStream(owner.cookie, course.id, lesson.id);
    expect(row.citations).toEqual([]);
    expect(row.theory).not.toContain('class="citation"');
    expect(lessonPrompts().some((p) => p.includes("<excerpts>") || p.includes("albatross glides"))).toBe(false);
  });

  it("leaves a course without material as it was", async () => {
    const { cookie, userId } = await signedUpUser();
    const course = await seedCourse(userId, {
      mainTopic: "Seabirds",
      topics: [{ title: "Seabirds", lessons: [{ title: "Albatross flight" }] }],
    });
    const [lesson] = await lessonsOf(course.id);
    const { row, sent } = await writeThroughStream(cookie, course.id, lesson.id);
    expect(row.citations).toEqual([]);
    expect(sent.citations).toEqual([]);
    expect(row.theory).toMatch(/<h2>/);
    expect(row.theory).not.toContain('class="citation"');
    const prompts = lessonPrompts();
    expect(prompts).toHaveLength(1);
    expect(prompts[0]).not.toContain("<excerpts>");
    expect(prompts[0]).not.toContain("cite the excerpt");
  });
});
