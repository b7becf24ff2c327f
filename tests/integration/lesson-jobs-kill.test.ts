/**
 * Lesson jobs when workers die or race: a worker that stopped mid-lesson is taken over once its
 * lease runs out and the lesson is stored once; one stopped with SIGTERM hands its lesson back
 * at once, so it is taken over with no lease waited out; two workers on one PostgreSQL share 32
 * lesson jobs, each lesson written once with one model call. Real database, the fake model over HTTP.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { registerLessonJobs } from "@/features/learning/lesson-job";
import { setAiConfigForTests } from "@/server/ai/model";
import { getDb } from "@/server/db/client";
import { jobs, lessons } from "@/server/db/schema";
import { enqueueJob, jobById, runDueJobs } from "@/server/jobs";
import { startFakeMedia, type FakeMedia } from "../fakes/media";
import { startFakeModel, type FakeModel } from "../fakes/openai-compatible";
import { signedUpUser } from "../setup/accounts";
import { lessonCalls } from "../setup/fake-ai";
import { lessonJobHeldElsewhere } from "../setup/jobs";
import { lessonsOf, seedCourse } from "../setup/seed-course";
import { resetSettings } from "../setup/settings";
import { useTestDatabase } from "../setup/test-db";
import { waitFor } from "../setup/wait";

process.env.AI_RETRY_BASE_MS = "10";
process.env.AI_TIMEOUT_MS = "5000";
process.env.MEDIA_TIMEOUT_MS = "300";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL?.trim());

const database = useTestDatabase();

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
  registerLessonJobs();
});

afterAll(async () => {
  setAiConfigForTests(undefined);
  await Promise.all([model.close(), media.close()]);
});

beforeEach(() => {
  model.reset();
  model.configure({ firstTokenDelayMs: 0, tokensPerSecond: 0 });
});

/** A course of empty lessons whose titles carry a marker, to count the model's calls per lesson. */
async function courseOfEmptyLessons(userId: string, count: number) {
  const marker = randomUUID().slice(0, 8);
  const perTopic = 8;
  const course = await seedCourse(userId, {
    mainTopic: "Tides",
    topics: Array.from({ length: Math.ceil(count / perTopic) }, (_, topic) => ({
      title: `Topic ${topic + 1}`,
      lessons: Array.from({ length: Math.min(perTopic, count - topic * perTopic) }, (_, i) => ({
        title: `Lesson ${topic * perTopic + i + 1} kill-${marker}-${topic * perTopic + i}`,
      })),
    })),
  });
  return { courseId: course.id, lessons: await lessonsOf(course.id) };
}

const lessonRequests = (title: string) => lessonCalls(model, title);

async function lessonRows(ids: string[]) {
  return (await getDb()).select().from(lessons).where(inArray(lessons.id, ids));
}

