import "server-only";
import { getEmbedder } from "@/server/ai/embeddings";
import { logger } from "@/server/logger";
import { cjkPairs } from "./grams";
import {
  chunksByIds,
  fullTextRanking,
  nearTerms,
  queryLexemes,
  readySourceIds,
  wordFrequencies,
  type ChunkHit,
} from "./queries";
import { currentVectors } from "./vector-cache";
import { nearestUnitVectors, unitVector } from "./vectors";

/**
 * Search over a learner's material that works in every language with nothing but the database
 * (decision 023): full text on accent-folded words with the `simple` configuration (no
 * language's stemming is assumed), CJK text by its character pairs (grams.ts), and misspelt
 * words matched by trigrams (pg_trgm) to the words the sources really hold. Two rankings — the
 * query as written, and with those near words — are fused by reciprocal rank. With
 * EMBEDDING_MODEL, a third ranking by meaning (cosine of embeddings) joins the fusion for the
 * chunks that have vectors; its failure or slowness only leaves it out. This is the retrieval
 * API grounded generation calls.
 */

export type SourceHit = ChunkHit & { score: number };

/** Reciprocal rank fusion's constant: the usual 60 keeps one list's top from drowning the others. */
const RRF_K = 60;
const CANDIDATES = 50;
/** Longest wait for the query's embedding: past it, words alone rank (generation never waits on embeddings). */
const QUERY_EMBEDDING_TIMEOUT_MS = 3000;

/**
 * Chunks ranked by meaning, or [] without an embedding model, vectors, or a timely answer. Never
 * rejects: it runs beside the word rankings and is awaited after them.
 */
async function meaningRanking(sourceIds: string[], query: string): Promise<string[]> {
  try {
    const embedder = await getEmbedder();
    if (!embedder) return [];
    const vectors = await currentVectors(sourceIds, embedder.name);
    if (vectors.length === 0) return [];
    const [q] = await embedder.embed([query], AbortSignal.timeout(QUERY_EMBEDDING_TIMEOUT_MS));
    return nearestUnitVectors(unitVector(q), vectors, CANDIDATES);
  } catch (error) {
    logger.warn({ err: error }, "ranking by meaning failed: the material is ranked by its words alone");
    return [];
  }
}

function fuse(lists: string[][], k: number): { id: string; score: number }[] {
  const scores = new Map<string, number>();
  for (const list of lists) list.forEach((id, rank) => scores.set(id, (scores.get(id) ?? 0) + 1 / (RRF_K + rank + 1)));
  return [...scores.entries()]
    .map(([id, score]) => ({ id, score }))
    .sort((a, b) => b.score - a.score)
    .slice(0, k);
}

/**
 * The `k` chunks of the user's ready sources among `sourceIds` that best answer `query`, best
 * first, each with its page range and heading path. Another user's sources are ignored.
 */
export async function searchSources(userId: string, sourceIds: string[], query: string, k = 8): Promise<SourceHit[]> {
  const q = query
    .replace(/[\u0000-\u001F\u007F]/g, " ")
    .trim()
    .slice(0, 500);
  if (!q || sourceIds.length === 0) return [];
  const ids = await readySourceIds(userId, sourceIds);
  if (ids.length === 0) return [];
  const meaning = meaningRanking(ids, q);
  const [words, near] = await Promise.all([queryLexemes(q), nearTerms(ids, q)]);
  const asWritten = [...words, ...cjkPairs(q, 32)];
  const frequencies = await wordFrequencies(ids, [...asWritten, ...near]);
  const [written, corrected, byMeaning] = await Promise.all([
    fullTextRanking(ids, asWritten, CANDIDATES, frequencies),
    near.length ? fullTextRanking(ids, [...asWritten, ...near], CANDIDATES, frequencies) : Promise.resolve([]),
    meaning,
  ]);
  const ranked = fuse([written, corrected, byMeaning], k);
  const rows = new Map((await chunksByIds(ranked.map((r) => r.id))).map((row) => [row.id, row]));
  return ranked.flatMap(({ id, score }) => {
    const row = rows.get(id);
    return row ? [{ ...row, score }] : [];
  });
}
