/**
 * Ranking by meaning, in the process: cosine similarity between the query's embedding and each
 * chunk's. A course's material is bounded by the plan (500 pages, a few thousand chunks), so a
 * scan is a few milliseconds and needs no vector index or extension.
 */

function norm(v: readonly number[]): number {
  let sum = 0;
  for (const x of v) sum += x * x;
  return Math.sqrt(sum);
}

export function cosine(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length || a.length === 0) return 0;
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i] * b[i];
  const n = norm(a) * norm(b);
  return n > 0 ? dot / n : 0;
}

/** The ids of the `limit` most similar vectors (above `floor`), most similar first. */
export function nearestByCosine(
  query: readonly number[],
  rows: readonly { chunkId: string; vector: readonly number[] }[],
  limit: number,
  floor = 0,
): string[] {
  return rows
    .map((r) => ({ id: r.chunkId, score: cosine(query, r.vector) }))
    .filter((r) => r.score > floor)
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map((r) => r.id);
}

/** Whether a model's answer is a usable list of `count` vectors of one length. */
export function validVectors(vectors: unknown, count: number): vectors is number[][] {
  if (!Array.isArray(vectors) || vectors.length !== count) return false;
  const dims = Array.isArray(vectors[0]) ? vectors[0].length : 0;
  return (
    dims > 0 &&
    dims <= 8192 &&
    vectors.every(
      (v) => Array.isArray(v) && v.length === dims && v.every((x) => typeof x === "number" && Number.isFinite(x)),
    )
  );
}
