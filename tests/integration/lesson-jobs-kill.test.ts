/**
 * Lesson jobs when workers die or race: a worker that stopped mid-lesson is taken over once its
 * lease runs out and the lesson is stored once; two workers on one PostgreSQL share 32 lesson
 * jobs, each lesson written once with one model call. Real database, the fake model over HTTP.
 */
import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { registerLessonJobs } from "@/features/learning/service";
import { setAiConfigForTests } from "@/server/ai/model";
import { getDb } from "@/server/db/client";
import { jobs, lessons } from "@/server/db/schema";
import { enqueueJob, jobById, runDueJobs } from "@/server/jobs";
import { startFakeMedia, type FakeMedia } from "../fakes/media";
import { startFakeModel, type FakeModel } from "../fakes/openai-compatible";
import { signedUpUser } from "../setup/accounts";
import { lessonJobHeldElsewhere } from "../setup/jobs";
import { lessonsOf, seedCourse } from "../setup/seed-course";
import { resetSettings } from "../setup/settings";
import { useTestDatabase } from "../setup/test-db";

process.env.AI_RETRY_BASE_MS = "10";
process.env.AI_TIMEOUT_MS = "5000";
process.env.MEDIA_TIMEOUT_MS = "300";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL?.trim());

useTestDatabase();

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

/**
 * The model's lesson-writing requests for one lesson (image search phrases are JSON requests).
 * Every lesson's prompt lists the course's other titles too, so the lesson is matched as the
 * prompt's data block names it.
 */
function lessonRequests(title: string) {
  const named = `"lesson": ${JSON.stringify(title)}`;
  return model.requests.filter((r) => !r.responseFormat && r.messages.some((m) => m.content.includes(named)));
}

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
