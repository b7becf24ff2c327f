/**
 * Classes (issue 34 items 4, 5 and 7) against a real database and the fake model over HTTP: a
 * paid user makes a class, learners join by code and are enrolled in what it is given, teachers
 * see the class's learners in the class's courses only, with each quiz's item analysis; every
 * route is tried as the owner, a co-teacher, a member, another member, an outsider, an admin and
 * anonymously.
 */
import { POST as createRoute } from "@/app/api/classes/route";
import { GET as pageRoute } from "@/app/api/classes/[classId]/route";
import { POST as assignRoute } from "@/app/api/classes/[classId]/assignments/route";
import { POST as codeRoute } from "@/app/api/classes/[classId]/code/route";
import { GET as itemsRoute } from "@/app/api/classes/[classId]/items/route";
import { GET as learnersRoute } from "@/app/api/classes/[classId]/learners/route";
import { GET as learnersCsvRoute } from "@/app/api/classes/[classId]/learners.csv/route";
import { DELETE as memberRoute } from "@/app/api/classes/[classId]/members/[userId]/route";
import { POST as teachersRoute } from "@/app/api/classes/[classId]/teachers/route";
import { POST as joinRoute } from "@/app/api/classes/join/route";
import { POST as submit } from "@/app/api/quiz/submit/route";
import { findLearnerCourse } from "@/features/courses/server";
import { paidUser, signedUpUser, type TestAccount } from "../setup/accounts";
import { callRoute } from "../setup/http";
import { rightAnswers, serveQuiz, useQuizModel, wrongAnswers } from "../setup/quiz";
import { seedCourse } from "../setup/seed-course";
import { useTestDatabase } from "../setup/test-db";

useTestDatabase();
useQuizModel();

const ORIGIN = { origin: "http://localhost:3000" };
type Who = TestAccount | null;

/** Calls a class route as `who` (null: signed out); routes with params are typed by them. */
function call(
  handler: unknown,
  who: Who,
  options: { method?: string; params?: Record<string, string>; body?: unknown; query?: string } = {},
) {
  return callRoute(handler as never, {
    method: options.method ?? (options.body === undefined ? "GET" : "POST"),
    cookie: who?.cookie,
    params: options.params,
    body: options.body,
    headers: ORIGIN,
    url: `http://localhost:3000/api/classes/x${options.query ? `?${options.query}` : ""}`,
  });
}

/** A course of two topics whose lessons are all written, private to its owner. */
async function writtenCourse(ownerId: string, mainTopic = "Tides") {
  const course = await seedCourse(ownerId, {
    mainTopic,
    topics: [
      { title: "Moon", lessons: [{ title: "Pull", theory: "<p>The moon pulls the sea.</p>" }] },
      { title: "Sun", lessons: [{ title: "Spring tides", theory: "<p>Sun and moon in line.</p>" }] },
    ],
  });
  return course.id;
}

/** A class with an owner, a co-teacher, two learners and one course given to it. */
async function classWithEveryone() {
  const owner = await paidUser({ name: "Tereza Teacher" });
  const coTeacher = await signedUpUser({ name: "Caio Co" });
  const member = await signedUpUser({ name: "Mara Member" });
  const otherMember = await signedUpUser({ name: "Otto Other" });
  const outsider = await signedUpUser({ name: "Olga Outsider" });
  const admin = await signedUpUser({ name: "Ada Admin", role: "admin" });
  const made = await call(createRoute, owner, { body: { name: "Physics 9B" } });
  expect(made.status).toBe(201);
  const classId = made.json.id as string;
  const courseId = await writtenCourse(owner.userId);
  expect((await call(assignRoute, owner, { params: { classId }, body: { courseId } })).status).toBe(200);
  for (const learner of [member, otherMember]) {
    const joined = await call(joinRoute, learner, {
      body: { code: made.json.joinCode.toLowerCase().replace("-", "") },
    });
    expect(joined.json).toEqual({ classId });
  }
  expect((await call(teachersRoute, owner, { params: { classId }, body: { email: coTeacher.email } })).status).toBe(
    200,
  );
  return {
    owner,
    coTeacher,
    member,
    otherMember,
    outsider,
    admin,
    classId,
    courseId,
    joinCode: made.json.joinCode as string,
  };
}

