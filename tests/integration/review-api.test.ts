/**
 * Spaced review against a real database and the fake model over HTTP: missed quiz questions
 * become cards (a repeat miss is a lapse of the same card), a lesson's key points become cards
 * through the drop rules, grading follows FSRS within the day's caps, undo puts a card back
 * exactly, the CSV is what Anki imports, and another user's cards and courses are 404.
 */
import { POST as lessonStream } from "@/app/api/lesson/stream/route";
import { POST as submit } from "@/app/api/quiz/submit/route";
import { GET as cardsCsvRoute } from "@/app/api/courses/[courseId]/cards.csv/route";
import { POST as gradeRoute } from "@/app/api/review/[cardId]/route";
import { GET as listCardsRoute, POST as createCard } from "@/app/api/review/cards/route";
import { DELETE as deleteCardRoute, PATCH as patchCardRoute } from "@/app/api/review/cards/[cardId]/route";
import { GET as queueRoute } from "@/app/api/review/queue/route";
import { POST as undo } from "@/app/api/review/undo/route";
import { randomUUID } from "node:crypto";
import {
  dueSummary,
  KEY_POINTS,
  queueKeyPoints,
  recordQuizMisses,
  reviewCourses,
  reviewQueue,
} from "@/features/review/server";
import { getDb } from "@/server/db/client";
import { cardReviews, cards, lessons, topics } from "@/server/db/schema";
import { stripHtml } from "@/server/html/sanitize";
import { settleJobs } from "@/server/jobs";
import { asc, eq, inArray } from "drizzle-orm";
import { callRoute } from "../setup/http";
import { rightAnswers, servedAsStored, serveQuiz, useQuizModel, wrongAnswers } from "../setup/quiz";
import { useTestDatabase } from "../setup/test-db";
import { seedCourse, lessonsOf } from "../setup/seed-course";
import { signedUpUser } from "../setup/accounts";
import { withSettings } from "../setup/settings";

useTestDatabase();
const fakeModel = useQuizModel();

const BASE = "http://localhost:3000";

// Routes with params are typed by them; callRoute passes params untyped.
const cardsCsv = cardsCsvRoute as never;
const grade = gradeRoute as never;
const listCards = listCardsRoute as never;
const deleteCard = deleteCardRoute as never;
const patchCard = patchCardRoute as never;
const queue = queueRoute as never;

async function courseWithTopics(userId: string, mainTopic = "Astronomy", topicCount = 5) {
  const course = await seedCourse(userId, {
    mainTopic,
    topics: Array.from({ length: topicCount }, (_, t) => ({
      title: `Topic ${t + 1}`,
      lessons: [{ title: `Lesson ${t + 1}` }],
    })),
  });
  return course.id;
}

async function cardRows(courseId: string) {
  return (await getDb()).select().from(cards).where(eq(cards.courseId, courseId)).orderBy(asc(cards.createdAt));
}

async function cardRow(cardId: string) {
  const [row] = await (await getDb()).select().from(cards).where(eq(cards.id, cardId));
  return row;
}

async function reviewsOf(cardId: string) {
  return (await getDb()).select().from(cardReviews).where(eq(cardReviews.cardId, cardId));
}

const question = (n: number) => ({
  question: `Question number ${n}: which planet is meant?`,
  options: ["Mars", "Venus", "Earth", "Jupiter"],
  answer: "c",
  explanation: `Explanation ${n}.`,
});

const getQueue = (cookie: string, courseId?: string) =>
  callRoute(queue, { cookie, url: `${BASE}/api/review/queue${courseId ? `?courseId=${courseId}` : ""}` });

const gradeCard = (cookie: string, cardId: string, rating: unknown) =>
  callRoute(grade, { cookie, params: { cardId }, body: { rating } });

const gradeWith = (cookie: string, cardId: string, body: Record<string, unknown>) =>
  callRoute(grade, { cookie, params: { cardId }, body });

/** The API translator's stand-in for service calls: the key itself. */
const keys = ((key: string) => key) as unknown as Parameters<typeof reviewQueue>[2];

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The FSRS columns of a card row. */
const fsrsColumns = (row: Awaited<ReturnType<typeof cardRow>>) => ({
  due: row.due.toISOString(),
  stability: row.stability,
  difficulty: row.difficulty,
  elapsedDays: row.elapsedDays,
  scheduledDays: row.scheduledDays,
  learningSteps: row.learningSteps,
  reps: row.reps,
  lapses: row.lapses,
  state: row.state,
  lastReview: row.lastReview?.toISOString() ?? null,
});

