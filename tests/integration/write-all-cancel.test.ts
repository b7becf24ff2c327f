/**
 * Calling "Write all lessons" off (issue 32 item 9): a lesson being written when the batch is
 * cancelled stops at once and stores nothing, and the lesson the learner has open, even one the
 * batch was already writing, is spared and written to the end. Real database, the fake model
 * over HTTP, through the routes.
 */
import { randomUUID } from "node:crypto";
import { inArray } from "drizzle-orm";
import { DELETE as cancelRoute, POST as writeAllRoute } from "@/app/api/courses/[courseId]/write-all/route";
import { POST as lessonStream } from "@/app/api/lesson/stream/route";
import { getDb } from "@/server/db/client";
import { jobs, lessons } from "@/server/db/schema";
import { jobEvents, JOB_PRIORITY, runDueJobs } from "@/server/jobs";
import { signedUpUser, type TestAccount } from "../setup/accounts";
import { callRoute } from "../setup/http";
import { lessonCalls, useFakeAi } from "../setup/fake-ai";
import { lessonsOf, seedCourse } from "../setup/seed-course";
import { useTestDatabase } from "../setup/test-db";
import { waitFor } from "../setup/wait";

process.env.AI_RETRY_BASE_MS = "10";
process.env.AI_TIMEOUT_MS = "5000";
process.env.MEDIA_TIMEOUT_MS = "300";

useTestDatabase();

const ai = useFakeAi();

/** A course whose first lesson is written and the `unwritten` others are not. */
async function course(userId: string, unwritten: number) {
  const marker = randomUUID().slice(0, 8);
  const seeded = await seedCourse(userId, {
    mainTopic: "Tides",
    topics: [
      {
        title: "Topic 1",
        lessons: Array.from({ length: unwritten + 1 }, (_, l) => ({
          title: `Lesson 1.${l + 1} cancel-${marker}-${l}`,
          theory: l === 0 ? "<p>Written already.</p>" : undefined,
        })),
      },
    ],
  });
  return { courseId: seeded.id, rows: (await lessonsOf(seeded.id)).slice(1) };
}

const route = (handler: unknown) => handler as Parameters<typeof callRoute>[0];
const writeAll = (account: TestAccount, courseId: string, method: "POST" | "DELETE") =>
  callRoute(route(method === "POST" ? writeAllRoute : cancelRoute), {
    method,
    cookie: account.cookie,
    params: { courseId },
  });

async function lessonRows(ids: string[]) {
  return (await getDb()).select().from(lessons).where(inArray(lessons.id, ids));
}
async function jobsOf(ids: string[]) {
  return (await getDb()).select().from(jobs).where(inArray(jobs.subject, ids));
}

describe("cancelling write all lessons", () => {
  it("stops a lesson being written at once: its model call is cut and nothing is stored", async () => {
    const account = await signedUpUser();
    const { courseId, rows } = await course(account.id, 1);
    const lesson = rows[0];
    // A lesson of about ten seconds: well under way when the batch is called off.
    ai.model().configure({ firstTokenDelayMs: 0, tokensPerSecond: 20 });
    expect((await writeAll(account, courseId, "POST")).json).toMatchObject({ queued: 1 });
    // No worker runs in this process: the request started the job here, inline.
    await waitFor(async () => Boolean((await lessonRows([lesson.id]))[0].draft), "the lesson's first draft", {
      timeoutMs: 20_000,
      everyMs: 50,
    });
    const [running] = await jobsOf([lesson.id]);
    expect(running.status).toBe("running");

    const ended = new Promise<string>((resolve) =>
      jobEvents().on("finished", (id: string, outcome: string) => id === running.id && resolve(outcome)),
    );
    const cancelled = await writeAll(account, courseId, "DELETE");
    expect(cancelled.json).toMatchObject({ success: true, cancelled: 1 });
    // The run stops at once (this process heard of the cancel), its attempt dropped.
    expect(await ended).toBe("lost");
    expect((await runDueJobs({ budgetMs: 200 })).claimed).toBe(0);
    // The model call was cut, not written to the end and thrown away.
    const calls = lessonCalls(ai.model(), lesson.title);
    expect(calls).toHaveLength(1);
    expect(calls[0].completed).toBe(false);
    const [stored] = await lessonRows([lesson.id]);
    expect(stored.theory).toBe("");
    expect(stored.generatedAt).toBeNull();
    expect((await jobsOf([lesson.id])).map((job) => job.status)).toEqual(["cancelled"]);
  });

  it("spares the lesson the learner has open, even one the batch was writing, and stops the rest", async () => {
    const account = await signedUpUser();
    const { courseId, rows } = await course(account.id, 3);
    const [open, ...others] = rows;
    // Slow enough that the learner opens the first while the batch writes it, and the others wait.
    ai.model().configure({ firstTokenDelayMs: 0, tokensPerSecond: 40 });
    expect((await writeAll(account, courseId, "POST")).json).toMatchObject({ queued: 3 });
    await waitFor(async () => Boolean((await lessonRows([open.id]))[0].draft), "the batch to be writing the first", {
      timeoutMs: 20_000,
      everyMs: 50,
    });
    // The learner opens it: the stream joins the batch's running job, which is theirs from now on.
    const streamed = callRoute(lessonStream, { cookie: account.cookie, body: { courseId, lessonId: open.id } });
    await waitFor(
      async () => {
        const [job] = (await jobsOf([open.id])).filter((j) => j.status === "running");
        return Boolean(job && (job.payload as { paced?: boolean }).paced === false);
      },
      "the open lesson's job to leave the batch",
      { timeoutMs: 20_000, everyMs: 50 },
    );
    const [adopted] = (await jobsOf([open.id])).filter((j) => j.status === "running");
    expect(adopted.priority).toBe(JOB_PRIORITY.wanted);

    const cancelled = await writeAll(account, courseId, "DELETE");
    expect(cancelled.json.cancelled).toBeGreaterThanOrEqual(1);

    // The open lesson is written to the end through the same job, and the learner gets it.
    const answer = await streamed;
    expect(answer.status).toBe(200);
    const events = answer.text
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { type: string });
    expect(events[events.length - 1]).toMatchObject({ type: "done" });
    const [written] = await lessonRows([open.id]);
    expect(written.theory).toMatch(/<p>|<h2>/);
    expect(await jobsOf([open.id])).toEqual([expect.objectContaining({ id: adopted.id, status: "succeeded" })]);
    expect(lessonCalls(ai.model(), open.title)).toHaveLength(1);

    // The others: cancelled, nothing stored, nothing left to run.
    await runDueJobs({ budgetMs: 500 });
    for (const row of await lessonRows(others.map((o) => o.id))) expect(row.theory).toBe("");
    for (const job of await jobsOf(others.map((o) => o.id))) expect(job.status).toBe("cancelled");
  });
});
