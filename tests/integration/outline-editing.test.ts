/**
 * Editing a course's outline (issue 35) against a real database: topics and lessons renamed,
 * moved (within and across topics), added and removed keep their ids; a removed lesson is
 * archived with everything its learners did, and comes back with it; progress is counted on the
 * outline as it now is; quiz evidence follows its topic wherever it moves; a stale save is a 409
 * and an id from elsewhere a 400, neither storing anything; only the owner reaches the routes.
 */
import { and, eq } from "drizzle-orm";
import { GET as outlineRoute, PUT as saveRoute } from "@/app/api/courses/[courseId]/outline/route";
import { POST as submit } from "@/app/api/quiz/submit/route";
import { outlineOf, progressCounts } from "@/features/learning/lesson-queries";
import { courseMastery } from "@/features/mastery/server";
import { getDb } from "@/server/db/client";
import { cards, lessonProgress, lessons, notes, topics } from "@/server/db/schema";
import { signedUpUser, type TestAccount } from "../setup/accounts";
import { callRoute } from "../setup/http";
import { rightAnswers, serveQuiz, useQuizModel, wrongAnswers } from "../setup/quiz";
import { lessonsOf, seedCourse, setProgress, writeNotes } from "../setup/seed-course";
import { useTestDatabase } from "../setup/test-db";

useTestDatabase();
useQuizModel();

type Outline = {
  version: number;
  topics: { id: string; title: string; lessons: { id: string; title: string; written: boolean }[] }[];
  removedTopics: { id: string; title: string; lessons: { id: string; title: string }[] }[];
  removedLessons: { id: string; title: string; topicId: string }[];
};
type Posted = { id?: string; title: string; lessons: { id?: string; title: string }[] }[];

const url = (courseId: string) => `http://localhost:3000/api/courses/${courseId}/outline`;
const read = (account: TestAccount | undefined, courseId: string) =>
  callRoute(outlineRoute as never, { cookie: account?.cookie, params: { courseId }, url: url(courseId) });
const save = (account: TestAccount | undefined, courseId: string, version: number, posted: Posted) =>
  callRoute(saveRoute as never, {
    method: "PUT",
    cookie: account?.cookie,
    params: { courseId },
    body: { version, topics: posted },
    url: url(courseId),
  });

/** The outline as it is posted back: ids and titles only. */
const asPosted = (outline: Outline): Posted =>
  outline.topics.map((t) => ({
    id: t.id,
    title: t.title,
    lessons: t.lessons.map((l) => ({ id: l.id, title: l.title })),
  }));

async function threeTopicCourse(ownerId: string) {
  const course = await seedCourse(ownerId, {
    mainTopic: "Tides",
    topics: [
      {
        title: "Moon",
        lessons: [
          { title: "Pull", theory: "<p>The moon pulls the sea.</p>", done: true },
          { title: "Phases", theory: "<p>Phases change the pull.</p>" },
        ],
      },
      { title: "Sun", lessons: [{ title: "Spring tides", theory: "<p>Sun and moon align.</p>", done: true }] },
      { title: "Coasts", lessons: [{ title: "Bays", theory: "<p>Bays amplify tides.</p>" }] },
    ],
  });
  return course.id;
}

