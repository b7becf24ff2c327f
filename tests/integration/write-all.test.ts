/**
 * "Write all lessons" through its routes, on a real database and the fake model over HTTP:
 * every unwritten lesson written once in the background, progress as it goes, cancel, pacing
 * within the user's AI rate limit instead of failing, a paced lesson opened by its learner
 * jumping the queue, and 404 for another user's course.
 */
import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { GET as progressRoute } from "@/app/api/courses/[courseId]/progress/route";
import { DELETE as cancelRoute, POST as writeAllRoute } from "@/app/api/courses/[courseId]/write-all/route";
import { POST as lessonStream } from "@/app/api/lesson/stream/route";
import { aiRateLimitKey } from "@/server/ai/rate-limit";
import { getDb } from "@/server/db/client";
import { jobs } from "@/server/db/schema";
import { clearRateLimit } from "@/server/http/rate-limit";
import { runDueJobs } from "@/server/jobs";
import { signedUpUser, type TestAccount } from "../setup/accounts";
import { callRoute } from "../setup/http";
import { lessonsOf, lessonWithOwnerProgress, seedCourse } from "../setup/seed-course";
import { lessonCalls, useFakeAi } from "../setup/fake-ai";
import { withSettings } from "../setup/settings";
import { useTestDatabase } from "../setup/test-db";
import { waitFor } from "../setup/wait";

process.env.AI_RETRY_BASE_MS = "10";
process.env.AI_TIMEOUT_MS = "5000";
process.env.MEDIA_TIMEOUT_MS = "300";
process.env.JOBS_RETRY_BASE_MS = "50";

useTestDatabase();

const ai = useFakeAi();

/** A course whose first lesson is written and the rest are not; titles carry a marker to count calls. */
async function course(userId: string, topicCount: number, lessonsPerTopic: number) {
  const marker = randomUUID().slice(0, 8);
  const seeded = await seedCourse(userId, {
    mainTopic: "Tides",
    topics: Array.from({ length: topicCount }, (_, t) => ({
      title: `Topic ${t + 1}`,
      lessons: Array.from({ length: lessonsPerTopic }, (_, l) => ({
        title: `Lesson ${t + 1}.${l + 1} wa-${marker}-${t}-${l}`,
        theory: t === 0 && l === 0 ? "<p>Written already.</p>" : undefined,
      })),
    })),
  });
  return { courseId: seeded.id, rows: await lessonsOf(seeded.id) };
}

const lessonCallsOf = (title: string) => lessonCalls(ai.model(), title);

/** The routes take `{ courseId }`; callRoute passes its params as they are. */
const route = (handler: unknown) => handler as Parameters<typeof callRoute>[0];

const writeAll = (account: TestAccount, courseId: string, method: "POST" | "DELETE" = "POST") =>
  callRoute(route(method === "POST" ? writeAllRoute : cancelRoute), {
    method,
    cookie: account.cookie,
    params: { courseId },
  });
const progress = (account: TestAccount, courseId: string) =>
  callRoute(route(progressRoute), { cookie: account.cookie, params: { courseId } });

async function lessonJobs(ids: string[]) {
  return (await getDb()).select().from(jobs).where(inArray(jobs.subject, ids));
}

/** Runs due jobs here until every lesson of the course has its text (inline runs may be going too). */
async function writeUntilDone(account: TestAccount, courseId: string) {
  await waitFor(
    async () => {
      await runDueJobs({ budgetMs: 2_000 });
      const answer = await progress(account, courseId);
      return answer.json.written === answer.json.total;
    },
    "every lesson written",
    { timeoutMs: 30_000, everyMs: 100 },
  );
}