describe("cards from the quiz", () => {
  it("makes a card of each missed question, and a repeat miss is a lapse of the same card, never a duplicate", async () => {
    const { cookie, userId } = await signedUpUser();
    const courseId = await courseWithTopics(userId);
    const served = await serveQuiz(cookie, courseId);
    const right = await rightAnswers(courseId, served);
    const stored = await servedAsStored(courseId, served);
    // The first two right, the rest wrong.
    const answers = wrongAnswers(right).map((wrong, i) => (i < 2 ? right[i] : wrong));
    const res = await callRoute(submit, { cookie, body: { courseId, answers, attemptId: served.attemptId } });
    expect(res.status).toBe(200);

    const made = await cardRows(courseId);
    expect(made).toHaveLength(stored.length - 2);
    const missed = stored.slice(2);
    expect(made.map((c) => c.front).sort()).toEqual(missed.map((q) => q.question).sort());
    const topicIds = (
      await (
        await getDb()
      )
        .select({ id: topics.id })
        .from(topics)
        .where(eq(topics.courseId, courseId))
        .orderBy(asc(topics.position))
    ).map((t) => t.id);
    for (const card of made) {
      const q = missed.find((m) => m.question === card.front)!;
      // The card keeps its question's topic (its index in the outline), for that topic's mastery.
      expect(typeof q.topic).toBe("number");
      expect(card.topicId).toBe(topicIds[q.topic as number]);
      // Back: the right option's text and the explanation; the front has no options.
      expect(card.back).toContain(q.options[q.answer.charCodeAt(0) - 97]);
      expect(card.back).toContain(q.explanation);
      expect(card.source).toBe("quiz-miss");
      expect(card.state).toBe(0);
    }

    // The learner knows one card (Easy: a review card, days out); then misses every question in the next attempt.
    const studied = made[0];
    expect((await gradeCard(cookie, studied.id, 4)).status).toBe(200);
    const before = await cardRow(studied.id);
    const again = await serveQuiz(cookie, courseId);
    const allWrong = wrongAnswers(await rightAnswers(courseId, again));
    expect(
      (await callRoute(submit, { cookie, body: { courseId, answers: allWrong, attemptId: again.attemptId } })).status,
    ).toBe(200);

    const after = await cardRows(courseId);
    // The two answered right before are new cards now; the others are the same rows.
    expect(after).toHaveLength(stored.length);
    expect(after.filter((c) => made.some((m) => m.id === c.id))).toHaveLength(made.length);
    const lapsed = await cardRow(studied.id);
    expect(lapsed.lapses).toBe(before.lapses + 1);
    expect(lapsed.reps).toBe(before.reps + 1);
    const log = await reviewsOf(studied.id);
    expect(log.map((r) => [r.origin, r.rating]).sort()).toEqual([
      ["quiz", 1],
      ["review", 4],
    ]);
    // Relearning, due at once.
    expect(lapsed.state).toBe(3);
    expect(lapsed.due.getTime()).toBeLessThanOrEqual(Date.now() + 60 * 60 * 1000);
    // A card never studied stays new: no lapse for it.
    const untouched = await cardRow(made[1].id);
    expect(untouched.state).toBe(0);
    expect(untouched.lapses).toBe(0);
    // The quiz's lapse is not the learner's grade: undo takes back the learner's own.
    const undone = await callRoute(undo, { cookie, body: {} });
    expect(undone.status).toBe(200);
    expect(undone.json.cardId).toBe(studied.id);
    expect((await reviewsOf(studied.id)).map((r) => r.origin)).toEqual(["quiz"]);
  });
});

