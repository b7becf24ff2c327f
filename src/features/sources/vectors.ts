/**
 * Ranking by meaning, in the process: cosine similarity between the query's embedding and each
 * chunk's. A course's material is bounded by the plan (500 pages, a few thousand chunks), so a
 * scan is a few milliseconds and needs no vector index or extension. Vectors are made unit
 * length once (vector-cache.ts keeps them so): a cosine is then one dot product.
 */

/** `v` scaled to length 1, as 32-bit floats (the precision the column stores); all zeros stays zeros. */
export function unitVector(v: readonly number[]): Float32Array {
  let sum = 0;
  for (const x of v) sum += x * x;
  const n = Math.sqrt(sum);
  const unit = new Float32Array(v.length);
  if (n > 0) for (let i = 0; i < v.length; i++) unit[i] = v[i] / n;
  return unit;
}

/**
 * The ids of the `limit` unit vectors most similar to the unit vector `query` (cosine above 0),
 * most similar first. A vector of another length is not comparable and is left out.
 */
export function nearestUnitVectors(
  query: Float32Array,
  sets: readonly { ids: readonly string[]; vectors: readonly Float32Array[] }[],
  limit: number,
): string[] {
  const scored: { id: string; score: number }[] = [];
  for (const set of sets) {
    set.vectors.forEach((vector, i) => {
      if (vector.length !== query.length) return;
      let dot = 0;
      for (let j = 0; j < query.length; j++) dot += query[j] * vector[j];
      if (dot > 0) scored.push({ id: set.ids[i], score: dot });
    });
  }
  return scored
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