describe("the course outline editor's API", () => {
  it("renames, moves within and across topics and adds, every existing topic and lesson keeping its id", async () => {
    const owner = await signedUpUser();
    const courseId = await threeTopicCourse(owner.id);
    const opened = await read(owner, courseId);
    expect(opened.status).toBe(200);
    const outline = opened.json as Outline;
    expect(outline.version).toBe(0);
    expect(outline.topics.map((t) => [t.title, t.lessons.map((l) => l.title)])).toEqual([
      ["Moon", ["Pull", "Phases"]],
      ["Sun", ["Spring tides"]],
      ["Coasts", ["Bays"]],
    ]);
    expect(outline.removedTopics).toEqual([]);
    const [moon, sun, coasts] = outline.topics;

    const saved = await save(owner, courseId, 0, [
      { id: sun.id, title: "The sun", lessons: [{ id: sun.lessons[0].id, title: "Spring tides" }] },
      {
        id: moon.id,
        title: "Moon",
        lessons: [
          { id: moon.lessons[1].id, title: "Phases of the moon" },
          { id: moon.lessons[0].id, title: "Pull" },
          { id: coasts.lessons[0].id, title: "Bays" },
        ],
      },
      { title: "Storms <b>and</b>   surges", lessons: [{ title: "Storm surge" }] },
    ]);
    expect(saved.status).toBe(200);
    const after = saved.json as Outline & { success: boolean };
    expect(after.version).toBe(1);
    expect(after.topics.map((t) => [t.title, t.lessons.map((l) => [l.title, l.written])])).toEqual([
      ["The sun", [["Spring tides", true]]],
      [
        "Moon",
        [
          ["Phases of the moon", true],
          ["Pull", true],
          ["Bays", true],
        ],
      ],
      ["Storms and surges", [["Storm surge", false]]],
    ]);
    expect(after.topics[0].id).toBe(sun.id);
    expect(after.topics[1].lessons.map((l) => l.id)).toEqual([
      moon.lessons[1].id,
      moon.lessons[0].id,
      coasts.lessons[0].id,
    ]);
    // "Coasts" lost its only lesson to "Moon" and was left out: removed, kept to be restored.
    expect(after.removedTopics).toEqual([{ id: coasts.id, title: "Coasts", lessons: [] }]);
    // The viewer reads the same order; the owner's done lessons are still done.
    const viewed = await outlineOf(courseId, owner.id);
    expect(viewed.map((t) => t.lessons.map((l) => [l.title, l.done]))).toEqual([
      [["Spring tides", true]],
      [
        ["Phases of the moon", false],
        ["Pull", true],
        ["Bays", false],
      ],
      [["Storm surge", false]],
    ]);
    // A new topic takes a number no topic had: questions name topics by number.
    const db = await getDb();
    const numbers = await db
      .select({ title: topics.title, number: topics.number })
      .from(topics)
      .where(eq(topics.courseId, courseId));
    expect(numbers.sort((a, b) => a.number - b.number)).toEqual([
      { title: "Moon", number: 0 },
      { title: "The sun", number: 1 },
      { title: "Coasts", number: 2 },
      { title: "Storms and surges", number: 3 },
    ]);
  });

  it("archives a removed lesson with its learners' progress and notes, counts progress without it, and restores it", async () => {
    const owner = await signedUpUser();
    const learner = await signedUpUser();
    const courseId = await threeTopicCourse(owner.id);
    const [pull, , spring] = await lessonsOf(courseId);
    await setProgress(learner.id, pull, { done: true, openedAt: new Date() });
    await setProgress(learner.id, spring, { done: true, openedAt: new Date() });
    await writeNotes(learner.id, courseId, "<p>my notes</p>");
    expect(await progressCounts(courseId, learner.id)).toEqual({ lessonCount: 4, doneCount: 2 });

    const outline = (await read(owner, courseId)).json as Outline;
    const withoutPull = asPosted(outline).map((t) => ({ ...t, lessons: t.lessons.filter((l) => l.id !== pull.id) }));
    const saved = (await save(owner, courseId, outline.version, withoutPull)).json as Outline;
    expect(saved.removedLessons).toEqual([
      { id: pull.id, title: "Pull", topicId: outline.topics[0].id, written: true },
    ]);
    expect(await progressCounts(courseId, learner.id)).toEqual({ lessonCount: 3, doneCount: 1 });
    expect((await outlineOf(courseId, learner.id)).flatMap((t) => t.lessons.map((l) => l.id))).not.toContain(pull.id);

    // Nothing the learner did was deleted.
    const db = await getDb();
    const kept = await db
      .select()
      .from(lessonProgress)
      .where(and(eq(lessonProgress.userId, learner.id), eq(lessonProgress.lessonId, pull.id)));
    expect(kept).toEqual([expect.objectContaining({ done: true })]);
    expect(await db.select({ html: notes.html }).from(notes).where(eq(notes.userId, learner.id))).toEqual([
      { html: "<p>my notes</p>" },
    ]);

    // Restored at the end of its topic, with the learner's reading of it.
    const restored = asPosted(saved);
    restored[0].lessons.push({ id: pull.id, title: "Pull" });
    const back = (await save(owner, courseId, saved.version, restored)).json as Outline;
    expect(back.removedLessons).toEqual([]);
    expect(back.topics[0].lessons.map((l) => l.title)).toEqual(["Phases", "Pull"]);
    expect(await progressCounts(courseId, learner.id)).toEqual({ lessonCount: 4, doneCount: 2 });
  });

  it("archives a removed topic with its lessons and the learners' review lessons in it, and brings them all back", async () => {
    const owner = await signedUpUser();
    const learner = await signedUpUser();
    const courseId = await threeTopicCourse(owner.id);
    const outline = (await read(owner, courseId)).json as Outline;
    const sun = outline.topics[1];
    const db = await getDb();
    const [review] = await db
      .insert(lessons)
      .values({
        courseId,
        topicId: sun.id,
        position: 1,
        title: "Review: Sun",
        learnerId: learner.id,
        remediation: { attemptId: crypto.randomUUID(), topicPosition: 1, missed: [] },
      })
      .returning({ id: lessons.id });

    const withoutSun = asPosted(outline).filter((t) => t.id !== sun.id);
    const saved = (await save(owner, courseId, 0, withoutSun)).json as Outline;
    expect(saved.removedTopics).toEqual([
      { id: sun.id, title: "Sun", lessons: [{ id: sun.lessons[0].id, title: "Spring tides", written: true }] },
    ]);
    expect((await outlineOf(courseId, learner.id)).map((t) => t.title)).toEqual(["Moon", "Coasts"]);

    // Back first, with a lesson added before the learner's review lesson: it stays after the topic's own.
    const restored: Posted = [
      {
        id: sun.id,
        title: "Sun",
        lessons: [{ id: sun.lessons[0].id, title: "Spring tides" }, { title: "Neap tides" }],
      },
      ...asPosted(saved),
    ];
    const back = (await save(owner, courseId, saved.version, restored)).json as Outline;
    expect(back.removedTopics).toEqual([]);
    const learnerView = await outlineOf(courseId, learner.id);
    expect(learnerView[0].lessons.map((l) => [l.title, l.review])).toEqual([
      ["Spring tides", false],
      ["Neap tides", false],
      ["Review: Sun", true],
    ]);
    expect(learnerView[0].lessons[2].id).toBe(review.id);
    // Nobody else sees the learner's review lesson, nor does the owner's editor list it.
    expect((await outlineOf(courseId, owner.id))[0].lessons.map((l) => l.title)).toEqual([
      "Spring tides",
      "Neap tides",
    ]);
  });

  it("keeps quiz evidence and missed-question cards on their topic when topics move", async () => {
    const owner = await signedUpUser();
    const courseId = (
      await seedCourse(owner.id, {
        mainTopic: "Astronomy",
        type: "video_text",
        topics: Array.from({ length: 4 }, (_, t) => ({
          title: `Topic ${t + 1}`,
          lessons: [{ title: `Lesson ${t + 1}`, theory: `<p>Lesson ${t + 1} explains the sky.</p>`, done: true }],
        })),
      })
    ).id;
    const served = await serveQuiz(owner.cookie, courseId);
    const answers = wrongAnswers(await rightAnswers(courseId, served));
    expect(
      (await callRoute(submit, { cookie: owner.cookie, body: { courseId, answers, attemptId: served.attemptId } })).json
        .passed,
    ).toBe(false);
    const before = await courseMastery(owner.id, courseId);
    const byTitle = (list: typeof before) => new Map(list!.map((t) => [t.title, t.reasons]));

    const outline = (await read(owner, courseId)).json as Outline;
    const reversed = asPosted(outline).reverse();
    expect((await save(owner, courseId, outline.version, reversed)).status).toBe(200);
    const after = await courseMastery(owner.id, courseId);
    expect(after!.map((t) => t.title)).toEqual(["Topic 4", "Topic 3", "Topic 2", "Topic 1"]);
    expect(byTitle(after)).toEqual(byTitle(before));
    // The cards made from missed questions keep the topic each question named.
    const db = await getDb();
    const cardTopics = await db.select({ topicId: cards.topicId }).from(cards).where(eq(cards.courseId, courseId));
    expect(cardTopics.length).toBeGreaterThan(0);
    expect(cardTopics.every((c) => outline.topics.some((t) => t.id === c.topicId))).toBe(true);
  });

  it("refuses a stale version with the stored outline, and an id from another course, storing nothing", async () => {
    const owner = await signedUpUser();
    const courseId = await threeTopicCourse(owner.id);
    const otherCourse = await threeTopicCourse(owner.id);
    const outline = (await read(owner, courseId)).json as Outline;
    const renamed = asPosted(outline).map((t) => ({ ...t, title: `${t.title}!` }));
    expect((await save(owner, courseId, 0, renamed)).status).toBe(200);

    const stale = await save(owner, courseId, 0, asPosted(outline));
    expect(stale.status).toBe(409);
    expect(stale.json).toMatchObject({ success: false, code: "course:outline-conflict", current: { version: 1 } });
    expect((stale.json.current as Outline).topics.map((t) => t.title)).toEqual(["Moon!", "Sun!", "Coasts!"]);

    const [foreign] = await lessonsOf(otherCourse);
    const stolen = asPosted(outline);
    stolen[0].lessons.push({ id: foreign.id, title: "Not mine" });
    const refused = await save(owner, courseId, 1, stolen);
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe("course:outline-invalid");
    const db = await getDb();
    const [row] = await db.select().from(lessons).where(eq(lessons.id, foreign.id));
    expect([row.courseId, row.title]).toEqual([otherCourse, "Pull"]);
    expect(((await read(owner, courseId)).json as Outline).version).toBe(1);

    for (const bad of [
      { version: 1, topics: [] },
      { version: 1, topics: [{ title: "Empty", lessons: [] }] },
      { version: 1, topics: [{ title: "   ", lessons: [{ title: "x" }] }] },
      { version: 1, topics: [{ title: "A", lessons: [{ id: "not-a-uuid", title: "x" }] }] },
    ]) {
      const res = await callRoute(saveRoute as never, {
        method: "PUT",
        cookie: owner.cookie,
        params: { courseId },
        body: bad,
        url: url(courseId),
      });
      expect(res.status).toBe(400);
    }
    expect(((await read(owner, courseId)).json as Outline).version).toBe(1);
  });

  it("is the owner's alone: learners and strangers get 404, visitors 401, other origins 403", async () => {
    const owner = await signedUpUser();
    const stranger = await signedUpUser();
    const courseId = await threeTopicCourse(owner.id);
    const outline = (await read(owner, courseId)).json as Outline;
    expect((await read(stranger, courseId)).status).toBe(404);
    expect((await save(stranger, courseId, 0, asPosted(outline))).status).toBe(404);
    expect((await read(undefined, courseId)).status).toBe(401);
    const foreign = await callRoute(saveRoute as never, {
      method: "PUT",
      cookie: owner.cookie,
      params: { courseId },
      body: { version: 0, topics: asPosted(outline) },
      url: url(courseId),
      headers: { origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    expect(((await read(owner, courseId)).json as Outline).version).toBe(0);
  });
});