describe("grading and undo", () => {
  it("answers the queue with each button's interval, grades by FSRS, and undo restores the card exactly", async () => {
    const { cookie, userId } = await signedUpUser();
    const courseId = await courseWithTopics(userId);
    await recordQuizMisses(userId, courseId, [question(1), question(2)]);
    const q = await getQueue(cookie);
    expect(q.status).toBe(200);
    expect(q.json.cards).toHaveLength(2);
    const first = q.json.cards[0];
    expect(Object.keys(first).sort()).toEqual(["back", "courseId", "front", "id", "intervals", "isNew", "lang"]);
    // A new card: Again < Hard < Good < Easy, Easy in days.
    const iv = first.intervals;
    expect(iv["1"]).toBeLessThan(iv["2"]);
    expect(iv["2"]).toBeLessThan(iv["3"]);
    expect(iv["3"]).toBeLessThan(iv["4"]);
    expect(iv["4"]).toBeGreaterThanOrEqual(24 * 3600);

    const before = fsrsColumns(await cardRow(first.id));
    const graded = await gradeCard(cookie, first.id, 4);
    expect(graded.status).toBe(200);
    const due = new Date(graded.json.due).getTime();
    // The due date is the interval the Easy button showed (to within the seconds the request took).
    expect(Math.abs(due - Date.now() - iv["4"] * 1000)).toBeLessThan(60_000);
    const moved = await cardRow(first.id);
    expect(moved.state).toBe(2);
    expect(moved.reps).toBe(1);
    expect(moved.due.toISOString()).toBe(new Date(graded.json.due).toISOString());
    const log = await reviewsOf(first.id);
    expect(log).toHaveLength(1);
    expect(log[0].before).toEqual(before);

    // Graded Again, then Good: two log rows; undo twice walks back to the first state exactly.
    await gradeCard(cookie, first.id, 1);
    const afterAgain = fsrsColumns(await cardRow(first.id));
    await gradeCard(cookie, first.id, 3);
    let undone = await callRoute(undo, { cookie, body: {} });
    expect(undone.status).toBe(200);
    expect(undone.json.card.id).toBe(first.id);
    expect(fsrsColumns(await cardRow(first.id))).toEqual(afterAgain);
    await callRoute(undo, { cookie, body: {} });
    await callRoute(undo, { cookie, body: {} });
    expect(fsrsColumns(await cardRow(first.id))).toEqual(before);
    expect(await reviewsOf(first.id)).toHaveLength(0);
    undone = await callRoute(undo, { cookie, body: {} });
    expect(undone.status).toBe(409);
    expect(undone.json.code).toBe("review:nothing-to-undo");
  });

  it("refuses a rating other than 1 to 4 with 400 and changes nothing", async () => {
    const { cookie, userId } = await signedUpUser();
    const courseId = await courseWithTopics(userId);
    await recordQuizMisses(userId, courseId, [question(1)]);
    const [card] = await cardRows(courseId);
    for (const rating of [0, 5, "3", 2.5, null, -1]) {
      const res = await gradeCard(cookie, card.id, rating);
      expect(res.status).toBe(400);
    }
    const missing = await callRoute(grade, { cookie, params: { cardId: card.id }, body: {} });
    expect(missing.status).toBe(400);
    expect(fsrsColumns(await cardRow(card.id))).toEqual(fsrsColumns(card));
    expect(await reviewsOf(card.id)).toHaveLength(0);
  });

  it("keeps within the day's caps for new cards and for all grades, then says when cards are due again", async () => {
    const { cookie, userId } = await signedUpUser();
    const courseId = await courseWithTopics(userId);
    await recordQuizMisses(userId, courseId, [1, 2, 3, 4, 5].map(question));
    await withSettings({ REVIEW_NEW_PER_DAY: "2", REVIEW_MAX_PER_DAY: "3" }, async () => {
      let q = await getQueue(cookie);
      expect(q.json.cards).toHaveLength(2);
      for (const card of q.json.cards) expect((await gradeCard(cookie, card.id, 1)).status).toBe(200);
      // Both are learning now, due in a minute (shown ahead); one grade is left today.
      q = await getQueue(cookie);
      expect(q.json.cards).toHaveLength(1);
      expect(q.json.cards[0].isNew).toBe(false);
      expect(q.json.doneToday).toBe(2);
      await gradeCard(cookie, q.json.cards[0].id, 3);
      q = await getQueue(cookie);
      expect(q.json.cards).toHaveLength(0);
      // Held back by the cap: tomorrow (UTC), not the overdue cards' dates.
      const tomorrow = new Date();
      tomorrow.setUTCHours(24, 0, 0, 0);
      expect(q.json.nextDue).toBe(tomorrow.toISOString());
    });
    // Without the caps, the rest come.
    const q = await getQueue(cookie);
    expect(q.json.cards.length).toBe(5);
  });

  it("answers one course's cards when asked, and 'all caught up' with the next due time", async () => {
    const { cookie, userId } = await signedUpUser();
    const one = await courseWithTopics(userId, "One");
    const two = await courseWithTopics(userId, "Two");
    await recordQuizMisses(userId, one, [question(1)]);
    await recordQuizMisses(userId, two, [question(2), question(3)]);
    expect((await getQueue(cookie)).json.cards).toHaveLength(3);
    const q = await getQueue(cookie, one);
    expect(q.json.cards.map((c: { courseId: string }) => c.courseId)).toEqual([one]);
    const graded = await gradeCard(cookie, q.json.cards[0].id, 4);
    const caughtUp = await getQueue(cookie, one);
    expect(caughtUp.json.cards).toEqual([]);
    expect(caughtUp.json.nextDue).toBe(graded.json.due);
  });
});

