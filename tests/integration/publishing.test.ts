/**
 * Drafts and publishing (issue 35, item 5; decision 043) against a real database: while a course
 * has learners besides its authors, an author's saves of a lesson's text, media and restores are a
 * draft the authors read and its learners do not; publishing makes them what learners read and
 * raises the course's version. A learner who had finished a lesson that changed is told so, with
 * the changes, and keeps their progress until they say they have seen them; a certificate names
 * the version completed. A course only its authors read has no drafts: every save is live. The
 * topic rewrite page reads its lessons as their authors do.
 */
import { POST as enrolRoute } from "@/app/api/courses/[courseId]/enroll/route";
import { POST as publishRoute } from "@/app/api/courses/[courseId]/publish/route";
import { PATCH as visibilityRoute } from "@/app/api/courses/[courseId]/route";
import { POST as finish } from "@/app/api/finish/route";
import { POST as lessonStream } from "@/app/api/lesson/stream/route";
import { POST as changesSeenRoute } from "@/app/api/lessons/[lessonId]/changes-seen/route";
import { PUT as mediaRoute } from "@/app/api/lessons/[lessonId]/media/route";
import { POST as restoreRoute } from "@/app/api/lessons/[lessonId]/revisions/[revision]/restore/route";
import { GET as lessonRoute, PUT as saveRoute } from "@/app/api/lessons/[lessonId]/route";
import { POST as submit } from "@/app/api/quiz/submit/route";
import { publishPageData, topicForRewritePage } from "@/features/authoring/server";
import { progressCounts } from "@/features/learning/server";
import { loadViewer } from "@/features/learning/viewer";
import { publicCertificate } from "@/features/quiz/server";
import { readNdjson } from "@/lib/http/ndjson";
import { getDb } from "@/server/db/client";
import { courseEditors } from "@/server/db/schema";
import type { DiffPart } from "@/lib/word-diff";
import { signedUpUser, type TestAccount } from "../setup/accounts";
import { callRoute } from "../setup/http";
import { rightAnswers, serveQuiz, useQuizModel } from "../setup/quiz";
import { lessonsOf, seedCourse } from "../setup/seed-course";
import { useTestDatabase } from "../setup/test-db";

useTestDatabase();
useQuizModel();

const route = (handler: unknown, method: string, params: Record<string, string>, who: TestAccount, body?: unknown) =>
  callRoute(handler as never, { method, cookie: who.cookie, params, body, url: "http://localhost:3000/api/x" });

type OpenedLesson = {
  id: string;
  theory: string;
  imageCaption: string | null;
  updated?: { changes: DiffPart[] | null };
};

/** The lesson as the viewer's lesson stream serves it to `who` (which also marks it read). */
async function open(who: TestAccount, courseId: string, lessonId: string): Promise<OpenedLesson> {
  const response = await lessonStream(
    new Request("http://localhost:3000/api/lesson/stream", {
      method: "POST",
      headers: { cookie: who.cookie, "content-type": "application/json" },
      body: JSON.stringify({ courseId, lessonId }),
    }),
    { params: Promise.resolve({}) },
  );
  expect(response.status).toBe(200);
  for await (const event of readNdjson<{ type: string; lesson?: OpenedLesson }>(response))
    if (event.type === "done" && event.lesson) return event.lesson;
  throw new Error("the lesson stream ended without the lesson");
}

async function offeredCourse() {
  const owner = await signedUpUser({ name: "Ana Autora" });
  const learner = await signedUpUser({ name: "Lia Leitora" });
  const course = await seedCourse(owner.id, {
    mainTopic: "Glaciers",
    topics: [
      {
        title: "Ice",
        lessons: [
          { title: "Snow to ice", theory: "<p>Snow becomes ice over many winters.</p>" },
          { title: "Flow", theory: "<p>Ice flows downhill under its own weight.</p>" },
        ],
      },
    ],
  });
  const courseId = course.id;
  expect((await route(visibilityRoute, "PATCH", { courseId }, owner, { visibility: "unlisted" })).status).toBe(200);
  expect((await route(enrolRoute, "POST", { courseId }, learner)).status).toBe(200);
  const [first, second] = await lessonsOf(courseId);
  return { owner, learner, courseId, first, second };
}

