/**
 * What bounds one learner's material (issue 32 item 1): additions an hour (refused and failed
 * ones count), a paid user's material in no course (bounded as one course is, and read against
 * what is left of it), another user's course's list (404), an address that does not resolve
 * (issue 33), and a reading that passes its deadline or its memory limit, which fails with its
 * own message, stored on the source, in the learner's language.
 */
import { eq } from "drizzle-orm";
import { POST as addSourceRoute, GET as listRoute } from "@/app/api/sources/route";
import { GET as getSourceRoute } from "@/app/api/sources/[id]/route";
import { getDb } from "@/server/db/client";
import { sourceChunks, sources, sourceUploads } from "@/server/db/schema";
import { settleJobs } from "@/server/jobs";
import { manyParagraphsDocx, manyTextItemsPdf } from "../fakes/hostile-documents.mjs";
import { makeDocx } from "../fakes/source-documents.mjs";
import { paidUser, signedUpUser } from "../setup/accounts";
import { useFakeAi } from "../setup/fake-ai";
import { callRoute } from "../setup/http";
import { seedCourse } from "../setup/seed-course";
import { useSettings, withSettings } from "../setup/settings";
import { uploadSource } from "../setup/sources";
import { useTestDatabase } from "../setup/test-db";

useTestDatabase();
useFakeAi({ media: false });
useSettings({
  SOURCES_UPLOADS_PER_HOUR: "100",
  PAID_SOURCES_PER_COURSE: "2",
  PAID_SOURCE_PAGES_PER_COURSE: "3",
});

const URL_BASE = "http://localhost:3000/api/sources";
const addJson = (cookie: string, body: unknown) => callRoute(addSourceRoute, { cookie, body, url: URL_BASE });
const getSource = (cookie: string, id: string) =>
  callRoute(getSourceRoute as never, { cookie, params: { id }, url: `${URL_BASE}/${id}` });

describe("additions an hour", () => {
  useSettings({ SOURCES_UPLOADS_PER_HOUR: "3" });

  it("counts every addition, refused ones too, then answers 429 with Retry-After; another user is not held back", async () => {
    const { cookie } = await paidUser();
    expect((await uploadSource(cookie, "sheet.xlsx", Buffer.from("PK"))).status).toBe(415);
    expect((await addJson(cookie, { url: "https://no-such-host.invalid/" })).status).toBe(422);
    expect((await addJson(cookie, { text: "Tides rise twice a day.", title: "Tides" })).status).toBe(202);
    const limited = await addJson(cookie, { text: "One more.", title: "More" });
    expect(limited).toMatchObject({ status: 429, json: { code: "source:rate-limited" } });
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(limited.json.message).toMatch(/60 minutes/);
    const other = await paidUser();
    expect((await addJson(other.cookie, { text: "Waves.", title: "Waves" })).status).toBe(202);
  });
});

describe("a paid user's material", () => {
  it("without a course is bounded as one course is (sources, then pages), and a course has its own bound", async () => {
    const user = await paidUser();
    for (const title of ["One", "Two"])
      expect((await addJson(user.cookie, { text: `Notes about ${title}.`, title })).status).toBe(202);
    const third = await addJson(user.cookie, { text: "Three.", title: "Three" });
    expect(third).toMatchObject({ status: 403, json: { code: "source:unattached-limit" } });
    expect(third.json.message).toMatch(/2 sources not yet used in a course/);
    const course = await seedCourse(user.id);
    const inCourse = await addJson(user.cookie, { text: "In a course.", title: "Course", courseId: course.id });
    expect(inCourse.status).toBe(202);

    // Pages: 3 in all without a course; a 2-page text leaves 1.
    const pages = await paidUser();
    expect((await addJson(pages.cookie, { text: "word ".repeat(1200), title: "Two pages" })).status).toBe(202);
    const tooLong = await addJson(pages.cookie, { text: "word ".repeat(1200), title: "Two more" });
    expect(tooLong).toMatchObject({ status: 413, json: { code: "source:too-many-pages" } });
  });

  it("is read against what its bound has left: a DOCX (pages unknown until read) past it fails", async () => {
    const user = await paidUser();
    expect((await addJson(user.cookie, { text: "word ".repeat(1200), title: "Two pages" })).status).toBe(202);
    const paragraphs = Array.from({ length: 20 }, (_, i) => ({
      text: `Paragraph ${i}. ${"Tides and waves. ".repeat(20)}`,
    }));
    const docx = await uploadSource(user.cookie, "long.docx", makeDocx(paragraphs));
    expect(docx.status).toBe(202);
    await settleJobs(["source.ingest"]);
    const got = await getSource(user.cookie, docx.json.sourceId);
    expect(got.json).toMatchObject({ status: "failed", error: { code: "source:too-many-pages" } });
    expect(got.json.error.message).toMatch(/3 pages/);
  });
});

describe("lists and addresses", () => {
  it("answers 404 for another user's course's material, 200 for one's own", async () => {
    const owner = await paidUser();
    const stranger = await signedUpUser();
    const course = await seedCourse(owner.id);
    const url = `${URL_BASE}?courseId=${course.id}`;
    const strangers = await callRoute(listRoute, { cookie: stranger.cookie, url });
    expect(strangers).toMatchObject({ status: 404, json: { code: "course:not-found" } });
    expect((await callRoute(listRoute, { cookie: owner.cookie, url })).status).toBe(200);
  });

  it("says a web address does not resolve, in the caller's language, and keeps nothing", async () => {
    const user = await paidUser({ locale: "pt" });
    const res = await addJson(user.cookie, { url: "https://no-such-host.invalid/notes" });
    expect(res).toMatchObject({ status: 422, json: { code: "source:url-unresolved" } });
    expect(res.json.message).toMatch(/Não encontramos este endereço/);
    const db = await getDb();
    expect(await db.select().from(sources).where(eq(sources.userId, user.id))).toHaveLength(0);
  });
});

describe("a reading that passes its limits", () => {
  useSettings({ PAID_SOURCE_PAGES_PER_COURSE: "1000000" });

  it("past its deadline: stopped, failed with its own message, nothing kept", async () => {
    const user = await paidUser({ locale: "pt" });
    const res = await uploadSource(user.cookie, "slow.pdf", manyTextItemsPdf(20_000_000));
    expect(res.status).toBe(202);
    // The job's deadline only (the check of the upload above had the usual one).
    await withSettings({ SOURCE_READ_TIMEOUT_MS: "1000" }, () => settleJobs(["source.ingest"]));
    const got = await getSource(user.cookie, res.json.sourceId);
    expect(got.json).toMatchObject({ status: "failed", error: { code: "source:read-timeout" } });
    expect(got.json.error.message).toMatch(/demorou demais/);
    const db = await getDb();
    expect(await db.select().from(sourceChunks).where(eq(sourceChunks.sourceId, res.json.sourceId))).toHaveLength(0);
    expect(await db.select().from(sourceUploads).where(eq(sourceUploads.sourceId, res.json.sourceId))).toHaveLength(0);
  });

  it("past its memory limit: stopped, failed with its own message", async () => {
    const user = await paidUser();
    const res = await uploadSource(user.cookie, "huge.docx", manyParagraphsDocx(600_000));
    expect(res.status).toBe(202);
    await withSettings({ SOURCE_READ_MEMORY_MB: "64" }, () => settleJobs(["source.ingest"]));
    const got = await getSource(user.cookie, res.json.sourceId);
    expect(got.json).toMatchObject({ status: "failed", error: { code: "source:read-memory" } });
    expect(got.json.error.message).toMatch(/too much memory/);
  });
});
