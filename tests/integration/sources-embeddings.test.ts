/**
 * Ranking the learner's material by meaning when EMBEDDING_MODEL is set (issue 22 item 3), with
 * the fake model's POST /v1/embeddings (tests/fakes/fake-embeddings.ts: words of one meaning
 * share a coordinate, so "automobile" is near "car"): the `source.embed` job stores a vector per
 * chunk after the source is ready; search then finds a passage that shares no word with the
 * question; a failing embedding call leaves words alone to rank, and a passing failure is retried.
 */
import { and, eq, like } from "drizzle-orm";
import { POST as addSourceRoute } from "@/app/api/sources/route";
import { queueEmbeddings } from "@/features/sources/embed-job";
import { searchSources } from "@/features/sources/server";
import { getDb } from "@/server/db/client";
import { sourceChunks, sourceChunkVectors, sources } from "@/server/db/schema";
import { settleJobs } from "@/server/jobs";
import { EMBEDDING_DIMENSIONS } from "../fakes/fake-embeddings";
import { paidUser } from "../setup/accounts";
import { useFakeAi } from "../setup/fake-ai";
import { callRoute } from "../setup/http";
import { useSettings, withSettings } from "../setup/settings";
import { useTestDatabase } from "../setup/test-db";

useTestDatabase();
const ai = useFakeAi({ media: false });
useSettings({ EMBEDDING_MODEL: "fake-embedding", JOBS_RETRY_BASE_MS: "20" });

/** Three passages of about 700 characters each: three chunks (a chunk is about 900). */
const passage = (sentence: string) => Array.from({ length: 7 }, () => sentence).join(" ");
const TEXT = [
  passage("The car burns petrol in its cylinders and the pistons turn the crankshaft."),
  passage("Leaves turn sunlight into sugar while chlorophyll absorbs red and blue light."),
  passage("Rivers carve valleys over thousands of years, carrying sediment to the delta."),
].join("\n\n");

async function addText(cookie: string, title: string): Promise<string> {
  const res = await callRoute(addSourceRoute, {
    cookie,
    body: { text: TEXT, title },
    url: "http://localhost:3000/api/sources",
  });
  expect(res.status).toBe(202);
  await settleJobs(["source.ingest", "source.embed"]);
  return res.json.sourceId as string;
}

async function counts(sourceId: string) {
  const db = await getDb();
  const chunks = await db.select({ id: sourceChunks.id }).from(sourceChunks).where(eq(sourceChunks.sourceId, sourceId));
  const vectors = await db
    .select({ model: sourceChunkVectors.model, vector: sourceChunkVectors.vector })
    .from(sourceChunkVectors)
    .where(eq(sourceChunkVectors.sourceId, sourceId));
  return { chunks: chunks.length, vectors };
}

describe("ranking the material by meaning", () => {
  it("stores a vector per chunk after the source is ready, and finds a passage by a word it does not hold", async () => {
    const user = await paidUser();
    const id = await addText(user.cookie, "Notes");
    const { chunks, vectors } = await counts(id);
    expect(chunks).toBe(3);
    expect(vectors).toHaveLength(3);
    expect(vectors.every((v) => v.model === "fake-embedding" && v.vector.length === EMBEDDING_DIMENSIONS)).toBe(true);
    expect(ai.model().embeddings.inputs).toBe(3);

    // "automobile" is in no chunk: only the ranking by meaning can find the engine passage.
    const [hit] = await searchSources(user.id, [id], "automobile");
    expect(hit?.text).toContain("The car burns petrol");

    const restore = withSettings({ EMBEDDING_MODEL: "" });
    try {
      expect(await searchSources(user.id, [id], "automobile")).toEqual([]);
    } finally {
      restore();
    }
  });

  it("keeps a source's vectors between searches and reads them again once more are stored", async () => {
    const user = await paidUser();
    const id = await addText(user.cookie, "Notes");
    const db = await getDb();
    const [engine] = await db
      .select({ id: sourceChunks.id })
      .from(sourceChunks)
      .where(and(eq(sourceChunks.sourceId, id), like(sourceChunks.text, "The car burns%")));
    // As if the engine passage were not embedded yet: the search by meaning cannot find it.
    await db.delete(sourceChunkVectors).where(eq(sourceChunkVectors.chunkId, engine.id));
    expect(await searchSources(user.id, [id], "automobile")).toEqual([]);
    // The embed job stores its vector: the count moved, so the next search reads the source again.
    await queueEmbeddings(id, user.id);
    await settleJobs(["source.embed"]);
    expect((await counts(id)).vectors).toHaveLength(3);
    const [hit] = await searchSources(user.id, [id], "automobile");
    expect(hit?.id).toBe(engine.id);
  });

  it("ranks by words alone when the query's embedding fails, and never by another user's vectors", async () => {
    const owner = await paidUser();
    const id = await addText(owner.cookie, "Notes");
    ai.model().embeddings.failNext = 1;
    const [byWords] = await searchSources(owner.id, [id], "sediment delta");
    expect(byWords?.text).toContain("Rivers carve valleys");
    // Failed: no meaning ranking, so nothing matches a word the material does not hold.
    ai.model().embeddings.failNext = 1;
    expect(await searchSources(owner.id, [id], "automobile")).toEqual([]);

    const other = await paidUser();
    expect(await searchSources(other.id, [id], "automobile")).toEqual([]);
  });

  it("tries a passing failure of the embedding model again, and the source is ready before its vectors", async () => {
    const user = await paidUser();
    ai.model().embeddings.failNext = 2;
    const id = await addText(user.cookie, "Notes");
    const db = await getDb();
    const [row] = await db.select({ status: sources.status }).from(sources).where(eq(sources.id, id));
    expect(row.status).toBe("ready");
    expect((await counts(id)).vectors).toHaveLength(3);
    expect(ai.model().embeddings.calls).toBe(3);
  });
});