describe("grades are idempotent", () => {
  it("answers a repeated gradeId as the first time and changes nothing, even 10 replays at once", async () => {
    const { cookie, userId } = await signedUpUser();
    const courseId = await courseWithTopics(userId);
    await recordQuizMisses(userId, courseId, [question(1), question(2)]);
    const [card, other] = await cardRows(courseId);
    const gradeId = randomUUID();

    const first = await gradeWith(cookie, card.id, { rating: 3, gradeId });
    expect(first.status).toBe(200);
    const afterFirst = fsrsColumns(await cardRow(card.id));
    // Sent again (a lost answer, a second tab), with another rating even: the first grade stands.
    const again = await gradeWith(cookie, card.id, { rating: 1, gradeId });
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect(fsrsColumns(await cardRow(card.id))).toEqual(afterFirst);
    expect(await reviewsOf(card.id)).toHaveLength(1);

    // Ten replays of one new grade at once: one grade, ten identical answers.
    const replayed = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => gradeWith(cookie, card.id, { rating: 4, gradeId: replayed })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.json.due)).size).toBe(1);
    const log = await reviewsOf(card.id);
    expect(log).toHaveLength(2);
    expect(log.filter((r) => r.id === replayed)).toHaveLength(1);
    expect((await cardRow(card.id)).reps).toBe(2);

    // A gradeId already naming another card's grade, or another user's, grades nothing: 409.
    const reused = await gradeWith(cookie, other.id, { rating: 3, gradeId });
    expect(reused.status).toBe(409);
    expect(reused.json.code).toBe("review:grade-id-reused");
    expect(await reviewsOf(other.id)).toHaveLength(0);
    const stranger = await signedUpUser();
    const strangerCourse = await courseWithTopics(stranger.userId);
    await recordQuizMisses(stranger.userId, strangerCourse, [question(3)]);
    const [theirs] = await cardRows(strangerCourse);
    const foreign = await gradeWith(stranger.cookie, theirs.id, { rating: 3, gradeId });
    expect(foreign.status).toBe(409);
    expect(foreign.json).not.toHaveProperty("due");
    expect(await reviewsOf(theirs.id)).toHaveLength(0);

    // Without a gradeId (an older offline queue), a grade still counts, each time.
    expect((await gradeCard(cookie, other.id, 3)).status).toBe(200);
    expect((await gradeCard(cookie, other.id, 3)).status).toBe(200);
    expect(await reviewsOf(other.id)).toHaveLength(2);
  });

  it("schedules an offline grade from when it was given, clamped to the server's clock", async () => {
    const { cookie, userId } = await signedUpUser();
    const courseId = await courseWithTopics(userId);
    await recordQuizMisses(userId, courseId, [question(1), question(2), question(3)]);
    const [given, future, past] = await cardRows(courseId);
    // Created "yesterday": an offline grade of an hour ago is after the card was made.
    await (
      await getDb()
    )
      .update(cards)
      .set({ createdAt: new Date(Date.now() - DAY) })
      .where(inArray(cards.id, [given.id, future.id]));

    const hourAgo = new Date(Date.now() - 60 * MINUTE);
    const offline = await gradeWith(cookie, given.id, {
      rating: 4,
      gradeId: randomUUID(),
      reviewedAt: hourAgo.toISOString(),
    });
    expect(offline.status).toBe(200);
    const [logged] = await reviewsOf(given.id);
    expect(logged.reviewedAt.toISOString()).toBe(hourAgo.toISOString());
    expect((await cardRow(given.id)).lastReview!.toISOString()).toBe(hourAgo.toISOString());
    // The interval runs from when it was given: an hour earlier than a grade given now.
    const sentNow = new Date(offline.json.due).getTime() - hourAgo.getTime();
    expect(sentNow).toBe((await cardRow(given.id)).due.getTime() - hourAgo.getTime());

    // A clock ahead of the server's is the server's; one before the card existed is its making.
    const before = Date.now();
    await gradeWith(cookie, future.id, { rating: 3, reviewedAt: new Date(Date.now() + 7 * DAY).toISOString() });
    const [ahead] = await reviewsOf(future.id);
    expect(ahead.reviewedAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(ahead.reviewedAt.getTime()).toBeLessThanOrEqual(Date.now());
    await gradeWith(cookie, past.id, { rating: 3, reviewedAt: "2001-01-01T00:00:00Z" });
    const [early] = await reviewsOf(past.id);
    expect(early.reviewedAt.toISOString()).toBe(past.createdAt.toISOString());

    // A malformed gradeId or time is refused and changes nothing.
    for (const body of [
      { rating: 3, gradeId: "not-a-uuid" },
      { rating: 3, gradeId: 42 },
      { rating: 3, reviewedAt: "yesterday" },
      { rating: 3, reviewedAt: 1_700_000_000_000 },
      { rating: 3, reviewedAt: "2026-11-27T10:00:00" },
    ]) {
      const refused = await gradeWith(cookie, past.id, body);
      expect(refused.status).toBe(400);
    }
    expect(await reviewsOf(past.id)).toHaveLength(1);
  });
});

