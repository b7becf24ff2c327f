/**
 * Share links and "save a copy" in-process: real route handlers and a real database.
 */
import { eq, sql } from "drizzle-orm";
import { POST as copyShared } from "@/app/api/courseshared/route";
import { DELETE as unshareRoute, POST as shareRoute } from "@/app/api/courses/[courseId]/share/route";
import { GET as shareable } from "@/app/api/shareable/route";
import { POST as signin } from "@/app/api/signin/route";
import { POST as signup } from "@/app/api/signup/route";
import { getDb } from "@/server/db/client";
import { courseCreations, courses, lessons, notes } from "@/server/db/schema";
import { callRoute } from "../setup/http";
import { lessonsWithProgress, seedCourse, writeNotes } from "../setup/seed-course";
import { useTestDatabase } from "../setup/test-db";
import { withSettings } from "../setup/settings";
import { paidUser, signedUpUser } from "../setup/accounts";

useTestDatabase();

// Routes with params are typed by them; callRoute passes params untyped.
const share = shareRoute as never;
const unshare = unshareRoute as never;

const shareUrl = (courseId: string) => `http://localhost:3000/api/courses/${courseId}/share`;

async function shareOf(owner: { cookie: string }, courseId: string) {
  const res = await callRoute(share, {
    method: "POST",
    cookie: owner.cookie,
    params: { courseId },
    url: shareUrl(courseId),
  });
  expect(res.status).toBe(200);
  return res.json as { success: true; shareId: string; url: string };
}

const lookup = (id: string) =>
  callRoute(shareable, {
    url: `http://localhost:3000/api/shareable?id=${encodeURIComponent(id)}`,
    headers: { cookie: "NEXT_LOCALE=en" },
  });

