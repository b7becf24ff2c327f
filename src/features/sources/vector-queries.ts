import "server-only";
import { and, asc, count, eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { sourceChunks, sourceChunkVectors } from "@/server/db/schema";

/** The chunks of a source that have no vector of `model` yet, in reading order. */
export async function chunksWithoutVector(
  sourceId: string,
  model: string,
  limit: number,
): Promise<{ id: string; text: string }[]> {
  const db = await getDb();
  return db
    .select({ id: sourceChunks.id, text: sourceChunks.text })
    .from(sourceChunks)
    .leftJoin(
      sourceChunkVectors,
      and(eq(sourceChunkVectors.chunkId, sourceChunks.id), eq(sourceChunkVectors.model, model)),
    )
    .where(and(eq(sourceChunks.sourceId, sourceId), isNull(sourceChunkVectors.chunkId)))
    .orderBy(asc(sourceChunks.ord))
    .limit(limit);
}

/** Stores (or replaces: another model's) the vectors of a source's chunks. */
export async function storeVectors(
  sourceId: string,
  model: string,
  rows: { chunkId: string; vector: number[] }[],
): Promise<void> {
  if (rows.length === 0) return;
  const db = await getDb();
  await db
    .insert(sourceChunkVectors)
    .values(rows.map((r) => ({ ...r, sourceId, model })))
    .onConflictDoUpdate({
      target: sourceChunkVectors.chunkId,
      set: { model, vector: sql`excluded.vector` },
    });
}

/** The vectors of `model` of the given sources' chunks, each with its source. */
export async function vectorsOf(
  sourceIds: string[],
  model: string,
): Promise<{ chunkId: string; sourceId: string; vector: number[] }[]> {
  if (sourceIds.length === 0) return [];
  const db = await getDb();
  return db
    .select({
      chunkId: sourceChunkVectors.chunkId,
      sourceId: sourceChunkVectors.sourceId,
      vector: sourceChunkVectors.vector,
    })
    .from(sourceChunkVectors)
    .where(and(inArray(sourceChunkVectors.sourceId, sourceIds), eq(sourceChunkVectors.model, model)));
}

/** How many vectors of `model` each of the given sources has (sources with none are absent). */
export async function vectorCounts(sourceIds: string[], model: string): Promise<Map<string, number>> {
  if (sourceIds.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ sourceId: sourceChunkVectors.sourceId, n: count() })
    .from(sourceChunkVectors)
    .where(and(inArray(sourceChunkVectors.sourceId, sourceIds), eq(sourceChunkVectors.model, model)))
    .groupBy(sourceChunkVectors.sourceId);
  return new Map(rows.map((r) => [r.sourceId, Number(r.n)]));
}