describe("write all lessons", () => {
  it("writes every unwritten lesson once, in the background, with progress per topic (a Free account)", async () => {
    const account = await signedUpUser();
    const { courseId, rows } = await course(account.id, 2, 3);

    const before = await progress(account, courseId);
    expect(before.status).toBe(200);
    expect(before.json).toMatchObject({ written: 1, total: 6, failed: 0, running: 0, queued: 0, batch: 0 });
    expect(before.json.topics).toEqual([
      { id: expect.any(String), written: 1, total: 3 },
      { id: expect.any(String), written: 0, total: 3 },
    ]);

    const started = await writeAll(account, courseId);
    expect(started.status).toBe(202);
    expect(started.json).toMatchObject({ success: true, queued: 5 });
    const queued = await lessonJobs(rows.map((r) => r.id));
    expect(queued).toHaveLength(5);
    expect(queued.every((job) => (job.payload as { paced?: boolean }).paced === true)).toBe(true);
    expect((await progress(account, courseId)).json.batch).toBeGreaterThan(0);

    // Asking again while they are on their way writes nothing twice (some may be written by now;
    // one stored just after this read gets a job that finds its text and ends, no model call).
    const again = await writeAll(account, courseId);
    expect(again.status).toBe(202);
    expect(again.json.queued).toBeLessThanOrEqual(5);

    await writeUntilDone(account, courseId);
    const after = await progress(account, courseId);
    expect(after.json).toMatchObject({ written: 6, total: 6, failed: 0, running: 0, queued: 0, batch: 0 });
    expect(after.json.topics.map((t: { written: number }) => t.written)).toEqual([3, 3]);
    for (const row of rows.slice(1)) expect(lessonCallsOf(row.title)).toHaveLength(1);
    expect(lessonCallsOf(rows[0].title)).toHaveLength(0);
    // Written is not read: the learner's progress is untouched.
    const stored = await Promise.all(rows.map(async (r) => (await lessonWithOwnerProgress(r.id))!));
    expect(stored.filter((l) => l.done)).toHaveLength(0);
    expect(stored.every((l) => l.theory.length > 0 && l.openedAt === null)).toBe(true);

    // Nothing left to write: nothing queued.
    expect((await writeAll(account, courseId)).json).toMatchObject({ queued: 0 });
  });

  it("is cancelled: the lessons still waiting are not written", async () => {
    const account = await signedUpUser();
    const { courseId, rows } = await course(account.id, 2, 2);
    // Pacing keeps them waiting: one lesson a window at most.
    await withSettings({ AI_RATE_LIMIT_PER_MINUTE: "1" }, async () => {
      await clearRateLimit(aiRateLimitKey(account.id));
      await (await getDb()).insert((await import("@/server/db/schema")).rateLimits).values({
        key: aiRateLimitKey(account.id),
        count: 1,
        resetAt: sql`now() + interval '1 minute'`,
      });
      expect((await writeAll(account, courseId)).json).toMatchObject({ queued: 3 });
      const cancelled = await writeAll(account, courseId, "DELETE");
      expect(cancelled.status).toBe(200);
      expect(cancelled.json.cancelled).toBeGreaterThanOrEqual(1);
      await waitFor(async () => (await progress(account, courseId)).json.running === 0, "no lesson being written", {
        timeoutMs: 10_000,
      });
      // Nothing of this course is left to run.
      await runDueJobs({ budgetMs: 500 });
      const answer = await progress(account, courseId);
      expect(answer.json).toMatchObject({ written: 1, total: 4, queued: 0, running: 0 });
      const statuses = (await lessonJobs(rows.map((r) => r.id))).map((job) => job.status);
      expect(statuses.every((s) => s === "cancelled")).toBe(true);
      for (const row of rows.slice(1)) expect(lessonCallsOf(row.title)).toHaveLength(0);
    });
  });

  it("keeps within the user's AI rate limit by waiting, not failing; the learner's own lesson goes first", async () => {
    const account = await signedUpUser();
    const { courseId, rows } = await course(account.id, 2, 4);
    await withSettings({ AI_RATE_LIMIT_PER_MINUTE: "4" }, async () => {
      // Four a minute: the batch takes three of them, leaving one for the learner.
      expect((await writeAll(account, courseId)).json).toMatchObject({ queued: 7 });
      await waitFor(
        async () => {
          await runDueJobs({ budgetMs: 1_000 });
          const answer = await progress(account, courseId);
          if (answer.json.written !== 4 || answer.json.running !== 0) return false;
          // Under load one sweep's budget may end before it reaches every waiting job:
          // wait until each has been tried and put back until the window ends.
          const queued = (await lessonJobs(rows.map((r) => r.id))).filter((job) => job.status === "queued");
          return queued.every((job) => job.runAfter.getTime() > Date.now());
        },
        "three lessons of the batch written and the rest waiting for the window",
        { timeoutMs: 20_000, everyMs: 100 },
      );
      const waiting = (await lessonJobs(rows.map((r) => r.id))).filter((job) => job.status === "queued");
      expect(waiting).toHaveLength(4);
      // Waiting for the window to end, with no attempt spent and no error.
      for (const job of waiting) {
        expect(job.attempts).toBe(0);
        expect(job.lastError).toBeNull();
        // Put back until the minute's window ends, not retried at once.
        expect(job.runAfter.getTime()).toBeGreaterThan(Date.now() + 20_000);
      }
      expect((await progress(account, courseId)).json).toMatchObject({ failed: 0, queued: 4, batch: 4 });

      // The learner opens a lesson still waiting: it is written now, through the same job.
      const wanted = waiting[waiting.length - 1];
      const opened = await callRoute(lessonStream, {
        cookie: account.cookie,
        body: { courseId, lessonId: wanted.subject },
      });
      expect(opened.status).toBe(200);
      const events = opened.text
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as { type: string });
      expect(events[events.length - 1]).toMatchObject({ type: "done" });
      const [job] = (await lessonJobs([wanted.subject])).filter((j) => j.id === wanted.id);
      expect(job).toMatchObject({ status: "succeeded", attempts: 1 });

      // The window ends: the rest are written.
      await clearRateLimit(aiRateLimitKey(account.id));
      await (
        await getDb()
      )
        .update(jobs)
        .set({ runAfter: sql`now()` })
        .where(eq(jobs.status, "queued"));
      await waitFor(
        async () => {
          await runDueJobs({ budgetMs: 1_000 });
          return (await progress(account, courseId)).json.written === 8;
        },
        "three more",
        { timeoutMs: 20_000, everyMs: 100 },
      );
      for (const row of rows.slice(1)) expect(lessonCallsOf(row.title).length).toBeLessThanOrEqual(1);
    });
  });

  it("tries a paced lesson again later when the model fails, and counts a lesson whose job failed", async () => {
    const account = await signedUpUser();
    const { courseId, rows } = await course(account.id, 1, 2);
    const target = rows[1];
    // The model fails every call of the first attempt (generateLesson's own four included); the
    // retry waits a minute, so the queued job can be looked at before it runs again.
    ai.model().script({ match: `"lesson": ${JSON.stringify(target.title)}`, behaviour: "status-500" });
    const restore = withSettings({ JOBS_RETRY_BASE_MS: "60000" });
    try {
      expect((await writeAll(account, courseId)).json).toMatchObject({ queued: 1 });
      await waitFor(
        async () => {
          await runDueJobs({ budgetMs: 500 });
          const [job] = await lessonJobs([target.id]);
          return job.attempts === 1 && job.status === "queued";
        },
        "the first attempt to go back to the queue",
        { timeoutMs: 20_000, everyMs: 100 },
      );
    } finally {
      restore();
    }
    const [waiting] = await lessonJobs([target.id]);
    expect(waiting.lastError).toMatchObject({ code: "ai:unavailable" });
    expect((await progress(account, courseId)).json).toMatchObject({ written: 1, failed: 0, queued: 1 });
    // The model is back: the next attempt writes it.
    ai.model().reset();
    await waitFor(
      async () => {
        await (
          await getDb()
        )
          .update(jobs)
          .set({ runAfter: sql`now()` })
          .where(eq(jobs.status, "queued"));
        await runDueJobs({ budgetMs: 1_000 });
        return (await progress(account, courseId)).json.written === 2;
      },
      "the lesson written on a later attempt",
      { timeoutMs: 20_000, everyMs: 100 },
    );
    const [job] = await lessonJobs([target.id]);
    expect(job).toMatchObject({ status: "succeeded", attempts: 2 });

    // A lesson whose job failed for good shows as failed until written.
    const other = await course(account.id, 1, 2);
    await (await getDb()).insert(jobs).values({
      kind: "lesson.write",
      subject: other.rows[1].id,
      payload: { courseId: other.courseId, userId: account.id, regenerate: false },
      status: "failed",
      lastError: { code: "lesson:generation-failed", message: "x" },
    });
    expect((await progress(account, other.courseId)).json).toMatchObject({ written: 1, total: 2, failed: 1 });
  });

  it("answers 404 for another user's course, 401 signed out, and refuses another origin", async () => {
    const owner = await signedUpUser();
    const stranger = await signedUpUser();
    const { courseId, rows } = await course(owner.id, 1, 2);
    expect((await writeAll(stranger, courseId)).status).toBe(404);
    expect((await writeAll(stranger, courseId, "DELETE")).status).toBe(404);
    expect((await progress(stranger, courseId)).status).toBe(404);
    expect(
      (await callRoute(route(progressRoute), { params: { courseId: "not-a-uuid" }, cookie: owner.cookie })).status,
    ).toBe(404);
    expect((await callRoute(route(writeAllRoute), { method: "POST", params: { courseId } })).status).toBe(401);
    const foreign = await callRoute(route(writeAllRoute), {
      method: "POST",
      cookie: owner.cookie,
      params: { courseId },
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(foreign.status).toBe(403);
    expect(await lessonJobs(rows.map((r) => r.id))).toHaveLength(0);
  });
});
