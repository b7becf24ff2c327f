/**
 * "Review what I missed", the retest and "What I know" (decision 025) against a real database and
 * the fake model over HTTP: a failed attempt keeps each question's topic and result; the review
 * adds one stored lesson per missed topic, shown in the outline, written from the missed
 * questions; it is offered only after a failed attempt and only to the owner; the retest asks no
 * question asked before, even when the model repeats one; the knowledge page's figures come
 * from the review log.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { POST as lessonStream } from "@/app/api/lesson/stream/route";
import { POST as remediation } from "@/app/api/quiz/remediation/route";
import { POST as submit } from "@/app/api/quiz/submit/route";
import { lessonContent, outlineOf, progressCounts } from "@/features/learning/lesson-queries";
import { loadViewer } from "@/features/learning/viewer";
import { courseMastery, knowledgeFor, learnersMastery, WEAK_BELOW } from "@/features/mastery/server";
import { dueSummary, gradeCard } from "@/features/review/server";
import { readNdjson } from "@/lib/http/ndjson";
import { getDb } from "@/server/db/client";
import { cards, courseLearners, lessons, quizAttempts, topics } from "@/server/db/schema";
import en from "../../messages/en.json";
import pt from "../../messages/pt.json";
import { REVIEW_LESSON_MARK } from "../fakes/openai-compatible";
import { signedUpUser } from "../setup/accounts";
import { callRoute } from "../setup/http";
import { rightAnswers, serveQuiz, storedQuestions, useQuizModel, wrongAnswers } from "../setup/quiz";
import { seedCourse } from "../setup/seed-course";
import { useTestDatabase } from "../setup/test-db";

useTestDatabase();
const fakeModel = useQuizModel();
// The review lessons are text-and-image courses: no image search configured, so none is looked for.
process.env.UNSPLASH_ACCESS_KEY = "";
process.env.PEXELS_API_KEY = "";

/** A course of `topicCount` topics, each with one written lesson. */
async function insertCourse(userId: string, topicCount = 6) {
  const course = await seedCourse(userId, {
    mainTopic: "Astronomy",
    type: "video_text",
    topics: Array.from({ length: topicCount }, (_, t) => ({
      title: `Topic ${t + 1}`,
      lessons: [{ title: `Lesson ${t + 1}`, theory: `<p>Lesson ${t + 1} explains the sky, part ${t + 1}.</p>` }],
    })),
  });
  return course.id;
}

/** Serves the quiz and answers every question wrong: a failed, counted attempt. */
async function failQuiz(cookie: string, courseId: string, body: Record<string, unknown> = {}) {
  const served = await serveQuiz(cookie, courseId, body);
  const answers = wrongAnswers(await rightAnswers(courseId, served));
  const res = await callRoute(submit, { cookie, body: { courseId, answers, attemptId: served.attemptId } });
  expect(res.json.passed).toBe(false);
  return served;
}