describe("the queue's order and the one definition of due", () => {
  it("shows a card just graded Good (due in minutes) only after every card due now", async () => {
    const { cookie, userId } = await signedUpUser();
    const courseId = await courseWithTopics(userId);
    await recordQuizMisses(userId, courseId, [1, 2, 3].map(question));
    const q = await getQueue(cookie);
    expect(q.json.cards).toHaveLength(3);
    const [first, ...rest] = q.json.cards as { id: string }[];
    const good = await gradeCard(cookie, first.id, 3);
    // Good on a new card: a learning step of minutes, inside the learn-ahead window.
    expect(new Date(good.json.due).getTime() - Date.now()).toBeLessThan(20 * MINUTE);
    const next = await getQueue(cookie);
    expect(next.json.cards.map((c: { id: string }) => c.id)).toEqual([...rest.map((c) => c.id), first.id]);
  });

  it("caps new cards apart from the daily total, across courses, and says how many wait", async () => {
    const { cookie, userId } = await signedUpUser();
    const one = await courseWithTopics(userId, "One");
    const two = await courseWithTopics(userId, "Two");
    await recordQuizMisses(userId, one, [1, 2, 3, 4, 5, 6].map(question));
    await recordQuizMisses(userId, two, [question(7)]);
    // Two cards learned yesterday and forgotten (Again): due now, and yesterday's grades leave today's caps whole.
    const yesterday = new Date(Date.now() - DAY);
    const [seenA, seenB] = await cardRows(one);
    await (
      await getDb()
    )
      .update(cards)
      .set({ createdAt: new Date(yesterday.getTime() - MINUTE) })
      .where(inArray(cards.id, [seenA.id, seenB.id]));
    for (const card of [seenA, seenB])
      expect((await gradeWith(cookie, card.id, { rating: 1, reviewedAt: yesterday.toISOString() })).status).toBe(200);

    await withSettings({ REVIEW_NEW_PER_DAY: "2", REVIEW_MAX_PER_DAY: "100" }, async () => {
      /** The queue, the page's per-course counts and "What I know" tell the same story. */
      const agree = async () => {
        const all = await getQueue(cookie);
        const summary = await dueSummary(userId);
        expect(summary.due).toBe(all.json.cards.length);
        expect(summary.heldBack).toEqual(all.json.heldBack);
        const perCourse = await reviewCourses(userId);
        for (const course of perCourse) {
          const alone = await reviewQueue(userId, course.courseId, keys);
          expect(course.due).toBe(alone.cards.length);
          expect(course.heldBack).toEqual(alone.heldBack);
        }
        return { all: all.json, perCourse: new Map(perCourse.map((c) => [c.courseId, c])) };
      };

      let state = await agree();
      // Two seen cards and two of the five new ones; three new wait for tomorrow.
      expect(state.all.cards.filter((c: { isNew: boolean }) => !c.isNew)).toHaveLength(2);
      expect(state.all.cards.filter((c: { isNew: boolean }) => c.isNew)).toHaveLength(2);
      expect(state.all.heldBack).toEqual({ seen: 0, fresh: 3 });
      expect(state.all.limits).toEqual({ newPerDay: 2, reviewsPerDay: 100 });
      expect(state.perCourse.get(one)).toMatchObject({ total: 6, due: 4, heldBack: { seen: 0, fresh: 2 } });
      expect(state.perCourse.get(two)).toMatchObject({ total: 1, due: 1, heldBack: { seen: 0, fresh: 0 } });

      // Grading the seen cards uses the total, not the new-card cap: two new cards are still offered.
      for (const card of [seenA, seenB]) await gradeCard(cookie, card.id, 4);
      state = await agree();
      expect(state.all.cards.map((c: { isNew: boolean }) => c.isNew)).toEqual([true, true]);

      // Both new ones graded Easy: the new-card cap is spent though the total has room.
      for (const card of state.all.cards) await gradeCard(cookie, card.id, 4);
      state = await agree();
      expect(state.all.cards).toEqual([]);
      expect(state.all.doneToday).toBe(4);
      expect(state.all.heldBack).toEqual({ seen: 0, fresh: 3 });
      const tomorrow = new Date();
      tomorrow.setUTCHours(24, 0, 0, 0);
      expect(state.all.nextDue).toBe(tomorrow.toISOString());
      // Counted across courses: the other course's new card waits too.
      expect(state.perCourse.get(two)).toMatchObject({ due: 0, heldBack: { seen: 0, fresh: 1 } });
    });
  });
});

