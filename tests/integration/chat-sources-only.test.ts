/**
 * The Course Assistant says when "Only from my sources" holds (issue 33): the history the panel
 * opens with carries `sourcesOnly`, true only while the switch is on and the course has material
 * to answer from (without material the tutor answers as usual, so saying it would be untrue).
 */
import { POST as chatHistory } from "@/app/api/chat/history/route";
import { PUT as sourcesOnlyRoute } from "@/app/api/courses/[courseId]/sources-only/route";
import { POST as addSource } from "@/app/api/sources/route";
import { settleJobs } from "@/server/jobs";
import { paidUser } from "../setup/accounts";
import { callRoute } from "../setup/http";
import { seedCourse } from "../setup/seed-course";
import { useTestDatabase } from "../setup/test-db";

useTestDatabase();

const setSourcesOnly = (cookie: string, courseId: string, sourcesOnly: boolean) =>
  callRoute(sourcesOnlyRoute as never, {
    method: "PUT",
    cookie,
    body: { sourcesOnly },
    params: { courseId },
    url: `http://localhost:3000/api/courses/${courseId}/sources-only`,
  });

const history = async (cookie: string, courseId: string) => {
  const res = await callRoute(chatHistory, { cookie, body: { courseId } });
  expect(res.status).toBe(200);
  return res.json as { messages: unknown[]; sourcesOnly: boolean };
};

describe("POST /api/chat/history: sourcesOnly", () => {
  it("is true while the switch is on and the course has material, and false otherwise", async () => {
    const { cookie, userId } = await paidUser();
    const course = await seedCourse(userId, {
      mainTopic: "Otters",
      topics: [{ title: "Sleep", lessons: [{ title: "Rafts" }] }],
    });

    // The switch on, but no material yet: the tutor answers as usual.
    expect((await setSourcesOnly(cookie, course.id, true)).status).toBe(200);
    expect(await history(cookie, course.id)).toMatchObject({ messages: [], sourcesOnly: false });

    const added = await callRoute(addSource, {
      cookie,
      body: {
        title: "Otter notes",
        text: "Sea otters hold hands while they sleep so that the current does not carry them apart.",
        courseId: course.id,
      },
    });
    expect(added.status).toBe(202);
    await settleJobs(["source.ingest"]);
    expect((await history(cookie, course.id)).sourcesOnly).toBe(true);

    expect((await setSourcesOnly(cookie, course.id, false)).status).toBe(200);
    expect((await history(cookie, course.id)).sourcesOnly).toBe(false);
  });

  it("tells another learner nothing about the course", async () => {
    const owner = await paidUser();
    const stranger = await paidUser();
    const course = await seedCourse(owner.userId, {
      mainTopic: "Otters",
      topics: [{ title: "Sleep", lessons: [{ title: "Rafts" }] }],
    });
    const res = await callRoute(chatHistory, { cookie: stranger.cookie, body: { courseId: course.id } });
    expect(res.status).toBe(404);
    expect(res.json).not.toHaveProperty("sourcesOnly");
  });
});