describe(`lesson jobs whose worker dies (${onPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("a job whose worker died mid-lesson is taken over after its lease and the lesson is stored once", async () => {
    const { userId } = await signedUpUser();
    const { courseId, lessons: rows } = await courseOfEmptyLessons(userId, 1);
    const lesson = rows[0];
    // The dead worker had claimed the job (a 500 ms lease it will never renew) and written a draft.
    const dead = await lessonJobHeldElsewhere({ lessonId: lesson.id, courseId, userId }, 500, "dead-worker");
    await dead.draft("## Half a lesson");
    // Before the lease runs out, nobody takes it.
    expect(await runDueJobs({ budgetMs: 1_000, owner: "survivor" })).toMatchObject({ claimed: 0 });
    await new Promise((resolve) => setTimeout(resolve, 600));
    const counts = await runDueJobs({ budgetMs: 10_000, owner: "survivor" });
    expect(counts).toMatchObject({ claimed: 1, succeeded: 1 });
    const [stored] = await lessonRows([lesson.id]);
    expect(stored.theory).toMatch(/<h2>|<p>/);
    expect(stored.draft).toBeNull();
    expect(stored.generatedAt).toBeInstanceOf(Date);
    expect(lessonRequests(lesson.title)).toHaveLength(1);
    expect(await jobById(dead.id)).toMatchObject({ status: "succeeded", attempts: 2, leaseOwner: null });
    // The dead worker coming back cannot finish the job a second time.
    const { finishJob } = await import("@/server/jobs/queries");
    expect(await finishJob(dead.id, "dead-worker", { status: "succeeded" })).toBe(false);
  });

  it("a job taken over after its lesson was stored (the worker died before marking it) does not write it again", async () => {
    const { userId } = await signedUpUser();
    const { courseId, lessons: rows } = await courseOfEmptyLessons(userId, 1);
    const lesson = rows[0];
    const dead = await lessonJobHeldElsewhere({ lessonId: lesson.id, courseId, userId }, 300, "dead-worker");
    await (
      await getDb()
    )
      .update(lessons)
      .set({ theory: "<p>Stored before the crash.</p>" })
      .where(eq(lessons.id, lesson.id));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await runDueJobs({ budgetMs: 5_000, owner: "survivor" })).toMatchObject({ claimed: 1, succeeded: 1 });
    expect((await lessonRows([lesson.id]))[0].theory).toBe("<p>Stored before the crash.</p>");
    expect(lessonRequests(lesson.title)).toHaveLength(0);
    expect((await jobById(dead.id))?.status).toBe("succeeded");
  });
});

const onPostgresIt = onPostgres ? it : it.skip;

describe("two workers on one database", () => {
  if (!onPostgres) {
    it.skip("need PostgreSQL (TEST_DATABASE_URL): PGlite is one connection in one process, so nothing races for rows", () => {});
  }

  onPostgresIt(
    "share 32 lesson jobs: every lesson is written once and the model is called once per lesson",
    async () => {
      const { userId } = await signedUpUser();
      const { courseId, lessons: rows } = await courseOfEmptyLessons(userId, 32);
      expect(rows).toHaveLength(32);
      model.configure({ firstTokenDelayMs: 20, tokensPerSecond: 400 });
      const ids = await Promise.all(
        rows.map((lesson) =>
          enqueueJob({
            kind: "lesson.write",
            subject: lesson.id,
            payload: { courseId, userId, regenerate: false },
            userId,
          }),
        ),
      );
      expect(ids.every((r) => r.created)).toBe(true);
      const [a, b] = await Promise.all([
        runDueJobs({ budgetMs: 60_000, concurrency: 4, owner: "worker-a" }),
        runDueJobs({ budgetMs: 60_000, concurrency: 4, owner: "worker-b" }),
      ]);
      expect(a.claimed + b.claimed).toBe(32);
      expect(a.succeeded + b.succeeded).toBe(32);
      // Both took part.
      expect(a.claimed).toBeGreaterThan(0);
      expect(b.claimed).toBeGreaterThan(0);
      const stored = await lessonRows(rows.map((r) => r.id));
      for (const row of stored) {
        expect(row.theory).toMatch(/<h2>|<p>/);
        expect(row.draft).toBeNull();
      }
      for (const lesson of rows) expect(lessonRequests(lesson.title)).toHaveLength(1);
      const finished = await (
        await getDb()
      )
        .select({ status: jobs.status, attempts: jobs.attempts })
        .from(jobs)
        .where(
          inArray(
            jobs.subject,
            rows.map((r) => r.id),
          ),
        );
      expect(finished).toHaveLength(32);
      expect(finished.every((j) => j.status === "succeeded" && j.attempts === 1)).toBe(true);
    },
    90_000,
  );
});

describe("a worker process killed with SIGKILL", () => {
  if (!onPostgres) {
    it.skip("needs PostgreSQL (TEST_DATABASE_URL): a second process cannot open this test's in-memory PGlite", () => {});
  }

  onPostgresIt(
    "mid-lesson: its job is taken over once the lease runs out and the lesson is stored once",
    async () => {
      const { userId } = await signedUpUser();
      const { courseId, lessons: rows } = await courseOfEmptyLessons(userId, 1);
      const lesson = rows[0];
      // Slow enough that the child is still writing when it is killed.
      model.configure({ firstTokenDelayMs: 0, tokensPerSecond: 10 });
      const { id } = await enqueueJob({
        kind: "lesson.write",
        subject: lesson.id,
        payload: { courseId, userId, regenerate: false },
        userId,
      });
      const child = spawn(
        process.execPath,
        [
          "--require",
          path.join(__dirname, "children", "server-only.cjs"),
          "--import",
          "tsx",
          path.join(__dirname, "children", "lesson-worker.ts"),
        ],
        {
          cwd: process.cwd(),
          env: {
            ...process.env,
            NODE_OPTIONS: "",
            DATABASE_URL: database().url,
            JOBS_LEASE_MS: "1500",
            CHILD_AI_BASE_URL: model.baseURL,
            CHILD_AI_MODEL: model.model,
            LOG_LEVEL: "silent",
          },
          stdio: ["ignore", "ignore", "pipe", "ipc"],
        },
      );
      let stderr = "";
      child.stderr?.on("data", (chunk) => (stderr += String(chunk)));
      const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
        child.on("exit", (code, signal) => resolve(signal ?? code)),
      );
      try {
        // The child claimed the job and has flushed part of the lesson.
        await waitFor(
          async () => Boolean((await lessonRows([lesson.id]))[0].draft) || child.exitCode !== null,
          "the child worker's first draft",
          { timeoutMs: 30_000, everyMs: 50 },
        );
        expect({ exitCode: child.exitCode, stderr }).toMatchObject({ exitCode: null });
        expect(await jobById(id)).toMatchObject({ status: "running", leaseOwner: "child-worker", attempts: 1 });
      } finally {
        child.kill("SIGKILL");
      }
      expect(await exited).toBe("SIGKILL");
      model.configure({ firstTokenDelayMs: 0, tokensPerSecond: 0 });
      // Nobody takes it while the dead child's lease is live; once it runs out, the survivor does.
      await waitFor(
        async () => (await runDueJobs({ budgetMs: 10_000, owner: "survivor" })).claimed === 1,
        "the job to be taken over",
        { timeoutMs: 10_000, everyMs: 200 },
      );
      const [stored] = await lessonRows([lesson.id]);
      expect(stored.theory).toMatch(/<h2>|<p>/);
      expect(stored.draft).toBeNull();
      expect(await jobById(id)).toMatchObject({ status: "succeeded", attempts: 2, leaseOwner: null });
      // The child's cut-off call and the survivor's: one lesson stored.
      expect(lessonRequests(lesson.title)).toHaveLength(2);
    },
    60_000,
  );
});

describe("a worker process stopped with SIGTERM", () => {
  if (!onPostgres) {
    it.skip("needs PostgreSQL (TEST_DATABASE_URL): a second process cannot open this test's in-memory PGlite", () => {});
  }

  onPostgresIt(
    "mid-lesson: it hands the job back at once and exits; the survivor writes the lesson without waiting for the lease",
    async () => {
      const { userId } = await signedUpUser();
      const { courseId, lessons: rows } = await courseOfEmptyLessons(userId, 1);
      const lesson = rows[0];
      model.configure({ firstTokenDelayMs: 0, tokensPerSecond: 10 });
      const { id } = await enqueueJob({
        kind: "lesson.write",
        subject: lesson.id,
        payload: { courseId, userId, regenerate: false },
        userId,
      });
      const child = spawn(
        process.execPath,
        [
          "--require",
          path.join(__dirname, "children", "server-only.cjs"),
          "--import",
          "tsx",
          path.join(__dirname, "children", "lesson-worker.ts"),
        ],
        {
          cwd: process.cwd(),
          env: {
            ...process.env,
            NODE_OPTIONS: "",
            DATABASE_URL: database().url,
            // Ten minutes: a takeover within this test can only come from the hand-back.
            JOBS_LEASE_MS: "600000",
            CHILD_AI_BASE_URL: model.baseURL,
            CHILD_AI_MODEL: model.model,
            LOG_LEVEL: "silent",
          },
          stdio: ["ignore", "ignore", "pipe", "ipc"],
        },
      );
      let stderr = "";
      child.stderr?.on("data", (chunk) => (stderr += String(chunk)));
      const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
        child.on("exit", (code, signal) => resolve(signal ?? code)),
      );
      try {
        await waitFor(
          async () => Boolean((await lessonRows([lesson.id]))[0].draft) || child.exitCode !== null,
          "the child worker's first draft",
          { timeoutMs: 30_000, everyMs: 50 },
        );
        expect({ exitCode: child.exitCode, stderr }).toMatchObject({ exitCode: null });
        expect(await jobById(id)).toMatchObject({ status: "running", leaseOwner: "child-worker", attempts: 1 });
      } finally {
        child.kill("SIGTERM");
      }
      expect(await exited).toBe("SIGTERM");
      expect(stderr).toBe("");
      // Back in the queue before the child was gone: due now, its attempt given back.
      expect(await jobById(id)).toMatchObject({ status: "queued", leaseOwner: null, attempts: 0, lastError: null });
      model.configure({ firstTokenDelayMs: 0, tokensPerSecond: 0 });
      expect(await runDueJobs({ budgetMs: 10_000, owner: "survivor" })).toMatchObject({ claimed: 1, succeeded: 1 });
      const [stored] = await lessonRows([lesson.id]);
      expect(stored.theory).toMatch(/<h2>|<p>/);
      expect(await jobById(id)).toMatchObject({ status: "succeeded", attempts: 1, leaseOwner: null });
      // The child's call, cut off by the stop, and the survivor's: one lesson stored.
      const calls = lessonRequests(lesson.title);
      expect(calls).toHaveLength(2);
      expect(calls.filter((call) => call.completed)).toHaveLength(1);
    },
    60_000,
  );
});