describe("owner only", () => {
  it("answers 404 for another user's cards and courses on every route, and changes nothing", async () => {
    const owner = await signedUpUser();
    const other = await signedUpUser();
    const courseId = await courseWithTopics(owner.userId);
    await recordQuizMisses(owner.userId, courseId, [question(1)]);
    const [card] = await cardRows(courseId);
    const [lesson] = await lessonsOf(courseId);

    expect((await getQueue(other.cookie, courseId)).status).toBe(404);
    expect((await getQueue(other.cookie)).json.cards).toEqual([]);
    expect((await gradeCard(other.cookie, card.id, 3)).status).toBe(404);
    expect((await gradeCard(other.cookie, "not-a-uuid", 3)).status).toBe(404);
    const patched = await callRoute(patchCard, {
      cookie: other.cookie,
      method: "PATCH",
      params: { cardId: card.id },
      body: { front: "mine now" },
    });
    expect(patched.status).toBe(404);
    expect(
      (await callRoute(deleteCard, { cookie: other.cookie, method: "DELETE", params: { cardId: card.id } })).status,
    ).toBe(404);
    expect(
      (await callRoute(listCards, { cookie: other.cookie, url: `${BASE}/api/review/cards?courseId=${courseId}` }))
        .status,
    ).toBe(404);
    expect((await callRoute(cardsCsv, { cookie: other.cookie, params: { courseId } })).status).toBe(404);
    const own = await callRoute(createCard, {
      cookie: other.cookie,
      body: { lessonId: lesson.id, front: "Q", back: "A", sentence: "anything" },
    });
    expect(own.status).toBe(404);
    expect((await callRoute(undo, { cookie: other.cookie, body: {} })).status).toBe(409);
    // Signed out: 401.
    expect((await getQueue("")).status).toBe(401);
    expect(await cardRow(card.id)).toEqual(card);
    expect(await cardRows(courseId)).toHaveLength(1);
  });
});