describe("making and joining a class", () => {
  it("needs a paid plan, and gives a code learners join with", async () => {
    const free = await signedUpUser();
    const refused = await call(createRoute, free, { body: { name: "Free class" } });
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe("class:paid-plan");
    expect(refused.json.message).toMatch(/Monthly and Annual/);
    expect((await call(createRoute, null, { body: { name: "x" } })).status).toBe(401);
    const teacher = await paidUser();
    expect((await call(createRoute, teacher, { body: { name: "  " } })).status).toBe(400);
    const made = await call(createRoute, teacher, { body: { name: "Chemistry" } });
    expect(made.json.joinCode).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
    const learner = await signedUpUser();
    const unknown = await call(joinRoute, learner, { body: { code: "ZZZZ-ZZZZ" } });
    expect([unknown.status, unknown.json.code]).toEqual([404, "class:unknown-code"]);
    expect((await call(joinRoute, learner, { body: { code: made.json.joinCode } })).json).toEqual({
      classId: made.json.id,
    });
    // A new code: the old one stops working.
    const rotated = await call(codeRoute, teacher, { method: "POST", params: { classId: made.json.id } });
    expect(rotated.json.joinCode).not.toBe(made.json.joinCode);
    expect((await call(joinRoute, await signedUpUser(), { body: { code: made.json.joinCode } })).status).toBe(404);
  });

  it("enrols learners in the class's courses, which stay private to everyone else", async () => {
    const { member, outsider, courseId, owner, classId } = await classWithEveryone();
    expect((await findLearnerCourse(member.userId, courseId))?.isOwner).toBe(false);
    expect(await findLearnerCourse(outsider.userId, courseId)).toBeUndefined();
    // Given later: the learners already in the class are enrolled too.
    const later = await writtenCourse(owner.userId, "Waves");
    const due = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
    const assigned = await call(assignRoute, owner, { params: { classId }, body: { courseId: later, dueAt: due } });
    expect(assigned.json).toMatchObject({ success: true, courseId: later, dueAt: due });
    expect(await findLearnerCourse(member.userId, later)).toBeDefined();
    // What cannot be given: a course with a lesson unwritten, someone else's private course, a date gone by.
    const unwritten = (await seedCourse(owner.userId)).id;
    const refused = await call(assignRoute, owner, { params: { classId }, body: { courseId: unwritten } });
    expect([refused.status, refused.text]).toEqual([409, expect.stringContaining("course:lessons-unwritten")]);
    const theirs = await writtenCourse(outsider.userId, "Not yours");
    expect((await call(assignRoute, owner, { params: { classId }, body: { courseId: theirs } })).status).toBe(404);
    const past = await call(assignRoute, owner, {
      params: { classId },
      body: { courseId: later, dueAt: "2020-01-01T00:00:00Z" },
    });
    expect([past.status, past.json.code]).toEqual([400, "class:due-in-past"]);
  });
});

