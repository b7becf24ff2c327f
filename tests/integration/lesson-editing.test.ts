/**
 * Editing a lesson (issue 35) against a real database: its author reads the Markdown (read back
 * from the HTML for a lesson stored before authoring), saves it sanitized as generated text is,
 * and a stale save is refused with both texts kept. Every save is a revision with its author and
 * a word diff, restorable; learners, strangers and visitors get 404 on every route.
 */
import { eq } from "drizzle-orm";
import { PATCH as visibilityRoute } from "@/app/api/courses/[courseId]/route";
import { POST as enrolRoute } from "@/app/api/courses/[courseId]/enroll/route";
import { GET as lessonRoute, PUT as saveRoute } from "@/app/api/lessons/[lessonId]/route";
import { PUT as mediaRoute } from "@/app/api/lessons/[lessonId]/media/route";
import { POST as previewRoute } from "@/app/api/lessons/[lessonId]/preview/route";
import { GET as revisionRoute } from "@/app/api/lessons/[lessonId]/revisions/[revision]/route";
import { POST as restoreRoute } from "@/app/api/lessons/[lessonId]/revisions/[revision]/restore/route";
import { GET as revisionsRoute } from "@/app/api/lessons/[lessonId]/revisions/route";
import { POST as rewriteRoute } from "@/app/api/lessons/[lessonId]/rewrite/route";
import { readNdjson } from "@/lib/http/ndjson";
import { getDb } from "@/server/db/client";
import { lessonProgress, lessonRevisions, lessons } from "@/server/db/schema";
import { signedUpUser, type TestAccount } from "../setup/accounts";
import { callRoute } from "../setup/http";
import { lessonsOf, seedCourse, setProgress } from "../setup/seed-course";
import { useFakeAi } from "../setup/fake-ai";
import { useTestDatabase } from "../setup/test-db";

useTestDatabase();
const ai = useFakeAi();

type Call = { account?: TestAccount; body?: unknown; params: Record<string, string>; method?: string };
const call = (handler: unknown, { account, body, params, method }: Call) =>
  callRoute(handler as never, {
    method: method ?? (body === undefined ? "GET" : "POST"),
    cookie: account?.cookie,
    params,
    body,
    url: `http://localhost:3000/api/lessons/${params.lessonId}`,
  });

const read = (account: TestAccount | undefined, lessonId: string) =>
  call(lessonRoute, { account, params: { lessonId } });
const save = (account: TestAccount | undefined, lessonId: string, version: number, markdown: string) =>
  call(saveRoute, { account, params: { lessonId }, body: { version, markdown }, method: "PUT" });
const revisions = (account: TestAccount | undefined, lessonId: string) =>
  call(revisionsRoute, { account, params: { lessonId } });
const revision = (account: TestAccount, lessonId: string, n: number) =>
  call(revisionRoute, { account, params: { lessonId, revision: String(n) } });
const restore = (account: TestAccount | undefined, lessonId: string, n: number) =>
  call(restoreRoute, { account, params: { lessonId, revision: String(n) }, body: {} });

async function courseWithOneLesson(ownerId: string) {
  const course = await seedCourse(ownerId, {
    mainTopic: "Glaciers",
    topics: [
      {
        title: "Ice",
        lessons: [{ title: "How ice flows", theory: "<p>Glaciers <strong>move</strong> slowly, about $x$ a day.</p>" }],
      },
    ],
  });
  const [lesson] = await lessonsOf(course.id);
  return { courseId: course.id, lessonId: lesson.id };
}

async function storedLesson(lessonId: string) {
  const db = await getDb();
  const [row] = await db.select().from(lessons).where(eq(lessons.id, lessonId));
  return row;
}