describe("managing cards", () => {
  it("edits, suspends and deletes a card; an own card must come from the lesson's text", async () => {
    const { cookie, userId } = await signedUpUser();
    const course = await seedCourse(userId, {
      mainTopic: "Botany",
      topics: [
        { title: "Leaves", lessons: [{ title: "Light", theory: "<p>Plants turn <em>light</em> into sugar.</p>" }] },
      ],
    });
    const [lesson] = await lessonsOf(course.id);
    const made = await callRoute(createCard, {
      cookie,
      body: {
        lessonId: lesson.id,
        front: "What do plants turn light into?",
        back: "Sugar",
        sentence: "turn light into",
      },
    });
    expect(made.status).toBe(201);
    expect(made.json.card.source).toBe("own");
    const notThere = await callRoute(createCard, {
      cookie,
      body: { lessonId: lesson.id, front: "Q", back: "A", sentence: "Plants eat rocks." },
    });
    expect(notThere.status).toBe(400);
    expect(notThere.json.code).toBe("review:passage-not-in-lesson");

    const id = made.json.card.id;
    const suspended = await callRoute(patchCard, {
      cookie,
      method: "PATCH",
      params: { cardId: id },
      body: { suspended: true, back: "Sugar (glucose)" },
    });
    expect(suspended.status).toBe(200);
    expect(suspended.json.card).toMatchObject({ suspended: true, back: "Sugar (glucose)" });
    expect((await getQueue(cookie)).json.cards).toEqual([]);
    const empty = await callRoute(patchCard, { cookie, method: "PATCH", params: { cardId: id }, body: {} });
    expect(empty.status).toBe(400);
    const listed = await callRoute(listCards, { cookie, url: `${BASE}/api/review/cards?courseId=${course.id}` });
    expect(listed.json.cards).toHaveLength(1);
    expect((await callRoute(deleteCard, { cookie, method: "DELETE", params: { cardId: id } })).status).toBe(200);
    expect(await cardRows(course.id)).toHaveLength(0);
  });
});