async function reviewLessonRows(courseId: string) {
  const rows = await (await getDb()).select().from(lessons).where(eq(lessons.courseId, courseId));
  return rows.filter((l) => l.remediation !== null);
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

describe("a miss that teaches", () => {
  it("keeps each asked question's topic and result with the attempt", async () => {
    const { cookie, userId } = await signedUpUser();
    const courseId = await insertCourse(userId);
    await failQuiz(cookie, courseId);
    const questions = await storedQuestions(courseId);
    const [attempt] = await (await getDb()).select().from(quizAttempts).where(eq(quizAttempts.courseId, courseId));
    expect(attempt.results).toHaveLength(questions.length);
    for (const [i, result] of attempt.results!.entries()) {
      expect(result.question).toBe(questions[i].question);
      expect(result.correct).toBe(false);
      // Tagged by the model with a topic of the course (validated to be in range).
      expect(result.topic).toEqual(expect.any(Number));
      expect(result.topic).toBeGreaterThanOrEqual(0);
      expect(result.topic).toBeLessThan(6);
      expect(result.right).toBe(questions[i].options[questions[i].answer.charCodeAt(0) - 97]);
      expect(result.chosen).not.toBe(result.right);
    }
    // The quiz's prompt asked for the topic of each question.
    const quizPrompt = fakeModel()
      .requests.find((r) => r.responseFormat)!
      .messages.map((m) => m.content);
    expect(quizPrompt.join("\n")).toContain('"topic"');
  });

  it("is offered only after a failed attempt, and only to the course's owner", async () => {
    const { cookie, userId } = await signedUpUser();
    const other = await signedUpUser();
    const courseId = await insertCourse(userId, 5);

    // No attempt yet: refused, nothing added.
    const early = await callRoute(remediation, { cookie, body: { courseId } });
    expect(early.status).toBe(409);
    expect(early.json).toMatchObject({ success: false, code: "remediation:not-offered" });
    expect([en.api.remediation.notOffered, pt.api.remediation.notOffered]).toContain(early.json.message);

    // A passed attempt: refused as well.
    const served = await serveQuiz(cookie, courseId);
    const right = await rightAnswers(courseId, served);
    const passed = await callRoute(submit, {
      cookie,
      body: { courseId, answers: right, attemptId: served.attemptId },
    });
    expect(passed.json.passed).toBe(true);
    const afterPass = await callRoute(remediation, { cookie, body: { courseId } });
    expect(afterPass.status).toBe(409);
    expect(afterPass.json.code).toBe("remediation:not-offered");
    expect(await reviewLessonRows(courseId)).toHaveLength(0);

    // Failed now: another user gets a 404 and adds nothing; the owner gets the lessons.
    await failQuiz(cookie, courseId);
    const stranger = await callRoute(remediation, { cookie: other.cookie, body: { courseId } });
    expect(stranger.status).toBe(404);
    expect(await reviewLessonRows(courseId)).toHaveLength(0);
    const bogus = await callRoute(remediation, { cookie, body: { courseId: "not-a-course" } });
    expect(bogus.status).toBe(404);
    const owner = await callRoute(remediation, { cookie, body: { courseId } });
    expect(owner.status).toBe(200);
    expect(owner.json.lessons.length).toBeGreaterThan(0);
  });

  it("adds one stored review lesson per missed topic, once, listed in the outline, without moving progress", async () => {
    const { cookie, userId } = await signedUpUser();
    const courseId = await insertCourse(userId);
    const progressBefore = await progressCounts(courseId, userId);
    await failQuiz(cookie, courseId);
    const [attempt] = await (await getDb()).select().from(quizAttempts).where(eq(quizAttempts.courseId, courseId));
    const missedTopics = [...new Set(attempt.results!.map((r) => r.topic))].sort();

    const res = await callRoute(remediation, { cookie, body: { courseId } });
    expect(res.status).toBe(200);
    const added = res.json.lessons as { id: string; topicId: string; title: string }[];
    expect(added).toHaveLength(missedTopics.length);

    // Each in its own topic, at its end, titled with the topic, carrying the missed questions.
    const topicRows = await (await getDb()).select().from(topics).where(eq(topics.courseId, courseId));
    const rows = await reviewLessonRows(courseId);
    expect(rows).toHaveLength(missedTopics.length);
    for (const row of rows) {
      const topic = topicRows.find((t) => t.id === row.topicId)!;
      expect(row.remediation!.topicPosition).toBe(topic.position);
      expect(row.title).toBe(topic.title);
      expect(row.position).toBe(1);
      const onTopic = attempt.results!.filter((r) => r.topic === topic.position);
      expect(row.remediation!.missed.map((m) => m.question).sort()).toEqual(onTopic.map((r) => r.question).sort());
    }

    // Asked again (a second click): the same lessons, none added.
    const again = await callRoute(remediation, { cookie, body: { courseId } });
    expect(again.json.lessons.map((l: { id: string }) => l.id).sort()).toEqual(added.map((l) => l.id).sort());
    expect(await reviewLessonRows(courseId)).toHaveLength(missedTopics.length);

    // The outline lists them as review lessons; progress counts only the course's own lessons.
    const viewer = await loadViewer(userId, courseId, added[0].id);
    const listed = viewer!.topics.flatMap((t) => t.lessons).filter((l) => l.review);
    expect(listed.map((l) => l.id).sort()).toEqual(added.map((l) => l.id).sort());
    expect(viewer!.lesson.id).toBe(added[0].id);
    expect(await progressCounts(courseId, userId)).toEqual(progressBefore);
  });

  it("shows a review lesson only to the learner it was written for (decision 037)", async () => {
    const owner = await signedUpUser();
    const other = await signedUpUser();
    const courseId = await insertCourse(owner.userId);
    await failQuiz(owner.cookie, courseId);
    const res = await callRoute(remediation, { cookie: owner.cookie, body: { courseId } });
    const added = (res.json.lessons as { id: string; topicId: string }[]).map((l) => l.id);
    expect(added.length).toBeGreaterThan(0);
    expect((await reviewLessonRows(courseId)).map((row) => row.learnerId)).toEqual(added.map(() => owner.userId));
    // Another learner's review lesson of the same course, beside the owner's.
    const [theirs] = await (
      await getDb()
    )
      .insert(lessons)
      .values({
        courseId,
        topicId: (await reviewLessonRows(courseId))[0].topicId,
        position: 9,
        title: "Their review",
        learnerId: other.userId,
        remediation: { attemptId: randomUUID(), topicPosition: 0, missed: [] },
      })
      .returning({ id: lessons.id });

    const reviewIds = (outline: Awaited<ReturnType<typeof outlineOf>>) =>
      outline.flatMap((topic) => topic.lessons.filter((l) => l.review).map((l) => l.id)).sort();
    expect(reviewIds(await outlineOf(courseId, owner.userId))).toEqual([...added].sort());
    expect(reviewIds(await outlineOf(courseId, other.userId))).toEqual([theirs.id]);
    // Read for nobody in particular (a share, the writing status), the course has none.
    expect(reviewIds(await outlineOf(courseId, null))).toEqual([]);
    expect(await lessonContent(courseId, theirs.id, owner.userId)).toBeUndefined();
    expect(await lessonContent(courseId, added[0], other.userId)).toBeUndefined();
    expect((await lessonContent(courseId, added[0], owner.userId))?.id).toBe(added[0]);
    // Asked for by its id, the owner's viewer does not open the other learner's review lesson.
    const viewer = await loadViewer(owner.userId, courseId, theirs.id);
    expect(viewer?.lesson.id).not.toBe(theirs.id);
  });

  it("streams the review lesson from a prompt naming the missed questions, and stores it", async () => {
    const { cookie, userId } = await signedUpUser();
    const other = await signedUpUser();
    const courseId = await insertCourse(userId, 5);
    await failQuiz(cookie, courseId);
    const res = await callRoute(remediation, { cookie, body: { courseId } });
    const lesson = res.json.lessons[0] as { id: string };
    const [row] = await (await getDb()).select().from(lessons).where(eq(lessons.id, lesson.id));

    // Another user cannot open it.
    const stranger = await streamRequest(other.cookie, { courseId, lessonId: lesson.id });
    expect(stranger.status).toBe(404);

    const events: Record<string, unknown>[] = [];
    for await (const event of readNdjson<Record<string, unknown>>(
      await streamRequest(cookie, { courseId, lessonId: lesson.id }),
    ))
      events.push(event);
    expect(events.some((e) => e.type === "delta")).toBe(true);
    const done = events.find((e) => e.type === "done") as { lesson: { theory: string } } | undefined;
    expect(done?.lesson.theory).toContain(REVIEW_LESSON_MARK);

    const [stored] = await (await getDb()).select().from(lessons).where(eq(lessons.id, lesson.id));
    expect(stored.theory).toContain(REVIEW_LESSON_MARK);
    expect(stored.theory).not.toMatch(/<script/i);

    // The model was told what was missed, and taught from the topic's own lessons.
    const call = fakeModel().requests.filter(
      (r) => !r.responseFormat && r.messages.some((m) => m.content.includes('"missedQuestions"')),
    );
    expect(call).toHaveLength(1);
    const prompt = call[0].messages.map((m) => m.content).join("\n");
    for (const missed of row.remediation!.missed)
      expect(prompt).toContain(JSON.stringify(missed.question).slice(1, -1));
    const topicLessons = await (
      await getDb()
    )
      .select({ title: lessons.title })
      .from(lessons)
      .where(and(eq(lessons.topicId, row.topicId)));
    const ownTitle = topicLessons.find((l) => l.title.startsWith("Lesson"))!.title;
    expect(prompt).toContain(ownTitle);
  });
});

describe("the retest", () => {
  it("asks no question asked before, and leaves out one the model repeats", async () => {
    const { cookie, userId } = await signedUpUser();
    const courseId = await insertCourse(userId);
    await failQuiz(cookie, courseId);
    const first = await storedQuestions(courseId);

    // The retest: new questions; the prompt lists the ones asked before.
    const before = fakeModel().requests.length;
    const retest = await failQuiz(cookie, courseId, { renew: true });
    const asked = new Set(first.map((q) => q.question));
    expect(retest.questions.length).toBeGreaterThanOrEqual(5);
    for (const q of retest.questions) expect(asked.has(q.question)).toBe(false);
    const prompt = fakeModel()
      .requests.at(-1)!
      .messages.map((m) => m.content)
      .join("\n");
    expect(prompt).toContain('"avoidQuestions"');
    expect(prompt).toContain(JSON.stringify(first[0].question).slice(1, -1));
    expect(fakeModel().requests.length).toBe(before + 1);
    for (const q of retest.questions) asked.add(q.question);

    // A model that asks an earlier question again: asked once more, and no repeat is stored.
    fakeModel().script({ behaviour: "repeat-avoided", match: "avoidQuestions", times: 1 });
    const beforeRepeat = fakeModel().requests.length;
    const third = await serveQuiz(cookie, courseId, { renew: true });
    expect(fakeModel().requests.length).toBe(beforeRepeat + 2);
    expect(fakeModel().requests.at(-2)!.behaviour).toBe("repeat-avoided");
    for (const q of third.questions) expect(asked.has(q.question)).toBe(false);
    for (const q of third.questions) asked.add(q.question);

    // A model that keeps repeating: the repeats are left out, never served.
    fakeModel().script({ behaviour: "repeat-avoided", match: "avoidQuestions" });
    const fourth = await serveQuiz(cookie, courseId, { renew: true });
    expect(fourth.questions.length).toBeGreaterThanOrEqual(5);
    for (const q of fourth.questions) expect(asked.has(q.question)).toBe(false);
    fakeModel().reset();
  });

  it("asks no question twice in one quiz, even when the model does", async () => {
    const { cookie, userId } = await signedUpUser();
    const courseId = await insertCourse(userId);
    fakeModel().script({ behaviour: "repeat-within", times: 1 });
    const before = fakeModel().requests.length;
    const served = await serveQuiz(cookie, courseId);
    // The repeat is asked for again, listed among the questions to avoid.
    expect(fakeModel().requests.length).toBe(before + 2);
    expect(fakeModel().requests.at(-2)!.behaviour).toBe("repeat-within");
    const texts = served.questions.map((q) => q.question);
    const retry = fakeModel()
      .requests.at(-1)!
      .messages.map((m) => m.content)
      .join("\n");
    // A first quiz has nothing else to avoid: the retry avoids the repeat alone, which is served once.
    const avoided = JSON.parse(retry.match(/"avoidQuestions"\s*:\s*(\[[^\]]*\])/)![1]) as string[];
    expect(avoided).toHaveLength(1);
    expect(texts.filter((text) => text === avoided[0])).toHaveLength(1);
    expect(texts.length).toBeGreaterThanOrEqual(5);
    expect(new Set(texts).size).toBe(texts.length);
    const stored = (await storedQuestions(courseId)).map((q) => q.question);
    expect(new Set(stored).size).toBe(stored.length);
    fakeModel().reset();
  });
});

