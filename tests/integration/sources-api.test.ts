/**
 * The learner's own material through its routes, against a real database: each format is built
 * here (tests/fakes/source-documents.mjs) and read by the ingestion job; bad input is a clear 4xx
 * that keeps nothing; sources are their owner's alone; search finds words with or without
 * accents, in Japanese and Chinese (trigrams, character pairs) and in Arabic.
 */
import { eq } from "drizzle-orm";
import { POST as createCourse } from "@/app/api/course/route";
import { POST as prompt } from "@/app/api/prompt/route";
import { POST as addSourceRoute, GET as listRoute } from "@/app/api/sources/route";
import { GET as getSourceRoute, DELETE as deleteSourceRoute } from "@/app/api/sources/[id]/route";
import { GET as searchRoute } from "@/app/api/sources/[id]/search/route";
import { getDb } from "@/server/db/client";
import { courseSources, sourceChunks, sources, sourceUploads } from "@/server/db/schema";
import { settleJobs } from "@/server/jobs";
import { makeDocx, makePdf, makePptx, makeZipBomb } from "../fakes/source-documents.mjs";
import { signedUpUser, paidUser } from "../setup/accounts";
import { useFakeAi } from "../setup/fake-ai";
import { callRoute } from "../setup/http";
import { useSettings } from "../setup/settings";
import { uploadSource } from "../setup/sources";
import { useTestDatabase } from "../setup/test-db";

useTestDatabase();
useFakeAi();
useSettings({
  SOURCE_MAX_BYTES: "200000",
  SOURCE_MAX_INFLATED_BYTES: "1000000",
  FREE_SOURCES: "1",
  FREE_SOURCE_PAGES: "30",
});

const URL_BASE = "http://localhost:3000/api/sources";

// Answers of many shapes, asserted on field by field (as tests/setup/http.ts does).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

/** Sends a file as the Generate page does: multipart, field `file`, from our own origin. */
const upload = uploadSource;

const addJson = (cookie: string, body: unknown) => callRoute(addSourceRoute, { cookie, body, url: URL_BASE });
const getSource = (cookie: string, id: string) =>
  callRoute(getSourceRoute as never, { cookie, params: { id }, url: `${URL_BASE}/${id}` });
const search = (cookie: string, id: string, q: string) =>
  callRoute(searchRoute as never, {
    cookie,
    params: { id },
    url: `${URL_BASE}/${id}/search?q=${encodeURIComponent(q)}`,
  });

/** Adds and waits for the job; answers the source as GET tells it. */
async function ready(cookie: string, add: Promise<{ status: number; json: Json }>) {
  const res = await add;
  expect(res.status).toBe(202);
  await settleJobs(["source.ingest"]);
  const got = await getSource(cookie, res.json.sourceId);
  return { ...got.json, id: res.json.sourceId as string } as Json & { id: string };
}

/** The user's source rows: what a refusal must not have left behind. */
async function rowCount(userId: string) {
  const db = await getDb();
  return (await db.select({ id: sources.id }).from(sources).where(eq(sources.userId, userId))).length;
}