describe("the CSV for Anki", () => {
  it("writes front, back and tags, quoted by RFC 4180, with Anki's header lines", async () => {
    const { cookie, userId } = await signedUpUser();
    const course = await seedCourse(userId, {
      mainTopic: "Física Básica",
      topics: [{ title: "Leis de Newton", lessons: [{ title: "Inércia", theory: "<p>Um corpo em repouso.</p>" }] }],
    });
    const [lesson] = await lessonsOf(course.id);
    const made = await callRoute(createCard, {
      cookie,
      body: { lessonId: lesson.id, front: 'Ele disse "oi", e', back: "linha um", sentence: "corpo em repouso" },
    });
    await callRoute(patchCard, {
      cookie,
      method: "PATCH",
      params: { cardId: made.json.card.id },
      body: { back: "plain" },
    });
    await recordQuizMisses(userId, course.id, [question(1)]);
    const res = await callRoute(cardsCsv, { cookie, params: { courseId: course.id } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename=.*\.csv/);
    const lines = res.text.split("\r\n");
    expect(lines.slice(0, 3)).toEqual(["#separator:Comma", "#html:false", "#tags column:3"]);
    expect(lines[3]).toBe('"Ele disse ""oi"", e",plain,fisica-basica leis-de-newton');
    // A quiz-miss card has no topic: the course's tag only.
    expect(lines[4]).toBe(`${question(1).question},Earth — Explanation 1.,fisica-basica`);
    expect(lines[5]).toBe("");
  });

  it("neutralises cells a spreadsheet would run as formulas", async () => {
    const { cookie, userId } = await signedUpUser();
    const courseId = await courseWithTopics(userId, "Formulas", 1);
    const fronts = ['=HYPERLINK("http://evil.example","x")', "+1+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1"];
    await (
      await getDb()
    )
      .insert(cards)
      .values(fronts.map((front, i) => ({ userId, courseId, source: "own" as const, front, back: `=${i}` })));
    const res = await callRoute(cardsCsv, { cookie, params: { courseId } });
    expect(res.status).toBe(200);
    const lines = res.text.split("\r\n").slice(3, 3 + fronts.length);
    expect(lines).toHaveLength(fronts.length);
    for (const line of lines) {
      // Every field that could start a formula starts with an apostrophe (inside its quotes when quoted).
      expect(line).toMatch(/^"?'/);
      expect(line).toMatch(/,'=\d,formulas$/);
    }
    expect(lines).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")",'=0,formulas`);
  });
});

describe("key-point cards", () => {
  it("asks the model once per lesson, keeps the cards whose sentence is in the lesson, and merges near-duplicates", async () => {
    const { userId } = await signedUpUser();
    const theory =
      "<p>The Sun is a star at the centre of the solar system today. " +
      "Mercury is the smallest planet that goes around the Sun. " +
      "Jupiter is the largest planet and has a great red spot.</p>";
    const course = await seedCourse(userId, {
      mainTopic: "Astronomy",
      topics: [
        {
          title: "The solar system",
          lessons: [
            { title: "The Sun", theory },
            { title: "Again", theory },
          ],
        },
      ],
    });
    const [first, second] = await lessonsOf(course.id);
    await withSettings({ REVIEW_KEY_POINTS: "false" }, async () => {
      expect(await queueKeyPoints({ userId, courseId: course.id, lessonId: first.id })).toBeUndefined();
    });
    await withSettings({ REVIEW_KEY_POINTS: "true" }, async () => {
      const calls = fakeModel().requests.length;
      expect(await queueKeyPoints({ userId, courseId: course.id, lessonId: first.id })).toBeDefined();
      await settleJobs([KEY_POINTS]);
      expect(fakeModel().requests.length).toBe(calls + 1);
      const made = await cardRows(course.id);
      // Three sentences of 8 words or more; the made-up sentence is dropped.
      expect(made).toHaveLength(3);
      for (const card of made) {
        expect(card.source).toBe("key-point");
        expect(card.lessonId).toBe(first.id);
        expect(card.topicId).toBe(first.topicId);
        expect(theory).toContain(card.sourceSentence!);
        expect(card.front).not.toContain(card.back);
      }
      expect(made.map((c) => c.back)).toContain("great red spot");
      // Run again: nothing new (at least once). The same text in another lesson: near-duplicates, merged.
      await queueKeyPoints({ userId, courseId: course.id, lessonId: first.id });
      await queueKeyPoints({ userId, courseId: course.id, lessonId: second.id });
      await settleJobs([KEY_POINTS]);
      expect(fakeModel().requests.length).toBe(calls + 2);
      expect(await cardRows(course.id)).toHaveLength(3);
    });
  });
});

describe("card text", () => {
  it("draws key points from the lesson's prose: no heading, review mark or citation number on a card", async () => {
    const { userId } = await signedUpUser();
    const cite = (n: number) => `<sup class="citation"><a href="#cite-${n}">${n}</a></sup>`;
    const theory =
      "<h2>↻ Review: The solar system</h2>" +
      `<p>The Sun is a star at the centre of the solar system today.${cite(1)} ` +
      `Mercury is the smallest planet that goes around the Sun.${cite(2)}</p>` +
      `<p>Jupiter is the largest planet and has a great red spot.${cite(1)}</p>`;
    const course = await seedCourse(userId, {
      mainTopic: "Astronomy",
      topics: [{ title: "The solar system", lessons: [{ title: "Review: The solar system", theory }] }],
    });
    const [lesson] = await lessonsOf(course.id);
    await withSettings({ REVIEW_KEY_POINTS: "true" }, async () => {
      await queueKeyPoints({ userId, courseId: course.id, lessonId: lesson.id });
      await settleJobs([KEY_POINTS]);
    });
    const made = await cardRows(course.id);
    expect(made).toHaveLength(3);
    expect(made.map((c) => c.back).sort()).toEqual(["around the Sun", "great red spot", "solar system today"].sort());
    for (const card of made) {
      for (const text of [card.front, card.back, card.sourceSentence!]) {
        expect(text).not.toContain("↻");
        // A citation's number glued to a word or a stop ("Sun.2").
        expect(text).not.toMatch(/[\p{L}.]\d/u);
      }
    }
  });
});

describe("a lesson written by its job", () => {
  it("queues the key-point job once the text is stored, and its cards cite the stored lesson", async () => {
    const { cookie, userId } = await signedUpUser();
    const courseId = await courseWithTopics(userId, "Photosynthesis", 2);
    const [lesson] = await lessonsOf(courseId);
    await withSettings({ REVIEW_KEY_POINTS: "true" }, async () => {
      const response = await callRoute(lessonStream as never, { cookie, body: { courseId, lessonId: lesson.id } });
      expect(response.status).toBe(200);
      expect(response.text).toContain('"type":"done"');
      await settleJobs([KEY_POINTS]);
    });
    const [stored] = await (await getDb()).select().from(lessons).where(eq(lessons.id, lesson.id));
    const made = (await cardRows(courseId)).filter((c) => c.source === "key-point");
    expect(made.length).toBeGreaterThanOrEqual(3);
    expect(made.length).toBeLessThanOrEqual(6);
    const text = stripHtml(stored.theory).replace(/\s+/g, " ");
    for (const card of made) {
      expect(card.lessonId).toBe(lesson.id);
      expect(text).toContain(card.sourceSentence!);
      expect(card.back.split(" ").length).toBeLessThanOrEqual(25);
    }
    // The key-point call was a JSON task naming the lesson's data block.
    expect(fakeModel().requests.some((r) => r.messages.some((m) => m.content.includes("<key_points_request>")))).toBe(
      true,
    );
  });
});
