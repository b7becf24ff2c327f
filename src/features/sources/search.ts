import "server-only";
import { chunksByIds, fullTextRanking, readySourceIds, termRanking, trigramRanking, type ChunkHit } from "./queries";

/**
 * Search over a learner's material that works in every language with nothing but the database
 * (decision 023): full text on accent-folded words (`simple` configuration: no language's
 * stemming is assumed), trigram word similarity (typos; scripts without spaces), and, for
 * CJK, the query's character pairs found verbatim. The lists are fused by reciprocal rank.
 * This is the retrieval API grounded generation will call.
 */

export type SourceHit = ChunkHit & { score: number };

/** Reciprocal rank fusion's constant: the usual 60 keeps one list's top from drowning the others. */
const RRF_K = 60;
const CANDIDATES = 50;

/** Han, kana, Hangul and Thai: scripts written without spaces between words. */
const UNSPACED = /[\u0E00-\u0E7F\u3040-\u30FF\u3400-\u4DBF\u4E00-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF]/u;
const UNSPACED_RUN = /[\u0E00-\u0E7F\u3040-\u30FF\u3400-\u4DBF\u4E00-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF]+/gu;

/** The terms looked up verbatim: each CJK run's character pairs (its single character when alone). */
export function verbatimTerms(query: string): string[] {
  if (!UNSPACED.test(query)) return [];
  const terms = new Set<string>();
  for (const run of query.match(UNSPACED_RUN) ?? []) {
    const chars = [...run];
    if (chars.length === 1) terms.add(run);
    for (let i = 0; i + 1 < chars.length; i++) terms.add(chars[i] + chars[i + 1]);
  }
  return [...terms].slice(0, 32);
}

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
  const [fullText, trigram, terms] = await Promise.all([
    fullTextRanking(ids, q, CANDIDATES),
    trigramRanking(ids, q, CANDIDATES),
    termRanking(ids, verbatimTerms(q), CANDIDATES),
  ]);
  const ranked = fuse([fullText, trigram, terms], k);
  const rows = new Map((await chunksByIds(ranked.map((r) => r.id))).map((row) => [row.id, row]));
  return ranked.flatMap(({ id, score }) => {
    const row = rows.get(id);
    return row ? [{ ...row, score }] : [];
  });
}