describe("adding material", () => {
  it("reads a PDF page by page, keeps no bytes, and finds a word with or without its accents", async () => {
    const { cookie } = await paidUser();
    const pdf = makePdf([
      ["Capítulo um", "A fotossíntese acontece nas folhas."],
      ["Capítulo dois", "A clorofila absorve a luz do sol e produz açúcar."],
      ["Capítulo três", "As raízes absorvem água e sais minerais do solo."],
    ]);
    const source = await ready(cookie, upload(cookie, "biologia.pdf", pdf));
    expect(source).toMatchObject({ status: "ready", pages: 3, pagesRead: 3, title: "biologia", kind: "pdf" });
    const db = await getDb();
    expect(await db.select().from(sourceUploads).where(eq(sourceUploads.sourceId, source.id))).toHaveLength(0);
    for (const q of ["açúcar", "acucar", "ACUCAR clorofila"]) {
      const res = await search(cookie, source.id, q);
      expect(res.status).toBe(200);
      expect(res.json.results[0]).toMatchObject({ page: 2 });
      expect(res.json.results[0].text).toContain("clorofila");
    }
    // A typo still finds it (trigrams).
    expect((await search(cookie, source.id, "fotosintese")).json.results[0].page).toBe(1);
  });

  it("reads DOCX with its headings, PPTX slide by slide, Markdown and plain text", async () => {
    const { cookie } = await paidUser();
    const docx = await ready(
      cookie,
      upload(
        cookie,
        "notes.docx",
        makeDocx([
          { heading: "Volcanoes", level: 1 },
          { heading: "Magma", level: 2 },
          { text: "Magma chambers sit beneath the crust and feed eruptions." },
          { heading: "Glaciers", level: 1 },
          { text: "Glaciers carve valleys shaped like the letter U." },
        ]),
      ),
    );
    expect(docx).toMatchObject({ status: "ready", kind: "docx", pages: 1 });
    const [hit] = (await search(cookie, docx.id, "valleys")).json.results;
    expect(hit).toMatchObject({ page: 1, headingPath: ["Glaciers"] });
    const magma = (await search(cookie, docx.id, "magma chambers")).json.results[0];
    expect(magma.headingPath).toEqual(["Volcanoes", "Magma"]);

    const pptx = await ready(
      cookie,
      upload(
        cookie,
        "deck.pptx",
        makePptx([
          { title: "Intro", lines: ["Welcome to the course"] },
          { title: "Tides", lines: ["The moon's gravity raises the tides twice a day"] },
        ]),
      ),
    );
    expect(pptx).toMatchObject({ status: "ready", pages: 2 });
    expect((await search(cookie, pptx.id, "moon gravity")).json.results[0]).toMatchObject({
      page: 2,
      headingPath: ["Tides"],
    });

    const md = await ready(
      cookie,
      upload(
        cookie,
        "guide.md",
        Buffer.from("# Setup\n\nInstall the **toolchain** first.\n\n## Testing\n\nRun the suite with coverage.\n"),
      ),
    );
    expect((await search(cookie, md.id, "coverage")).json.results[0]).toMatchObject({
      headingPath: ["Setup", "Testing"],
    });
    expect((await search(cookie, md.id, "toolchain")).json.results[0].text).not.toContain("**");

    const txt = await ready(
      cookie,
      upload(cookie, "plain.txt", Buffer.from("Line one about otters.\n\nLine two about beavers.")),
    );
    expect(txt).toMatchObject({ status: "ready", kind: "txt" });
    expect((await search(cookie, txt.id, "beavers")).json.results).toHaveLength(1);
  });

  it("takes pasted text in Japanese, Chinese and Arabic, and finds them by their character pairs and words", async () => {
    const { cookie } = await paidUser();
    const text = [
      "東京は日本の首都です。人口は約千四百万人です。",
      "富士山は日本で一番高い山で、標高は三千七百七十六メートルです。",
      "长城是中国古代的军事防御工程，总长度超过两万公里。",
      "القاهرة هي عاصمة مصر وأكبر مدنها، ويمر بها نهر النيل.",
    ].join("\n\n");
    const source = await ready(cookie, addJson(cookie, { text, title: "Mundo" }));
    expect(source).toMatchObject({ status: "ready", kind: "text", title: "Mundo" });
    const top = async (q: string) => (await search(cookie, source.id, q)).json.results[0]?.text as string;
    expect(await top("首都")).toContain("東京");
    expect(await top("富士山の標高")).toContain("富士山");
    expect(await top("长城")).toContain("长城");
    expect(await top("نهر النيل")).toContain("القاهرة");
  });
});

describe("bad input is a clear no, and nothing is kept", () => {
  it("refuses a file that is not what its name says, an unknown type, an oversized file and a zip bomb", async () => {
    const { cookie, userId } = await paidUser();
    const cases: [string, Buffer, number, string][] = [
      ["fake.pdf", Buffer.from("just some text, not a PDF"), 415, "source:type-mismatch"],
      ["fake.docx", makePdf([["a PDF named docx"]]), 415, "source:type-mismatch"],
      ["notes.txt", Buffer.from([0x00, 0xff, 0xfe, 0x00, 0x41]), 415, "source:type-mismatch"],
      ["sheet.xlsx", Buffer.from("PK"), 415, "source:unsupported-type"],
      ["big.txt", Buffer.alloc(300_000, 0x61), 413, "source:too-large"],
      ["bomb.docx", makeZipBomb(5_000_000), 422, "source:unsafe-archive"],
      // Its central directory says 1 KB: only the bound enforced while inflating stops it.
      ["liar.docx", makeZipBomb(5_000_000, { lie: true }), 422, "source:unsafe-archive"],
      ["locked.pdf", makePdf([["secret"]], { encrypted: true }), 422, "source:no-text"],
    ];
    for (const [name, bytes, status, code] of cases) {
      const res = await upload(cookie, name, bytes);
      expect({ name, status: res.status, code: res.json.code }).toEqual({ name, status, code });
      expect(res.json.message).toEqual(expect.any(String));
    }
    expect(await rowCount(userId)).toBe(0);
  });

  it("fails a scanned PDF (no text layer) with a message in the caller's language", async () => {
    const { cookie } = await paidUser({ locale: "pt" });
    const res = await upload(cookie, "scan.pdf", makePdf([[], []], { scanned: true }));
    expect(res.status).toBe(202);
    await settleJobs(["source.ingest"]);
    const got = await getSource(cookie, res.json.sourceId);
    expect(got.json).toMatchObject({ status: "failed", error: { code: "source:no-text" } });
    expect(got.json.error.message).toMatch(/PDF não tem texto/);
    const db = await getDb();
    expect(await db.select().from(sourceChunks).where(eq(sourceChunks.sourceId, res.json.sourceId))).toHaveLength(0);
    expect(await db.select().from(sourceUploads)).toHaveLength(0);
  });

  it("refuses web addresses to private hosts before keeping anything", async () => {
    const { cookie, userId } = await paidUser();
    for (const url of [
      "http://127.0.0.1:6379/",
      "http://169.254.169.254/latest/meta-data",
      "http://localhost/x",
      "http://[::1]/",
    ]) {
      const res = await addJson(cookie, { url });
      expect({ url, status: res.status, code: res.json.code }).toEqual({
        url,
        status: 422,
        code: "source:url-refused",
      });
    }
    const bad = await addJson(cookie, { url: "file:///etc/passwd" });
    expect(bad.status).toBe(400);
    expect(await rowCount(userId)).toBe(0);
  });

  it("accepts multipart only from our own origin", async () => {
    const { cookie, userId } = await paidUser();
    const res = await upload(cookie, "a.txt", Buffer.from("hello there"), {
      origin: "https://evil.example",
      "sec-fetch-site": "cross-site",
    });
    expect(res).toMatchObject({ status: 403, json: { code: "request:cross-origin" } });
    expect(await rowCount(userId)).toBe(0);
  });
});