describe("POST/DELETE /api/courses/{id}/share", () => {
  it("answers an unguessable share id, the same one while shared, and a link that carries it", async () => {
    const owner = await signedUpUser();
    const course = await seedCourse(owner.id);
    const first = await shareOf(owner, course.id);
    expect(first.shareId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(first.shareId).not.toContain(course.id);
    expect(first.url).toBe(`http://localhost:3000/shareable?id=${first.shareId}`);
    expect((await shareOf(owner, course.id)).shareId).toBe(first.shareId);
  });

  it("is the owner's only: another user's course is 404", async () => {
    const owner = await signedUpUser();
    const other = await signedUpUser();
    const course = await seedCourse(owner.id);
    const res = await callRoute(share, {
      method: "POST",
      cookie: other.cookie,
      params: { courseId: course.id },
      url: shareUrl(course.id),
    });
    expect(res.status).toBe(404);
    expect(res.json.code).toBe("course:not-found");
    const stop = await callRoute(unshare, {
      method: "DELETE",
      cookie: other.cookie,
      params: { courseId: course.id },
      url: shareUrl(course.id),
    });
    expect(stop.status).toBe(404);
  });

  it("stops sharing: the old link is 404, and sharing again makes a new id", async () => {
    const owner = await signedUpUser();
    const course = await seedCourse(owner.id);
    const { shareId } = await shareOf(owner, course.id);
    expect((await lookup(shareId)).status).toBe(200);
    const stop = await callRoute(unshare, {
      method: "DELETE",
      cookie: owner.cookie,
      params: { courseId: course.id },
      url: shareUrl(course.id),
    });
    expect(stop.status).toBe(200);
    const gone = await lookup(shareId);
    expect(gone.status).toBe(404);
    expect(gone.json).toEqual({
      success: false,
      code: "share:not-found",
      message: "This course is not shared, or is no longer shared.",
    });
    expect((await shareOf(owner, course.id)).shareId).not.toBe(shareId);
  });
});

describe("GET /api/shareable", () => {
  it("answers [{content, type, mainTopic}] without the owner's progress", async () => {
    const owner = await signedUpUser();
    const course = await seedCourse(owner.id);
    const { shareId } = await shareOf(owner, course.id);
    const res = await lookup(shareId);
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(1);
    const [item] = res.json as { content: string; type: string; mainTopic: string }[];
    expect(item.mainTopic).toBe("Photosynthesis");
    expect(item.type).toBe("text & image course");
    const content = JSON.parse(item.content) as Record<
      string,
      { title: string; subtopics: { title: string; theory: string; image: string; done: boolean }[] }[]
    >;
    expect(content.photosynthesis.map((t) => t.title)).toEqual(["Basics", "Further"]);
    expect(content.photosynthesis[0].subtopics[0]).toMatchObject({
      title: "First lesson",
      theory: "<p>Plants turn light into sugar.</p>",
      image: "https://images.example/leaf.jpg",
      done: false,
    });
  });

  it("does not take a course id for a share id, nor an unknown id", async () => {
    const owner = await signedUpUser();
    const course = await seedCourse(owner.id);
    await shareOf(owner, course.id);
    expect((await lookup(course.id)).status).toBe(404);
    expect((await lookup("AAAAAAAAAAAAAAAAAAAAAA")).status).toBe(404);
  });
});

describe("POST /api/courseshared", () => {
  it("copies the written lessons, pictures and videos, but no progress or notes, and counts as a course created", async () => {
    const owner = await signedUpUser();
    const course = await seedCourse(owner.id);
    await writeNotes(owner.id, course.id, "<p>owner's notes</p>");
    const { shareId } = await shareOf(owner, course.id);
    const visitor = await signedUpUser();
    const res = await callRoute(copyShared, {
      body: { id: shareId, content: "ignored", mainTopic: "Forged", user: owner.id },
      cookie: visitor.cookie,
    });
    expect(res.status).toBe(201);
    const copyId = res.json.courseId as string;
    expect(copyId).not.toBe(course.id);
    const db = await getDb();
    const copied = (await lessonsWithProgress(copyId, visitor.id)).sort((a, b) => a.title.localeCompare(b.title));
    expect(copied.map((l) => [l.title, l.theory, l.imageUrl, l.imageAttribution, l.done])).toEqual([
      ["First lesson", "<p>Plants turn light into sugar.</p>", "https://images.example/leaf.jpg", "Ann Photo", false],
      ["Second lesson", "", null, null, false],
      ["Third lesson", "<p>The Calvin cycle fixes carbon.</p>", null, null, false],
    ]);
    expect(await db.select().from(notes).where(eq(notes.courseId, copyId))).toEqual([]);
    const [creations] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(courseCreations)
      .where(eq(courseCreations.userId, visitor.id));
    expect(creations.n).toBe(1);
  });

  it("lets a Free user copy a paid-only course, but not past the monthly allowance", async () => {
    const restoreSettings = withSettings({ FREE_COURSES_PER_MONTH: "1" });
    try {
      const owner = await paidUser();
      const course = await seedCourse(owner.id, { lang: "Japanese", type: "video_text" });
      const { shareId } = await shareOf(owner, course.id);
      const visitor = await signedUpUser();
      expect((await callRoute(copyShared, { body: { id: shareId }, cookie: visitor.cookie })).status).toBe(201);
      const over = await callRoute(copyShared, { body: { id: shareId }, cookie: visitor.cookie });
      expect(over.status).toBe(403);
      expect(over.json.code).toBe("plan:course-limit");
    } finally {
      restoreSettings();
    }
  });

  it("saves at most 20 copies an hour per user, then 429 with Retry-After and nothing copied (issue 19)", async () => {
    const owner = await signedUpUser();
    const course = await seedCourse(owner.id);
    const { shareId } = await shareOf(owner, course.id);
    const visitor = await paidUser();
    for (let i = 0; i < 20; i++)
      expect((await callRoute(copyShared, { body: { id: shareId }, cookie: visitor.cookie })).status).toBe(201);
    const db = await getDb();
    const coursesOf = async (userId: string) =>
      (await db.select({ id: courses.id }).from(courses).where(eq(courses.userId, userId))).length;
    const lessonsBefore = (await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(lessons))[0].n;

    const over = await callRoute(copyShared, { body: { id: shareId }, cookie: visitor.cookie });
    expect(over.status).toBe(429);
    expect(over.json).toEqual({
      success: false,
      code: "share:copy-rate-limited",
      message: "You have saved too many copies in the last hour. Please try again later.",
    });
    const retryAfter = Number(over.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await coursesOf(visitor.id)).toBe(20);
    expect((await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(lessons))[0].n).toBe(lessonsBefore);

    // Also in Portuguese, the default; and another user still copies.
    const pt = await callRoute(copyShared, {
      body: { id: shareId },
      cookie: visitor.cookie.replace("NEXT_LOCALE=en", "NEXT_LOCALE=pt"),
    });
    expect(pt.json.message).toBe("Você salvou cópias demais na última hora. Tente novamente mais tarde.");
    const someoneElse = await signedUpUser();
    expect((await callRoute(copyShared, { body: { id: shareId }, cookie: someoneElse.cookie })).status).toBe(201);
  });

  it("signed out, keeps the share id as the pending shared course; sign-up then saves the copy", async () => {
    const owner = await signedUpUser();
    const course = await seedCourse(owner.id);
    const { shareId } = await shareOf(owner, course.id);
    const res = await callRoute(copyShared, { body: { id: shareId }, headers: { cookie: "NEXT_LOCALE=en" } });
    expect(res.status).toBe(401);
    const pending = (res.headers.get("set-cookie") ?? "").match(/aula_pending_share=[^;]+/)?.[0];
    expect(pending).toBe(`aula_pending_share=${shareId}`);
    expect(res.headers.get("set-cookie")).toContain("HttpOnly");

    const joined = await callRoute(signup, {
      body: { email: "newcomer@example.io", mName: "New", password: "long-enough-1" },
      cookie: pending,
      peer: "198.51.100.200",
    });
    expect(joined.status).toBe(201);
    const copyId = joined.json.sharedCourseId as string;
    expect(copyId).toMatch(/^[0-9a-f-]{36}$/);
    expect(joined.headers.get("set-cookie")).toMatch(/aula_pending_share=; Path=\/; Max-Age=0/);
    const db = await getDb();
    const copied = await db.select().from(lessons).where(eq(lessons.courseId, copyId));
    expect(copied).toHaveLength(3);
  });

  it("sign-in saves the pending copy too; an unknown share id sets no marker", async () => {
    const owner = await signedUpUser();
    const course = await seedCourse(owner.id);
    const { shareId } = await shareOf(owner, course.id);
    const visitor = await signedUpUser();
    const unknown = await callRoute(copyShared, { body: { id: "BBBBBBBBBBBBBBBBBBBBBB" } });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("set-cookie")).toBeNull();
    const res = await callRoute(signin, {
      body: { email: visitor.email, password: "long-enough-1" },
      cookie: `aula_pending_share=${shareId}`,
    });
    expect(res.status).toBe(200);
    expect(res.json.sharedCourseId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("clears the pending marker when the copy cannot be saved (no longer shared), and signs in all the same", async () => {
    const owner = await signedUpUser();
    const course = await seedCourse(owner.id);
    const { shareId } = await shareOf(owner, course.id);
    await callRoute(unshare, {
      method: "DELETE",
      cookie: owner.cookie,
      params: { courseId: course.id },
      url: shareUrl(course.id),
    });
    const visitor = await signedUpUser();
    const res = await callRoute(signin, {
      body: { email: visitor.email, password: "long-enough-1" },
      cookie: `aula_pending_share=${shareId}`,
    });
    expect(res.status).toBe(200);
    expect(res.json.sharedCourseId).toBeUndefined();
    expect(res.headers.get("set-cookie")).toMatch(/aula_pending_share=; Path=\/; Max-Age=0/);
  });
});