describe("editing a lesson's text", () => {
  it("reads the Markdown back from a lesson stored before authoring, and saves it as the next revision", async () => {
    const owner = await signedUpUser({ name: "Ana Autora" });
    const { lessonId } = await courseWithOneLesson(owner.id);

    const opened = await read(owner, lessonId);
    expect(opened.status).toBe(200);
    expect(opened.json).toEqual({
      id: lessonId,
      title: "How ice flows",
      markdown: "Glaciers **move** slowly, about $x$ a day.",
      version: 0,
      media: { imageUrl: null, imageAttribution: null, imageCaption: null, youtubeId: null },
    });

    const saved = await save(owner, lessonId, 0, "Glaciers **flow** slowly, about $x$ a day.\n\n$$E = mc^2$$");
    expect(saved.status).toBe(200);
    expect(saved.json).toEqual({ success: true, version: 1 });
    const row = await storedLesson(lessonId);
    expect(row.version).toBe(1);
    expect(row.markdown).toBe("Glaciers **flow** slowly, about $x$ a day.\n\n$$E = mc^2$$");
    // Stored as the model's text is: rendered, formulas as KaTeX, sanitized.
    expect(row.theory).toContain("<strong>flow</strong>");
    expect(row.theory).toContain('class="katex-display"');

    // The text it had is kept as revision 0, the save as revision 1, with who made it.
    const list = await revisions(owner, lessonId);
    expect(list.json.revisions).toEqual([
      expect.objectContaining({ revision: 1, kind: "edited", author: { id: owner.id, name: "Ana Autora" } }),
      expect.objectContaining({ revision: 0, kind: "original", author: null }),
    ]);
    const diff = await revision(owner, lessonId, 1);
    expect(diff.json.diff).toEqual(
      expect.arrayContaining([
        { op: "removed", text: "move" },
        { op: "added", text: "flow" },
      ]),
    );
  });

  it("refuses a save on a stale version with the stored text, and stores nothing", async () => {
    const owner = await signedUpUser();
    const { lessonId } = await courseWithOneLesson(owner.id);
    expect((await save(owner, lessonId, 0, "First tab's text.")).json.version).toBe(1);

    const stale = await save(owner, lessonId, 0, "Second tab's text.");
    expect(stale.status).toBe(409);
    expect(stale.json).toMatchObject({
      success: false,
      code: "lesson:conflict",
      current: { version: 1, markdown: "First tab's text." },
    });
    expect(stale.json.message).toMatch(/changed by someone else/);
    expect((await storedLesson(lessonId)).markdown).toBe("First tab's text.");
    expect((await revisions(owner, lessonId)).json.revisions).toHaveLength(2);

    // Saved again on the version the conflict gave, it is stored.
    expect((await save(owner, lessonId, 1, "Second tab's text.")).json).toEqual({ success: true, version: 2 });
  });

  it("sanitizes what it stores and refuses empty or oversized text", async () => {
    const owner = await signedUpUser();
    const { lessonId } = await courseWithOneLesson(owner.id);
    const hostile = 'Hello <img src=x onerror="alert(1)"> <script>alert(2)</script> [link](javascript:alert(3))';
    expect((await save(owner, lessonId, 0, hostile)).status).toBe(200);
    const row = await storedLesson(lessonId);
    // Raw HTML is text, never markup; a script link loses its address.
    expect(row.theory).not.toMatch(/<img|<script|href="javascript/i);
    expect(row.theory).toContain("&lt;script&gt;");

    expect((await save(owner, lessonId, 1, "   \n ")).status).toBe(400);
    expect((await save(owner, lessonId, 1, "x".repeat(100_001))).status).toBeGreaterThanOrEqual(400);
    expect((await storedLesson(lessonId)).version).toBe(1);

    const preview = await call(previewRoute, {
      account: owner,
      params: { lessonId },
      body: { markdown: "Area $\\pi r^2$" },
    });
    expect(preview.status).toBe(200);
    expect(preview.json.html).toContain('class="katex"');
    expect((await storedLesson(lessonId)).version).toBe(1);
  });

  it("restores an older revision as a new one, the learners' progress untouched", async () => {
    const owner = await signedUpUser();
    const learner = await signedUpUser();
    const { courseId, lessonId } = await courseWithOneLesson(owner.id);
    expect(
      (
        await callRoute(visibilityRoute as never, {
          method: "PATCH",
          cookie: owner.cookie,
          params: { courseId },
          body: { visibility: "unlisted" },
          url: `http://localhost:3000/api/courses/${courseId}`,
        })
      ).status,
    ).toBe(200);
    await callRoute(enrolRoute as never, {
      method: "POST",
      cookie: learner.cookie,
      params: { courseId },
      url: `http://localhost:3000/api/courses/${courseId}/enroll`,
    });
    await setProgress(learner.id, { id: lessonId, courseId }, { done: true, openedAt: new Date() });

    await save(owner, lessonId, 0, "Edited once.");
    await save(owner, lessonId, 1, "Edited twice.");
    const restored = await restore(owner, lessonId, 0);
    expect(restored.json).toEqual({ success: true, version: 3 });
    // The course has a learner, so the restore is a draft: its authors read it; the learner reads
    // the text as published, which is the same text (decision 043).
    expect((await read(owner, lessonId)).json).toMatchObject({
      markdown: "Glaciers **move** slowly, about $x$ a day.",
      version: 3,
    });
    const row = await storedLesson(lessonId);
    expect(row.theory).toBe("<p>Glaciers <strong>move</strong> slowly, about $x$ a day.</p>");
    expect(row.publishedRevision).toBe(0);
    expect((await revisions(owner, lessonId)).json.revisions[0]).toMatchObject({
      revision: 3,
      kind: "restored",
      restoredFrom: 0,
    });
    const db = await getDb();
    const progress = await db.select().from(lessonProgress).where(eq(lessonProgress.userId, learner.id));
    expect(progress).toEqual([expect.objectContaining({ lessonId, done: true })]);
    expect((await restore(owner, lessonId, 99)).status).toBe(404);
  });

  it("is the author's alone: learners, strangers and visitors get 404 on every route", async () => {
    const owner = await signedUpUser();
    const learner = await signedUpUser();
    const stranger = await signedUpUser();
    const { courseId, lessonId } = await courseWithOneLesson(owner.id);
    await callRoute(visibilityRoute as never, {
      method: "PATCH",
      cookie: owner.cookie,
      params: { courseId },
      body: { visibility: "unlisted" },
      url: `http://localhost:3000/api/courses/${courseId}`,
    });
    await callRoute(enrolRoute as never, {
      method: "POST",
      cookie: learner.cookie,
      params: { courseId },
      url: `http://localhost:3000/api/courses/${courseId}/enroll`,
    });
    for (const account of [learner, stranger]) {
      expect((await read(account, lessonId)).status).toBe(404);
      expect((await save(account, lessonId, 0, "Mine now.")).status).toBe(404);
      expect((await revisions(account, lessonId)).status).toBe(404);
      expect((await restore(account, lessonId, 0)).status).toBe(404);
      expect((await call(previewRoute, { account, params: { lessonId }, body: { markdown: "x" } })).status).toBe(404);
    }
    expect((await read(undefined, lessonId)).status).toBe(401);
    expect((await read(owner, "not-a-uuid")).status).toBe(404);
    const db = await getDb();
    expect(await db.select().from(lessonRevisions).where(eq(lessonRevisions.lessonId, lessonId))).toEqual([]);
    expect((await storedLesson(lessonId)).version).toBe(0);
  });
});

async function rewrite(account: TestAccount, lessonId: string, instruction: unknown) {
  const response = await rewriteRoute(
    new Request(`http://localhost:3000/api/lessons/${lessonId}/rewrite`, {
      method: "POST",
      headers: { cookie: account.cookie, "content-type": "application/json", "x-aula-peer": "203.0.113.9" },
      body: JSON.stringify({ instruction }),
    }),
    { params: Promise.resolve({ lessonId }) },
  );
  if (response.status !== 200) return { status: response.status, events: [] as Record<string, unknown>[] };
  const events: Record<string, unknown>[] = [];
  for await (const event of readNdjson<Record<string, unknown>>(response)) events.push(event);
  return { status: response.status, events };
}

describe("rewriting a lesson with an instruction", () => {
  it("streams a draft written from the instruction and the current text, and stores nothing", async () => {
    const owner = await signedUpUser();
    const { lessonId } = await courseWithOneLesson(owner.id);
    await save(owner, lessonId, 0, "Glaciers **flow** downhill under their own weight.");

    const { status, events } = await rewrite(owner, lessonId, "simpler, for nurses");
    expect(status).toBe(200);
    const deltas = events.filter((e) => e.type === "delta").map((e) => e.text as string);
    const done = events.find((e) => e.type === "done");
    expect(deltas.length).toBeGreaterThan(1);
    expect(done?.markdown).toBe(deltas.join("").trim());

    // The model was given the author's instruction and the lesson's current text, as data.
    const [request] = ai.model().requests;
    const sent = request.messages.map((m) => m.content).join("\n");
    expect(sent).toContain('"instruction": "simpler, for nurses"');
    expect(sent).toContain("Glaciers **flow** downhill under their own weight.");
    expect(sent).toContain("<rewrite_request>");

    // A draft only: the lesson is as it was until the author saves.
    expect((await storedLesson(lessonId)).version).toBe(1);
    expect((await storedLesson(lessonId)).markdown).toBe("Glaciers **flow** downhill under their own weight.");
  });

  it("is refused to learners and strangers without a model call, and an empty instruction is 400", async () => {
    const owner = await signedUpUser();
    const stranger = await signedUpUser();
    const { lessonId } = await courseWithOneLesson(owner.id);
    expect((await rewrite(stranger, lessonId, "simpler")).status).toBe(404);
    expect((await rewrite(owner, lessonId, "   ")).status).toBe(400);
    expect((await rewrite(owner, lessonId, "x".repeat(501))).status).toBe(400);
    expect(ai.model().requests).toHaveLength(0);
  });
});

const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
const media = (account: TestAccount, lessonId: string, body: Record<string, unknown>) =>
  call(mediaRoute, { account, params: { lessonId }, body, method: "PUT" });

describe("a lesson's picture, caption and video", () => {
  it("saves an upload, a search, a caption and a video as revisions, and a restore brings them back", async () => {
    const owner = await signedUpUser();
    const { lessonId } = await courseWithOneLesson(owner.id);

    const uploaded = await media(owner, lessonId, { version: 0, image: { upload: PNG }, caption: "Ice, close up" });
    expect(uploaded.status).toBe(200);
    expect(uploaded.json.version).toBe(1);
    let row = await storedLesson(lessonId);
    expect(row.imageUrl).toMatch(/^data:image\/png;base64,iVBOR/);
    expect(row.imageCaption).toBe("Ice, close up");
    // The text is untouched by a media change.
    expect(row.markdown).toBe("Glaciers **move** slowly, about $x$ a day.");

    const uploadedUrl = row.imageUrl;
    const searched = await media(owner, lessonId, { version: 1, image: { search: "glacier ice" } });
    expect(searched.status).toBe(200);
    row = await storedLesson(lessonId);
    // The image search's picture (the fake media API's), with its credit.
    expect(row.imageUrl).not.toBe(uploadedUrl);
    expect(row.imageAttribution).toBeTruthy();
    expect(searched.json.media).toMatchObject({ imageUrl: row.imageUrl, imageCaption: "Ice, close up" });

    const video = await media(owner, lessonId, { version: 2, video: "https://youtu.be/dQw4w9WgXcQ?t=3" });
    expect(video.status).toBe(200);
    expect((await storedLesson(lessonId)).youtubeId).toBe("dQw4w9WgXcQ");

    // Revision 1 (the upload) restored: its picture and caption come back, and no video.
    expect((await restore(owner, lessonId, 1)).status).toBe(200);
    row = await storedLesson(lessonId);
    expect(row.imageUrl).toMatch(/^data:image\/png/);
    expect(row.imageCaption).toBe("Ice, close up");
    expect(row.youtubeId).toBeNull();
  });

  it("refuses a file that is not a picture, an unknown video address and a stale version, storing nothing", async () => {
    const owner = await signedUpUser();
    const stranger = await signedUpUser();
    const { lessonId } = await courseWithOneLesson(owner.id);
    const fake = `data:image/png;base64,${Buffer.from("<svg onload=alert(1)>").toString("base64")}`;
    const refused = await media(owner, lessonId, { version: 0, image: { upload: fake } });
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe("lesson:picture-invalid");
    expect((await media(owner, lessonId, { version: 0, video: "https://vimeo.com/123" })).json.code).toBe(
      "lesson:video-invalid",
    );
    expect((await media(owner, lessonId, { version: 0, image: { url: "https://evil.example/x.png" } })).status).toBe(
      400,
    );
    expect((await media(stranger, lessonId, { version: 0, caption: "Mine" })).status).toBe(404);
    expect((await media(owner, lessonId, { version: 0, caption: "First" })).status).toBe(200);
    const stale = await media(owner, lessonId, { version: 0, caption: "Second" });
    expect(stale.status).toBe(409);
    expect(stale.json.current).toEqual({ version: 1 });
    const row = await storedLesson(lessonId);
    expect(row.imageCaption).toBe("First");
    expect(row.imageUrl).toBeNull();
    expect(row.version).toBe(1);
  });
});
