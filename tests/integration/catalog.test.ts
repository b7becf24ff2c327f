/**
 * The public catalogue's query (issue 34 item 3) on a real database: only public courses, found by
 * title or topic, narrowed by language and type, most learners first, in pages; what the address
 * asks is read leniently.
 */
import { eq } from "drizzle-orm";
import { CATALOG_PAGE_SIZE, catalogPage } from "@/features/courses/server";
import { getDb } from "@/server/db/client";
import { courseLearners, courses } from "@/server/db/schema";
import { signedUpUser } from "../setup/accounts";
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
});
