import "server-only";
import { cjkPairs } from "./grams";
import { chunksByIds, fullTextRanking, nearTerms, queryLexemes, readySourceIds, type ChunkHit } from "./queries";

/**
 * Search over a learner's material that works in every language with nothing but the database
 * (decision 023): full text on accent-folded words with the `simple` configuration (no
 * language's stemming is assumed), CJK text by its character pairs (grams.ts), and misspelt
 * words matched by trigrams (pg_trgm) to the words the sources really hold. Two rankings — the
 * query as written, and with those near words — are fused by reciprocal rank. This is the
 * retrieval API grounded generation will call.
 */

export type SourceHit = ChunkHit & { score: number };

/** Reciprocal rank fusion's constant: the usual 60 keeps one list's top from drowning the others. */
const RRF_K = 60;
const CANDIDATES = 50;

export function fuse(lists: string[][], k: number): { id: string; score: number }[] {
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
  const [words, near] = await Promise.all([queryLexemes(q), nearTerms(ids, q)]);
  const asWritten = [...words, ...cjkPairs(q, 32)];
  const [written, corrected] = await Promise.all([
    fullTextRanking(ids, asWritten, CANDIDATES),
    near.length ? fullTextRanking(ids, [...asWritten, ...near], CANDIDATES) : Promise.resolve([]),
  ]);
  const ranked = fuse([written, corrected], k);
  const rows = new Map((await chunksByIds(ranked.map((r) => r.id))).map((row) => [row.id, row]));
  return ranked.flatMap(({ id, score }) => {
    const row = rows.get(id);
    return row ? [{ ...row, score }] : [];
  });
}
