/**
 * The public catalogue's query (issue 34 item 3) on a real database: only public courses, found by
 * title or topic, narrowed by language and type, most learners first, in pages; what the address
 * asks is read leniently.
 */
import { eq } from "drizzle-orm";
import { GET as catalogRoute } from "@/app/api/catalog/route";
import sitemap from "@/app/sitemap";
import { CATALOG_PAGE_SIZE, catalogPage } from "@/features/courses/server";
import { catalogCoursePreview } from "@/features/sharing/server";
import { getDb } from "@/server/db/client";
import { courseLearners, courses, users } from "@/server/db/schema";
import { signedUpUser } from "../setup/accounts";
import { callRoute } from "../setup/http";
import { seedCourse } from "../setup/seed-course";
import { useTestDatabase } from "../setup/test-db";

useTestDatabase();

async function course(
  ownerId: string,
  mainTopic: string,
  visibility: "private" | "unlisted" | "public",
  options: { lang?: string; type?: "text_image" | "video_text"; topic?: string } = {},
) {
  const made = await seedCourse(ownerId, {
    mainTopic,
    lang: options.lang,
    type: options.type,
    topics: [{ title: options.topic ?? "Basics", lessons: [{ title: "One", theory: "<p>Text.</p>" }] }],
  });
  await (await getDb()).update(courses).set({ visibility }).where(eq(courses.id, made.id));
  return made.id;
}