describe("who may do what", () => {
  it("answers each route by role: owner, co-teacher, member, another member, outsider, admin, anonymous", async () => {
    const c = await classWithEveryone();
    const as = (who: Who) => ({
      page: () => call(pageRoute, who, { params: { classId: c.classId } }),
      learners: () => call(learnersRoute, who, { params: { classId: c.classId } }),
      csv: () => call(learnersCsvRoute, who, { params: { classId: c.classId } }),
      items: () => call(itemsRoute, who, { params: { classId: c.classId }, query: `courseId=${c.courseId}` }),
      assign: () => call(assignRoute, who, { params: { classId: c.classId }, body: { courseId: c.courseId } }),
      code: () => call(codeRoute, who, { method: "POST", params: { classId: c.classId } }),
      teachers: () => call(teachersRoute, who, { params: { classId: c.classId }, body: { email: c.outsider.email } }),
    });
    const matrix: [string, Who, Record<string, number>][] = [
      ["owner", c.owner, { page: 200, learners: 200, csv: 200, items: 200, assign: 200, code: 200 }],
      [
        "co-teacher",
        c.coTeacher,
        { page: 200, learners: 200, csv: 200, items: 200, assign: 200, code: 403, teachers: 403 },
      ],
      ["member", c.member, { page: 200, learners: 403, csv: 403, items: 403, assign: 403, code: 403, teachers: 403 }],
      ["other member", c.otherMember, { page: 200, learners: 403, items: 403 }],
      [
        "outsider",
        c.outsider,
        { page: 404, learners: 404, csv: 404, items: 404, assign: 404, code: 404, teachers: 404 },
      ],
      ["admin", c.admin, { page: 404, learners: 404, items: 404, assign: 404 }],
      ["anonymous", null, { page: 401, learners: 401, csv: 401, items: 401, assign: 401, code: 401 }],
    ];
    for (const [role, who, expected] of matrix) {
      const routes = as(who);
      for (const [route, status] of Object.entries(expected)) {
        const answer = await routes[route as keyof typeof routes]();
        expect([role, route, answer.status]).toEqual([role, route, status]);
      }
    }
    // A learner sees the class and its courses, never who else is in it or the code.
    const seen = await as(c.member).page();
    expect(seen.json.learners).toEqual([]);
    expect(seen.json.class.joinCode).toBeNull();
    expect(seen.json.assignments.map((a: { courseId: string }) => a.courseId)).toEqual([c.courseId]);
    // From another origin, nothing changes.
    const foreign = await callRoute(codeRoute as never, {
      method: "POST",
      cookie: c.owner.cookie,
      params: { classId: c.classId },
      headers: { origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
  });

  it("lets a member leave, a teacher remove a learner, and only the owner remove a co-teacher", async () => {
    const c = await classWithEveryone();
    const remove = (who: Who, userId: string) =>
      call(memberRoute, who, { method: "DELETE", params: { classId: c.classId, userId } });
    expect((await remove(c.member, c.otherMember.userId)).json.code).toBe("class:teacher-only");
    expect((await remove(c.coTeacher, c.owner.userId)).json.code).toBe("class:owner-cannot-leave");
    expect((await remove(c.owner, c.owner.userId)).status).toBe(409);
    expect((await remove(c.outsider, c.member.userId)).status).toBe(404);
    expect((await remove(c.coTeacher, c.otherMember.userId)).status).toBe(200);
    expect((await remove(c.owner, c.outsider.userId)).json.code).toBe("class:not-member");
    // The member leaves: gone from the teacher's view, still enrolled in the course.
    expect((await remove(c.member, c.member.userId)).status).toBe(200);
    const view = await call(learnersRoute, c.owner, { params: { classId: c.classId } });
    expect(view.json.learners).toEqual([]);
    expect(await findLearnerCourse(c.member.userId, c.courseId)).toBeDefined();
    expect((await call(pageRoute, c.member, { params: { classId: c.classId } })).status).toBe(404);
    expect((await remove(c.owner, c.coTeacher.userId)).status).toBe(200);
    expect((await call(learnersRoute, c.coTeacher, { params: { classId: c.classId } })).status).toBe(404);
  });
});

describe("the teacher's view", () => {
  it("shows each learner's standing in the class's courses only, who needs help first, and the item analysis", async () => {
    const c = await classWithEveryone();
    // The member fails twice; the other member passes at once.
    for (let i = 0; i < 2; i++) {
      const served = await serveQuiz(c.member.cookie, c.courseId);
      const graded = await callRoute(submit, {
        cookie: c.member.cookie,
        body: {
          courseId: c.courseId,
          answers: wrongAnswers(await rightAnswers(c.courseId, served)),
          attemptId: served.attemptId,
        },
      });
      expect(graded.status).toBe(200);
    }
    const served = await serveQuiz(c.otherMember.cookie, c.courseId);
    await callRoute(submit, {
      cookie: c.otherMember.cookie,
      body: { courseId: c.courseId, answers: await rightAnswers(c.courseId, served), attemptId: served.attemptId },
    });
    // A course of the member's own, not the class's: the teacher never sees it.
    await writtenCourse(c.member.userId, "My secret hobby");

    const view = await call(learnersRoute, c.coTeacher, { params: { classId: c.classId } });
    expect(view.status).toBe(200);
    const [first, second] = view.json.learners;
    expect(first).toMatchObject({
      userId: c.member.userId,
      name: "Mara Member",
      needsHelp: expect.arrayContaining(["failed-twice"]),
    });
    expect(first.courses).toHaveLength(1);
    expect(first.courses[0]).toMatchObject({ courseId: c.courseId, attempts: 2, certificate: false });
    expect(first.courses[0].mastery.map((m: { topic: string }) => m.topic)).toEqual(["Moon", "Sun"]);
    expect(second).toMatchObject({ userId: c.otherMember.userId, needsHelp: [] });
    expect(second.courses[0]).toMatchObject({ attempts: 1, bestMark: expect.any(Number) });
    expect(second.courses[0].progress).toBeGreaterThan(first.courses[0].progress);
    expect(JSON.stringify(view.json)).not.toContain("My secret hobby");

    const items = await call(itemsRoute, c.owner, { params: { classId: c.classId }, query: `courseId=${c.courseId}` });
    expect(items.json.learners).toBe(2);
    for (const question of items.json.questions) {
      // One learner right, one wrong on each: half, each option counted once per learner.
      expect(question.correctRate).toBe(0.5);
      expect(question.options.reduce((n: number, o: { chosen: number }) => n + o.chosen, 0)).toBe(2);
      expect(question.options.filter((o: { correct: boolean }) => o.correct)).toHaveLength(1);
    }
    const notGiven = await writtenCourse(c.owner.userId, "Not given");
    expect(
      (await call(itemsRoute, c.owner, { params: { classId: c.classId }, query: `courseId=${notGiven}` })).json.code,
    ).toBe("class:not-assigned");

    const csv = await call(learnersCsvRoute, c.owner, { params: { classId: c.classId } });
    expect(csv.headers.get("content-type")).toMatch(/text\/csv/);
    const lines = csv.text.trim().split("\r\n");
    expect(lines[0]).toMatch(/^learner,email,course,progress_percent/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain("Mara Member");
    expect(lines[1]).toContain("failed-twice");
  });
});