describe("drafts and publishing", () => {
  it("keeps an author's saves from learners until published, then tells a learner who had read the lesson what changed", async () => {
    const { owner, learner, courseId, first, second } = await offeredCourse();
    // A co-author (accepted) and the learner read the lessons as first published.
    const coAuthor = await signedUpUser();
    const db = await getDb();
    await db.insert(courseEditors).values({
      courseId,
      email: coAuthor.email,
      userId: coAuthor.id,
      tokenHash: "unused",
      acceptedAt: new Date(),
    });
    await open(coAuthor, courseId, first.id);
    expect((await open(learner, courseId, first.id)).theory).toContain("many winters");
    expect((await open(learner, courseId, second.id)).updated).toBeUndefined();

    // The owner saves a new text: a draft, which the authors read and the learner does not.
    const authored = await route(lessonRoute, "GET", { lessonId: first.id }, owner);
    const saved = await route(saveRoute, "PUT", { lessonId: first.id }, owner, {
      version: authored.json.version,
      markdown: "Snow becomes firn, then glacier ice, over decades.",
    });
    expect(saved.status).toBe(200);
    expect((await route(lessonRoute, "GET", { lessonId: first.id }, owner)).json).toMatchObject({
      markdown: "Snow becomes firn, then glacier ice, over decades.",
      version: saved.json.version,
    });
    const before = await open(learner, courseId, first.id);
    expect(before.theory).toContain("many winters");
    expect(before.updated).toBeUndefined();
    // A stale save is refused with the draft, not the published text, as the current one.
    const stale = await route(saveRoute, "PUT", { lessonId: first.id }, owner, {
      version: authored.json.version,
      markdown: "Another text.",
    });
    expect(stale.status).toBe(409);
    expect(stale.json.current.markdown).toBe("Snow becomes firn, then glacier ice, over decades.");

    // The publish page lists the draft with its word diff; a learner may neither see it nor publish.
    const page = await publishPageData(owner.id, courseId);
    expect(page?.course).toMatchObject({ drafted: true, publishedVersion: 1 });
    expect(page?.lessons.map((l) => l.title)).toEqual(["Snow to ice"]);
    const added = page?.lessons[0].changes.filter((p) => p.op === "added").map((p) => p.text);
    expect(added).toEqual(["firn, then glacier ", ",", "decades"]);
    expect(await publishPageData(learner.id, courseId)).toBeUndefined();
    expect((await route(publishRoute, "POST", { courseId }, learner)).status).toBe(404);

    const published = await route(publishRoute, "POST", { courseId }, owner);
    expect(published.status).toBe(200);
    expect(published.json).toMatchObject({ publishedVersion: 2, lessons: 1 });
    expect((await publishPageData(owner.id, courseId))?.lessons).toEqual([]);
    // Publishing again with nothing new keeps the version.
    expect((await route(publishRoute, "POST", { courseId }, owner)).json).toMatchObject({
      publishedVersion: 2,
      lessons: 0,
    });

    // The learner reads the new text, is told it changed since, and their progress stays.
    const after = await open(learner, courseId, first.id);
    expect(after.theory).toContain("glacier ice");
    const changes = after.updated?.changes ?? [];
    expect(changes.filter((p) => p.op === "removed").map((p) => p.text)).toEqual(["many winters"]);
    expect(await progressCounts(courseId, learner.id)).toEqual({ lessonCount: 2, doneCount: 2 });
    // The unchanged lesson says nothing; the authors, who made the change, are not told.
    expect((await open(learner, courseId, second.id)).updated).toBeUndefined();
    expect((await open(owner, courseId, first.id)).updated).toBeUndefined();
    expect((await open(coAuthor, courseId, first.id)).updated).toBeUndefined();
    // The viewer's first page says it too, until the learner has seen the changes.
    expect((await loadViewer(learner.id, courseId, first.id))?.lesson.updated?.changes).toEqual(changes);
    expect((await route(changesSeenRoute, "POST", { lessonId: first.id }, learner)).status).toBe(200);
    expect((await open(learner, courseId, first.id)).updated).toBeUndefined();
    expect(await progressCounts(courseId, learner.id)).toEqual({ lessonCount: 2, doneCount: 2 });
    // Nobody marks what they never read: another's lesson, or an unknown one, is 404.
    const stranger = await signedUpUser();
    expect((await route(changesSeenRoute, "POST", { lessonId: first.id }, stranger)).status).toBe(404);
  });

  it("keeps media changes and restores in the draft too, and a newcomer reads the published text unflagged", async () => {
    const { owner, learner, courseId, first } = await offeredCourse();
    await open(learner, courseId, first.id);
    const { version } = (await route(lessonRoute, "GET", { lessonId: first.id }, owner)).json;
    const media = await route(mediaRoute, "PUT", { lessonId: first.id }, owner, { version, caption: "A firn field" });
    expect(media.status).toBe(200);
    expect((await open(learner, courseId, first.id)).imageCaption).toBeNull();
    // Restoring the text as first written is a draft as well (the caption goes with it).
    expect((await route(restoreRoute, "POST", { lessonId: first.id, revision: "0" }, owner, {})).status).toBe(200);
    const page = await publishPageData(owner.id, courseId);
    expect(page?.lessons).toEqual([]); // text and media as published: nothing to publish
    const again = await route(mediaRoute, "PUT", { lessonId: first.id }, owner, {
      version: version + 2,
      caption: "Névé",
    });
    expect(again.status).toBe(200);
    expect((await publishPageData(owner.id, courseId))?.lessons[0]).toMatchObject({ mediaChanged: true });
    expect((await route(publishRoute, "POST", { courseId }, owner)).json.publishedVersion).toBe(2);
    const newcomer = await signedUpUser();
    expect((await route(enrolRoute, "POST", { courseId }, newcomer)).status).toBe(200);
    const read = await open(newcomer, courseId, first.id);
    expect(read.imageCaption).toBe("Névé");
    expect(read.updated).toBeUndefined();
    // The first learner's text did not change, only the caption: they are told, with no word changed.
    expect((await open(learner, courseId, first.id)).updated?.changes?.every((p) => p.op === "same")).toBe(true);
  });

  it("saves a course only its authors read at once, with nothing to publish", async () => {
    const owner = await signedUpUser();
    const course = await seedCourse(owner.id);
    const [lesson] = await lessonsOf(course.id);
    const saved = await route(saveRoute, "PUT", { lessonId: lesson.id }, owner, { version: 0, markdown: "Live now." });
    expect(saved.status).toBe(200);
    expect((await open(owner, course.id, lesson.id)).theory).toBe("<p>Live now.</p>");
    expect(await publishPageData(owner.id, course.id)).toMatchObject({
      course: { drafted: false, publishedVersion: 1 },
      lessons: [],
    });
  });

  it("records on the certificate the published version its holder completed", async () => {
    const { owner, learner, courseId, first, second } = await offeredCourse();
    const { version } = (await route(lessonRoute, "GET", { lessonId: first.id }, owner)).json;
    await route(saveRoute, "PUT", { lessonId: first.id }, owner, { version, markdown: "Snow packs into firn." });
    expect((await route(publishRoute, "POST", { courseId }, owner)).json.publishedVersion).toBe(2);
    for (const lesson of [first, second]) await open(learner, courseId, lesson.id);
    const served = await serveQuiz(learner.cookie, courseId);
    const graded = await callRoute(submit, {
      cookie: learner.cookie,
      body: { courseId, answers: await rightAnswers(courseId, served, learner.id), attemptId: served.attemptId },
    });
    expect(graded.status).toBe(200);
    const finished = await callRoute(finish, { cookie: learner.cookie, body: { courseId } });
    expect(finished.status).toBe(200);
    const certificate = await publicCertificate(finished.json.publicId);
    expect(certificate).toMatchObject({ courseVersion: 2, courseVersionAt: expect.any(Date) });
  });
});

describe("rewriting a topic", () => {
  it("gives its authors the topic's written lessons as they see them, drafts included, and anyone else nothing", async () => {
    const { owner, learner, courseId, first } = await offeredCourse();
    const { version } = (await route(lessonRoute, "GET", { lessonId: first.id }, owner)).json;
    await route(saveRoute, "PUT", { lessonId: first.id }, owner, { version, markdown: "A draft of the first." });
    const topicId = first.topicId;
    const page = await topicForRewritePage(owner.id, courseId, topicId);
    expect(page?.topicTitle).toBe("Ice");
    expect(page?.lessons.map((l) => [l.title, l.version])).toEqual([
      ["Snow to ice", version + 1],
      ["Flow", 0],
    ]);
    expect(page?.lessons[0].markdown).toBe("A draft of the first.");
    expect(await topicForRewritePage(learner.id, courseId, topicId)).toBeUndefined();
    expect(await topicForRewritePage(owner.id, courseId, "not-an-id")).toBeUndefined();
  });
});
