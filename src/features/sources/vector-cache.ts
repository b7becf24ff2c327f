import "server-only";
import { vectorCounts, vectorsOf } from "./vector-queries";
import { unitVector } from "./vectors";

/**
 * The ranking by meaning without reading every vector of the material on every search. A chunk's
 * vector never changes once written: the `source.embed` job only adds rows, or replaces a source's
 * rows for another model. So a source's vectors of one model, read once, stay right while their
 * count does. Each search asks the counts (one small aggregate), reads again only the sources
 * whose count moved (another instance may have embedded more meanwhile), and ranks in memory,
 * where the vectors are kept as unit-length Float32Arrays: a cosine is then one dot product.
 * Bounded by MAX_FLOATS (64 MB); the least recently searched sources go first.
 */

/** A source's vectors of one model: how many rows they were, and each chunk's id beside its unit vector. */
type Entry = { count: number; ids: string[]; vectors: Float32Array[]; floats: number };

const MAX_FLOATS = 16_000_000;

const holder = globalThis as unknown as { __aulaVectorCache?: { entries: Map<string, Entry>; floats: number } };
const cache = () => (holder.__aulaVectorCache ??= { entries: new Map(), floats: 0 });
const keyOf = (sourceId: string, model: string) => `${model}\u0000${sourceId}`;

function put(key: string, entry: Entry): void {
  const state = cache();
  const old = state.entries.get(key);
  if (old) {
    state.floats -= old.floats;
    state.entries.delete(key);
  }
  state.entries.set(key, entry);
  state.floats += entry.floats;
  for (const [oldest, value] of state.entries) {
    if (state.floats <= MAX_FLOATS || oldest === key) break;
    state.entries.delete(oldest);
    state.floats -= value.floats;
  }
}

/** The entry, now the most recently used. */
function touch(key: string): Entry | undefined {
  const entries = cache().entries;
  const entry = entries.get(key);
  if (entry) {
    entries.delete(key);
    entries.set(key, entry);
  }
  return entry;
}

/** The current vectors of `model` of each source that has any ([] when none has), read from the database only where the cache is behind. */
export async function currentVectors(sourceIds: string[], model: string): Promise<Entry[]> {
  const counts = await vectorCounts(sourceIds, model);
  const found = new Map<string, Entry>();
  for (const [id, count] of counts) {
    const entry = touch(keyOf(id, model));
    if (entry?.count === count) found.set(id, entry);
  }
  const stale = [...counts.keys()].filter((id) => !found.has(id));
  if (stale.length > 0) {
    for (const id of stale) found.set(id, { count: 0, ids: [], vectors: [], floats: 0 });
    for (const row of await vectorsOf(stale, model)) {
      const entry = found.get(row.sourceId)!;
      const vector = unitVector(row.vector);
      entry.count += 1;
      entry.ids.push(row.chunkId);
      entry.vectors.push(vector);
      entry.floats += vector.length;
    }
    // Kept whole even past the bound: this search uses them; older sources make room.
    for (const id of stale) put(keyOf(id, model), found.get(id)!);
  }
  return [...found.values()];
}