describe("the catalogue", () => {
  it("lists public courses only, most learners first, with author and counts", async () => {
    const owner = await signedUpUser({ name: "Ana Autora" });
    const learner = await signedUpUser();
    const quiet = await course(owner.userId, "Catalog quiet", "public");
    const popular = await course(owner.userId, "Catalog popular", "public");
    await course(owner.userId, "Catalog unlisted", "unlisted");
    await course(owner.userId, "Catalog private", "private");
    await (
      await getDb()
    )
      .insert(courseLearners)
      .values({ courseId: popular, userId: learner.userId, enrolledAt: new Date() });

    const { entries, total } = await catalogPage({ q: "Catalog" });
    expect(total).toBe(2);
    expect(entries.map((e) => e.id)).toEqual([popular, quiet]);
    expect(entries[0]).toMatchObject({ authorName: "Ana Autora", lessonCount: 1, learnerCount: 1 });
  });

  it("keeps each course's learner count as learners enrol, enrol again, leave and go", async () => {
    const owner = await signedUpUser();
    const [a, b, c] = [await signedUpUser(), await signedUpUser(), await signedUpUser()];
    const id = await course(owner.userId, "Counted", "public");
    const db = await getDb();
    const countOf = async () =>
      (await db.select({ n: courses.learnerCount }).from(courses).where(eq(courses.id, id)))[0].n;
    // The owner's own standing (no enrolment date) and a learner's quiz row before enrolling count nothing.
    await db.insert(courseLearners).values([
      { courseId: id, userId: owner.userId },
      { courseId: id, userId: c.userId },
    ]);
    expect(await countOf()).toBe(0);
    await db
      .insert(courseLearners)
      .values([a, b].map((u) => ({ courseId: id, userId: u.userId, enrolledAt: new Date() })));
    expect(await countOf()).toBe(2);
    await db.update(courseLearners).set({ enrolledAt: new Date() }).where(eq(courseLearners.userId, c.userId));
    expect(await countOf()).toBe(3);
    // Enrolling again keeps the count; leaving and a deleted account take one off each.
    await db.update(courseLearners).set({ enrolledAt: new Date() }).where(eq(courseLearners.userId, a.userId));
    expect(await countOf()).toBe(3);
    await db.delete(courseLearners).where(eq(courseLearners.userId, a.userId));
    await db.delete(users).where(eq(users.id, b.userId));
    expect(await countOf()).toBe(1);
    expect((await catalogPage({ q: "Counted" })).entries[0].learnerCount).toBe(1);
  });

  it("finds by title or topic, narrows by language and type, reads % as a letter, and pages", async () => {
    const owner = await signedUpUser();
    const tides = await course(owner.userId, "Ocean tides", "public", { topic: "Lunar pull" });
    const mares = await course(owner.userId, "Marés", "public", { lang: "Portuguese", type: "video_text" });
    const percent = await course(owner.userId, "Discounts: 100% off", "public");

    expect((await catalogPage({ q: "lunar" })).entries.map((e) => e.id)).toEqual([tides]);
    expect((await catalogPage({ q: "100%" })).entries.map((e) => e.id)).toEqual([percent]);
    expect((await catalogPage({ q: "1_0" })).entries).toEqual([]);
    expect((await catalogPage({ lang: "Portuguese" })).entries.map((e) => e.id)).toEqual([mares]);
    expect((await catalogPage({ type: "video_text" })).entries.map((e) => e.id)).toEqual([mares]);
    // What it does not understand, it leaves out.
    const lenient = await catalogPage({ lang: "Klingon", type: "hologram", page: "-4" });
    expect(lenient.query).toEqual({ q: "", lang: null, type: null, page: 1 });
    expect(lenient.total).toBe((await catalogPage({})).total);

    for (let i = 0; i < CATALOG_PAGE_SIZE; i++) await course(owner.userId, `Paged ${i}`, "public");
    const second = await catalogPage({ page: "2" });
    expect(second.pages).toBe(2);
    expect(second.entries).toHaveLength(second.total - CATALOG_PAGE_SIZE);
    const first = await catalogPage({ page: "1" });
    expect(new Set([...first.entries, ...second.entries].map((e) => e.id)).size).toBe(second.total);
  });

  it("answers GET /api/catalog to anyone, and refuses what it does not understand with 400", async () => {
    const owner = await signedUpUser({ name: "Api Autora" });
    const id = await course(owner.userId, "Api glaciers", "public", { lang: "Portuguese" });
    await course(owner.userId, "Api glaciers hidden", "unlisted", { lang: "Portuguese" });
    const found = await callRoute(catalogRoute, {
      url: "http://localhost:3000/api/catalog?q=glaciers&lang=Portuguese&type=text_image&page=1",
    });
    expect(found.status).toBe(200);
    expect(found.json).toEqual({
      courses: [
        {
          id,
          title: "Api glaciers",
          lang: "Portuguese",
          type: "text_image",
          lessons: 1,
          learners: 0,
          author: "Api Autora",
        },
      ],
      total: 1,
      page: 1,
      pages: 1,
    });
    for (const query of ["lang=Klingon", "type=hologram", "page=0", "page=two", `q=${"x".repeat(101)}`, "owner=me"]) {
      const refused = await callRoute(catalogRoute, { url: `http://localhost:3000/api/catalog?${query}` });
      expect([query, refused.status]).toEqual([query, 400]);
    }
  });

  it("shows a public course's page with a sample lesson, lists it in the sitemap, and nothing else", async () => {
    const owner = await signedUpUser({ name: "Page Autora" });
    const listed = await course(owner.userId, "Listed volcanoes", "public");
    const unlisted = await course(owner.userId, "Unlisted volcanoes", "unlisted");
    const hidden = await course(owner.userId, "Private volcanoes", "private");

    const preview = await catalogCoursePreview(listed);
    expect(preview).toMatchObject({
      id: listed,
      mainTopic: "Listed volcanoes",
      authorName: "Page Autora",
      learnerCount: 0,
      lessonCount: 1,
      outline: [{ title: "Basics", lessons: ["One"] }],
      sample: { title: "One", theory: "<p>Text.</p>" },
    });
    expect(await catalogCoursePreview(unlisted)).toBeUndefined();
    expect(await catalogCoursePreview(hidden)).toBeUndefined();
    expect(await catalogCoursePreview("not-a-uuid")).toBeUndefined();

    const urls = (await sitemap()).map((entry) => entry.url);
    expect(urls).toContain("http://localhost:3000/catalog");
    expect(urls).toContain(`http://localhost:3000/catalog/${listed}`);
    expect(urls).not.toContain(`http://localhost:3000/catalog/${unlisted}`);
    expect(urls).not.toContain(`http://localhost:3000/catalog/${hidden}`);
  });
});