describe("plans, owners and removal", () => {
  it("lets Free keep one source of at most 30 pages", async () => {
    const { cookie, userId } = await signedUpUser();
    const long = makePdf(Array.from({ length: 31 }, (_, i) => [`Page ${i + 1} text about rivers`]));
    const tooLong = await upload(cookie, "long.pdf", long);
    expect(tooLong).toMatchObject({ status: 413, json: { code: "source:too-many-pages" } });
    expect(tooLong.json.message).toContain("30");
    expect(await rowCount(userId)).toBe(0);
    const first = await ready(cookie, addJson(cookie, { text: "Rivers flow to the sea.", title: "Rivers" }));
    expect(first.status).toBe("ready");
    const second = await addJson(cookie, { text: "Lakes are still.", title: "Lakes" });
    expect(second).toMatchObject({ status: 403, json: { code: "source:limit" } });
    expect(await rowCount(userId)).toBe(1);
  });

  it("keeps each source to its owner (404 for anyone else) and removes it with its chunks", async () => {
    const owner = await paidUser();
    const other = await paidUser();
    const source = await ready(
      owner.cookie,
      addJson(owner.cookie, { text: "Penguins live in the south.", title: "Birds" }),
    );
    expect((await getSource(other.cookie, source.id)).status).toBe(404);
    expect((await search(other.cookie, source.id, "penguins")).status).toBe(404);
    const del = await callRoute(deleteSourceRoute as never, {
      cookie: other.cookie,
      method: "DELETE",
      params: { id: source.id },
      url: `${URL_BASE}/${source.id}`,
    });
    expect(del.status).toBe(404);
    const otherList = await callRoute(listRoute, { cookie: other.cookie, url: URL_BASE });
    expect(otherList.json.sources).toEqual([]);
    const db = await getDb();
    expect((await db.select().from(sourceChunks).where(eq(sourceChunks.sourceId, source.id))).length).toBeGreaterThan(
      0,
    );
    const ownDel = await callRoute(deleteSourceRoute as never, {
      cookie: owner.cookie,
      method: "DELETE",
      params: { id: source.id },
      url: `${URL_BASE}/${source.id}`,
    });
    expect(ownDel.status).toBe(200);
    expect(await db.select().from(sourceChunks).where(eq(sourceChunks.sourceId, source.id))).toHaveLength(0);
    expect((await getSource(owner.cookie, source.id)).status).toBe(404);
    expect((await getSource(owner.cookie, "not-a-uuid")).status).toBe(404);
  });
});

describe("POST /api/prompt with sourceIds", () => {
  const form = (sourceIds: string[]) => ({
    topic: "Seabirds",
    subtopics: [],
    topicsLimit: "4",
    courseType: "Text & Image Course",
    language: "English",
    sourceIds,
  });

  it("keeps the owner's ready sources with the outline and carries them to the course; refuses anyone else's", async () => {
    const owner = await paidUser();
    const other = await paidUser();
    const source = await ready(
      owner.cookie,
      addJson(owner.cookie, { text: "Albatrosses glide for days.", title: "Birds" }),
    );
    const refused = await callRoute(prompt, { cookie: other.cookie, body: form([source.id]) });
    expect(refused).toMatchObject({ status: 409, json: { code: "source:not-ready" } });

    const res = await callRoute(prompt, { cookie: owner.cookie, body: form([source.id]) });
    expect(res.status).toBe(200);
    const db = await getDb();
    const linked = await db.select().from(courseSources).where(eq(courseSources.sourceId, source.id));
    expect(linked).toEqual([expect.objectContaining({ outlineId: res.json.outlineId, courseId: null })]);

    const course = await callRoute(createCourse, {
      cookie: owner.cookie,
      body: {
        mainTopic: "Seabirds",
        type: "Text & Image Course",
        lang: "English",
        content: res.json.generatedText,
        outlineId: res.json.outlineId,
      },
    });
    expect(course.status).toBe(201);
    const listed = await callRoute(listRoute, {
      cookie: owner.cookie,
      url: `${URL_BASE}?courseId=${course.json.courseId}`,
    });
    expect(listed.json.sources).toEqual([expect.objectContaining({ id: source.id, status: "ready" })]);
  });
});