describe("mastery and What I know", () => {
  const DAY = 24 * 60 * 60 * 1000;

  it("computes per-topic mastery from the attempts and the cards, for the owner only", async () => {
    const { cookie, userId } = await signedUpUser();
    const other = await signedUpUser();
    const courseId = await insertCourse(userId, 5);
    await failQuiz(cookie, courseId);
    const mastery = await courseMastery(userId, courseId);
    expect(mastery).toHaveLength(5);
    const [attempt] = await (await getDb()).select().from(quizAttempts).where(eq(quizAttempts.courseId, courseId));
    for (const topic of mastery!) {
      const onTopic = attempt.results!.filter((r) => r.topic === topic.number);
      if (onTopic.length === 0) expect(topic.value).toBeNull();
      else {
        expect(topic.value).toBe(0);
        expect(topic.reasons).toEqual([{ kind: "quiz", missed: onTopic.length, total: onTopic.length }]);
      }
    }
    expect(await courseMastery(other.userId, courseId)).toBeNull();
  });

  it("gives a class's teacher each learner's figures exactly as the learner's own page has them", async () => {
    const owner = await signedUpUser();
    const learners = [await signedUpUser(), await signedUpUser()];
    const courseId = await insertCourse(owner.userId, 3);
    const db = await getDb();
    const topicIds = (await db.select().from(topics).where(eq(topics.courseId, courseId)))
      .sort((a, b) => a.position - b.position)
      .map((t) => t.id);
    const now = new Date();
    const result = (topic: number | null, correct: boolean) => ({
      question: `Q${topic}`,
      topic,
      correct,
      right: "a",
      chosen: correct ? "a" : "b",
      explanation: "",
    });
    for (const [n, learner] of learners.entries()) {
      await db.insert(courseLearners).values({ courseId, userId: learner.userId, enrolledAt: now });
      // Five attempts, newest last: only the last three count, the oldest would change the figures.
      await db.insert(quizAttempts).values(
        Array.from({ length: 5 }, (_, i) => ({
          courseId,
          userId: learner.userId,
          mark: 0,
          passed: false,
          createdAt: new Date(now.getTime() - (5 - i) * DAY),
          results: [result(0, i % 2 === n), result(1, i < 2), result(null, i === 4)],
        })),
      );
      const card = (topicId: string, extra: Partial<typeof cards.$inferInsert>) => ({
        userId: learner.userId,
        courseId,
        topicId,
        source: "own" as const,
        front: `F${Math.random()}`,
        back: "B",
        ...extra,
      });
      // Reviewed, suspended and never reviewed: only the first kind weighs.
      await db
        .insert(cards)
        .values([
          card(topicIds[2], { state: 2, stability: 3 + n, lastReview: new Date(now.getTime() - 2 * DAY), reps: 1 }),
          card(topicIds[2], { state: 2, stability: 1, lastReview: new Date(now.getTime() - 9 * DAY), suspended: true }),
          card(topicIds[0], { state: 0 }),
        ]);
    }
    const ids = learners.map((l) => l.userId);
    const seen = await learnersMastery([courseId], ids, now);
    for (const learner of learners) {
      const own = await courseMastery(learner.userId, courseId, now);
      expect(own!.some((t) => t.value !== null)).toBe(true);
      expect(seen.get(`${courseId}:${learner.userId}`)).toEqual(own);
    }
    expect(seen.get(`${courseId}:${ids[0]}`)).not.toEqual(seen.get(`${courseId}:${ids[1]}`));
  });

  it("reports due cards, the streak, reviews and retention per UTC day, and the weakest topics", async () => {
    const { userId, cookie } = await signedUpUser();
    const courseId = await insertCourse(userId, 2);
    const db = await getDb();
    const [topic] = await db
      .select()
      .from(topics)
      .where(and(eq(topics.courseId, courseId), eq(topics.position, 1)));
    const now = new Date("2026-11-27T12:00:00Z");
    const start = new Date(now.getTime() - 20 * DAY);
    const made = await db
      .insert(cards)
      .values(
        ["a", "b", "c"].map((k) => ({
          userId,
          courseId,
          topicId: topic.id,
          source: "own" as const,
          front: `Front ${k} ${randomUUID()}`,
          back: `Back ${k}`,
          due: start,
        })),
      )
      .returning({ id: cards.id });
    const t = ((key: string) => key) as unknown as Parameters<typeof gradeCard>[3];
    // 20 days ago: all three learned (Easy graduates a new card to FSRS' Review state at once).
    for (const c of made) await gradeCard(userId, c.id, 4, t, start);
    // Three days in a row up to today: card a remembered, card b forgotten (Again), card c Hard.
    const today = now;
    const yesterday = new Date(now.getTime() - DAY);
    const twoDaysAgo = new Date(now.getTime() - 2 * DAY);
    await gradeCard(userId, made[0].id, 3, t, twoDaysAgo);
    await gradeCard(userId, made[1].id, 1, t, yesterday);
    await gradeCard(userId, made[2].id, 2, t, today);

    const knowledge = await knowledgeFor(userId, now);
    expect(knowledge.streak).toBe(3);
    expect(knowledge.days).toHaveLength(30);
    expect(knowledge.days.at(-1)!.day).toBe("2026-11-27");
    expect(knowledge.reviews30).toBe(6);
    const byDay = new Map(knowledge.days.map((d) => [d.day, d]));
    expect(byDay.get("2026-11-07")!.reviews).toBe(3);
    // Learning grades (cards still New before them) are not retention.
    expect(byDay.get("2026-11-07")!.retention).toBeNull();
    expect(byDay.get("2026-11-26")!.retention).toBe(0);
    expect(byDay.get("2026-11-27")!.retention).toBe(1);
    // Of the three reviews of cards in Review state, two were rated Hard or better.
    expect(knowledge.retention30).toBeCloseTo(2 / 3, 5);
    // Card b, forgotten yesterday, is due now, counted as the review screen counts it.
    expect(knowledge.dueNow).toBeGreaterThanOrEqual(1);
    expect(knowledge.dueNow).toBe((await dueSummary(userId, now)).due);

    // Topic 2 has cards, remembered well (recall at or above the threshold): measured, not weak.
    expect(knowledge.measured).toBe(1);
    expect(knowledge.weakest).toEqual([]);
    // Its cards forgotten (a year on, recall falls): now it is listed as weak.
    const later = await knowledgeFor(userId, new Date(now.getTime() + 365 * DAY));
    expect(later.weakest.map((w) => w.topicId)).toEqual([topic.id]);
    expect(later.weakest[0].value).toBeLessThan(WEAK_BELOW);
    expect(later.weakest[0].courseId).toBe(courseId);
    // A failed quiz puts the quiz's topics under the threshold, weakest first.
    await failQuiz(cookie, courseId);
    const after = await knowledgeFor(userId, now);
    expect(after.weakest.length).toBeGreaterThan(0);
    expect(after.weakest.every((w) => w.value < WEAK_BELOW)).toBe(true);
    expect(after.weakest[0].value).toBeLessThanOrEqual(after.weakest.at(-1)!.value);
    expect(after.weakest.some((w) => w.value === 0)).toBe(true);

    // A day without reviews breaks the streak; today without any yet keeps yesterday's.
    expect((await knowledgeFor(userId, new Date(now.getTime() + DAY))).streak).toBe(3);
    expect((await knowledgeFor(userId, new Date(now.getTime() + 2 * DAY))).streak).toBe(0);
    // Another user sees none of it.
    const stranger = await signedUpUser();
    const empty = await knowledgeFor(stranger.userId, now);
    expect(empty).toMatchObject({ streak: 0, reviews30: 0, retention30: null, weakest: [], measured: 0, dueNow: 0 });
  });
});
