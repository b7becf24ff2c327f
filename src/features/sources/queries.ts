import "server-only";
import { and, asc, count, desc, eq, inArray, isNotNull, ne, notExists, sql, sum } from "drizzle-orm";
import { rowsOf } from "@/server/db/raw-rows";
import { getDb } from "@/server/db/client";
import { courseSources, sourceChunks, sources, sourceTerms, sourceUploads } from "@/server/db/schema";
import { cjkPairs } from "./grams";
import type { Chunk } from "./chunk";

export type SourceRow = typeof sources.$inferSelect;
export type SourceKind = SourceRow["kind"];

export async function insertSource(
  values: {
    userId: string;
    kind: SourceKind;
    title: string;
    byteSize: number;
    sha256: string;
    url?: string;
    pagesTotal?: number | null;
    courseId?: string;
  },
  bytes: Buffer,
): Promise<string> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(sources)
      .values({
        userId: values.userId,
        kind: values.kind,
        title: values.title,
        byteSize: values.byteSize,
        sha256: values.sha256,
        url: values.url,
        pagesTotal: values.pagesTotal ?? null,
      })
      .returning({ id: sources.id });
    await tx.insert(sourceUploads).values({ sourceId: row.id, bytes });
    if (values.courseId) await tx.insert(courseSources).values({ sourceId: row.id, courseId: values.courseId });
    return row.id;
  });
}

/** The owner's source, else undefined (another user's is as absent as a missing one). */
export async function findOwnSource(userId: string, id: string): Promise<SourceRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(sources)
    .where(and(eq(sources.id, id), eq(sources.userId, userId)))
    .limit(1);
  return row;
}

export async function findSource(id: string): Promise<SourceRow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(sources).where(eq(sources.id, id)).limit(1);
  return row;
}

export async function ownSources(userId: string, ids?: string[]): Promise<SourceRow[]> {
  const db = await getDb();
  return db
    .select()
    .from(sources)
    .where(and(eq(sources.userId, userId), ids ? inArray(sources.id, ids) : undefined))
    .orderBy(desc(sources.createdAt));
}

/** Sources that count against the plan: all but the failed ones. */
export async function liveSourceCount(userId: string): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: count() })
    .from(sources)
    .where(and(eq(sources.userId, userId), ne(sources.status, "failed")));
  return Number(row.n);
}

/** A course's sources (its owner's), newest first. */
export async function courseSourceRows(userId: string, courseId: string): Promise<SourceRow[]> {
  const db = await getDb();
  return db
    .select({ source: sources })
    .from(courseSources)
    .innerJoin(sources, eq(sources.id, courseSources.sourceId))
    .where(and(eq(courseSources.courseId, courseId), eq(sources.userId, userId)))
    .orderBy(desc(sources.createdAt))
    .then((rows) => rows.map((r) => r.source));
}

/** Sources and pages a course uses now (failed sources do not count). */
export async function courseUsage(courseId: string): Promise<{ sources: number; pages: number }> {
  const db = await getDb();
  const [row] = await db
    .select({ n: count(), pages: sum(sql`coalesce(${sources.pagesTotal}, 0)`) })
    .from(courseSources)
    .innerJoin(sources, eq(sources.id, courseSources.sourceId))
    .where(and(eq(courseSources.courseId, courseId), ne(sources.status, "failed")));
  return { sources: Number(row.n), pages: Number(row.pages ?? 0) };
}

/**
 * The user's sources (not failed) in no course yet, and their pages: material uploaded for an
 * outline or kept aside, which a paid plan bounds as it bounds one course.
 */
export async function unattachedUsage(userId: string): Promise<{ sources: number; pages: number }> {
  const db = await getDb();
  const inACourse = db
    .select({ one: sql`1` })
    .from(courseSources)
    .where(and(eq(courseSources.sourceId, sources.id), isNotNull(courseSources.courseId)));
  const [row] = await db
    .select({ n: count(), pages: sum(sql`coalesce(${sources.pagesTotal}, 0)`) })
    .from(sources)
    .where(and(eq(sources.userId, userId), ne(sources.status, "failed"), notExists(inACourse)));
  return { sources: Number(row.n), pages: Number(row.pages ?? 0) };
}

export async function linkSourcesToOutline(outlineId: string, sourceIds: string[]): Promise<void> {
  if (sourceIds.length === 0) return;
  const db = await getDb();
  await db
    .insert(courseSources)
    .values(sourceIds.map((sourceId) => ({ sourceId, outlineId })))
    .onConflictDoNothing();
}

export async function outlineSourceIds(outlineId: string): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: courseSources.sourceId })
    .from(courseSources)
    .where(eq(courseSources.outlineId, outlineId));
  return rows.map((r) => r.id);
}

export async function linkSourcesToCourse(courseId: string, sourceIds: string[]): Promise<void> {
  if (sourceIds.length === 0) return;
  const db = await getDb();
  await db
    .insert(courseSources)
    .values(sourceIds.map((sourceId) => ({ sourceId, courseId })))
    .onConflictDoNothing();
}

export async function uploadedBytes(sourceId: string): Promise<Buffer | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(sourceUploads).where(eq(sourceUploads.sourceId, sourceId)).limit(1);
  return row ? Buffer.from(row.bytes) : undefined;
}

export async function setProgress(sourceId: string, pagesRead: number, pagesTotal: number): Promise<void> {
  const db = await getDb();
  await db
    .update(sources)
    .set({ pagesRead, pagesTotal, updatedAt: sql`now()` })
    .where(and(eq(sources.id, sourceId), eq(sources.status, "processing")));
}

/**
 * Chunks one statement stores. PGlite runs in the server's own thread, and a transaction there
 * holds every other query until it ends: a source's chunks are written a statement at a time, so
 * health and the other requests are answered between them.
 */
const CHUNKS_PER_STATEMENT = 25;

/**
 * The job's writes: the chunks (an earlier attempt's replaced) and the source's vocabulary, a
 * batch at a time while the source is still `processing` (search and the outline's digest read
 * ready sources only, so nothing half-written is ever read), then in one short transaction the
 * status `ready` and the uploaded bytes gone.
 */
export async function storeChunks(sourceId: string, chunks: Chunk[], pages: number, title?: string): Promise<void> {
  const db = await getDb();
  await db.delete(sourceChunks).where(eq(sourceChunks.sourceId, sourceId));
  await db.delete(sourceTerms).where(eq(sourceTerms.sourceId, sourceId));
  for (let i = 0; i < chunks.length; i += CHUNKS_PER_STATEMENT) {
    const stored = await db
      .insert(sourceChunks)
      .values(
        chunks.slice(i, i + CHUNKS_PER_STATEMENT).map((c) => ({
          sourceId,
          ord: c.ord,
          pageFrom: c.pageFrom,
          pageTo: c.pageTo,
          headingPath: c.headingPath,
          text: c.text,
          grams: cjkPairs(c.text).join(" "),
        })),
      )
      .returning({ id: sourceChunks.id });
    // The batch's vocabulary, as full text indexed it, and how many of its chunks hold each word
    // (added to the earlier batches' counts): the words' weights in a search, and misspelt query
    // words matched to them.
    await db.execute(sql`
      insert into source_terms (source_id, term, chunks)
      select ${sourceId}::uuid, word, count(*)::int
      from source_chunks, unnest(tsvector_to_array(search)) as word
      where ${inArray(
        sourceChunks.id,
        stored.map((row) => row.id),
      )}
      group by word
      on conflict (source_id, term) do update set chunks = source_terms.chunks + excluded.chunks`);
  }
  await db.transaction(async (tx) => {
    await tx
      .update(sources)
      .set({ status: "ready", pagesRead: pages, pagesTotal: pages, ...(title ? { title } : {}), updatedAt: sql`now()` })
      .where(eq(sources.id, sourceId));
    await tx.delete(sourceUploads).where(eq(sourceUploads.sourceId, sourceId));
  });
}

/** Ingestion failed for good: nothing of the material is kept but the row saying why. */
export async function failSource(sourceId: string, errorCode: string): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.delete(sourceChunks).where(eq(sourceChunks.sourceId, sourceId));
    await tx.delete(sourceTerms).where(eq(sourceTerms.sourceId, sourceId));
    await tx.delete(sourceUploads).where(eq(sourceUploads.sourceId, sourceId));
    await tx
      .update(sources)
      .set({ status: "failed", errorCode, updatedAt: sql`now()` })
      .where(eq(sources.id, sourceId));
  });
}

/** Removes the owner's source; its chunks, bytes and course links go with it (cascade). */
export async function deleteOwnSource(userId: string, id: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .delete(sources)
    .where(and(eq(sources.id, id), eq(sources.userId, userId)))
    .returning({ id: sources.id });
  return rows.length > 0;
}

/** The owner's ready sources among `ids` (all of them when ids is undefined). */
export async function readySourceIds(userId: string, ids?: string[]): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: sources.id })
    .from(sources)
    .where(and(eq(sources.userId, userId), eq(sources.status, "ready"), ids ? inArray(sources.id, ids) : undefined));
  return rows.map((r) => r.id);
}

export type ChunkHit = {
  id: string;
  sourceId: string;
  ord: number;
  pageFrom: number;
  pageTo: number;
  headingPath: string[];
  text: string;
};

export async function chunksByIds(ids: string[]): Promise<ChunkHit[]> {
  if (ids.length === 0) return [];
  const db = await getDb();
  return db
    .select({
      id: sourceChunks.id,
      sourceId: sourceChunks.sourceId,
      ord: sourceChunks.ord,
      pageFrom: sourceChunks.pageFrom,
      pageTo: sourceChunks.pageTo,
      headingPath: sourceChunks.headingPath,
      text: sourceChunks.text,
    })
    .from(sourceChunks)
    .where(inArray(sourceChunks.id, ids))
    .orderBy(asc(sourceChunks.ord));
}

/** The query's words as full text indexes them (accent-folded, lower case). */
export async function queryLexemes(query: string): Promise<string[]> {
  const db = await getDb();
  const result = await db.execute<{ word: string }>(
    sql`select unnest(tsvector_to_array(to_tsvector('simple', aula_unaccent(${query})))) as word`,
  );
  return rowsOf<{ word: string }>(result).map((r) => r.word);
}

const lexemeList = (words: string[]) =>
  sql`array[${sql.join(
    words.map((w) => sql`${w}`),
    sql`, `,
  )}]::text[]`;

/** A word in this many chunks weighs little whatever its exact count, and is never "rare". */
const DF_CAP = 1000;

/** The words a ranking may use: distinct, non-empty, none that would break out of its tsquery literal. */
const usableWords = (lexemes: string[]) =>
  [...new Set(lexemes)].filter((w) => w.length > 0 && !/['\\]/.test(w)).slice(0, 64);

/** How many chunks of the sources there are, and in how many each word is (up to DF_CAP); words in none are left out. */
export type WordFrequencies = { total: number; df: Map<string, number> };

/**
 * One statement for every word of a search (the rankings as written and as corrected share it):
 * each word's count of chunks was kept when they were stored (source_terms.chunks), so this
 * reads one index entry per word and source; the chunk count is an index-only count.
 */
export async function wordFrequencies(sourceIds: string[], lexemes: string[]): Promise<WordFrequencies> {
  const words = usableWords(lexemes);
  if (words.length === 0 || sourceIds.length === 0) return { total: 0, df: new Map() };
  const db = await getDb();
  const rows = rowsOf<{ word: string; df: number; total: number }>(
    await db.execute(sql`
      select w.word, least(coalesce(sum(${sourceTerms.chunks}), 0), ${DF_CAP})::int as df,
        (select count(*) from ${sourceChunks} where ${inArray(sourceChunks.sourceId, sourceIds)})::int as total
      from unnest(${lexemeList(words)}) as w(word)
      left join ${sourceTerms} on ${sourceTerms.term} = w.word and ${inArray(sourceTerms.sourceId, sourceIds)}
      group by w.word`),
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    df: new Map(rows.filter((r) => Number(r.df) > 0).map((r) => [r.word, Number(r.df)])),
  };
}

/**
 * Full text ranked by how rare the matched words are (BM25's idf, without term frequency): with
 * no language's stop words assumed, "o", "de" or "the" match nearly every chunk and must weigh
 * nearly nothing, while the one rare word of the question decides. Words found in more than
 * half of the chunks (or DF_CAP of them) only count when nothing rarer is asked. `frequencies`
 * must cover `lexemes` (wordFrequencies).
 */
export async function fullTextRanking(
  sourceIds: string[],
  lexemes: string[],
  limit: number,
  frequencies: WordFrequencies,
): Promise<string[]> {
  const { total } = frequencies;
  const df = usableWords(lexemes).flatMap((word) => {
    const found = frequencies.df.get(word);
    return found ? [{ word, df: found }] : [];
  });
  if (df.length === 0) return [];
  const db = await getDb();
  const inSources = inArray(sourceChunks.sourceId, sourceIds);
  const rare = df.filter((r) => r.df < DF_CAP && r.df <= total / 2);
  const used = rare.length > 0 ? rare : df;
  const idf = (d: number) => Math.log((total - d + 0.5) / (d + 0.5) + 1);
  const score = sql.join(
    df.map((r) => sql`(${sourceChunks.search} @@ quote_literal(${r.word})::tsquery)::int * ${idf(r.df)}::float8`),
    sql` + `,
  );
  const ranked = async (operator: " | " | " & ") => {
    const tsquery = sql`${used.map((r) => `'${r.word}'`).join(operator)}::tsquery`;
    const rows = await db
      .select({ id: sourceChunks.id })
      .from(sourceChunks)
      .where(and(inSources, sql`${sourceChunks.search} @@ ${tsquery}`))
      .orderBy(sql`(${score}) desc`, sql`ts_rank_cd(${sourceChunks.search}, ${tsquery}) desc`, asc(sourceChunks.ord))
      .limit(limit);
    return rows.map((r) => r.id);
  };
  // Only common words: any of them would make nearly every chunk a candidate to score, so the
  // chunks holding all of them come first, and any of them only when none holds all.
  if (rare.length === 0 && used.length > 1) {
    const all = await ranked(" & ");
    if (all.length > 0) return all;
  }
  return ranked(" | ");
}

/**
 * Words of the sources within trigram similarity (pg_trgm `%`, its index) of the query's words
 * of 4 letters or more: "fotosintese" finds "fotossintese". The words themselves are excluded.
 */
export async function nearTerms(sourceIds: string[], query: string, limit = 12): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .selectDistinct({ term: sourceTerms.term })
    .from(sourceTerms)
    .innerJoin(
      sql`unnest(tsvector_to_array(to_tsvector('simple', aula_unaccent(${query})))) as w(word)`,
      sql`length(w.word) >= 4 and length(${sourceTerms.term}) >= 3 and ${sourceTerms.term} % w.word and ${sourceTerms.term} <> w.word`,
    )
    .where(inArray(sourceTerms.sourceId, sourceIds))
    .limit(limit);
  return rows.map((r) => r.term);
}

/** One chunk as the outline's digest reads it: where it is and how it begins. */
export type DigestChunk = {
  sourceId: string;
  ord: number;
  pageFrom: number;
  pageTo: number;
  headingPath: string[];
  lead: string;
};

/**
 * Every chunk of the owner's ready sources among `ids`, in reading order, with only the start of
 * its text: the outline's digest (digest.ts) makes the table of contents and summaries from it.
 */
export async function digestChunks(userId: string, ids: string[]): Promise<DigestChunk[]> {
  if (ids.length === 0) return [];
  const db = await getDb();
  return db
    .select({
      sourceId: sourceChunks.sourceId,
      ord: sourceChunks.ord,
      pageFrom: sourceChunks.pageFrom,
      pageTo: sourceChunks.pageTo,
      headingPath: sourceChunks.headingPath,
      lead: sql<string>`left(${sourceChunks.text}, 400)`,
    })
    .from(sourceChunks)
    .innerJoin(sources, eq(sources.id, sourceChunks.sourceId))
    .where(and(inArray(sourceChunks.sourceId, ids), eq(sources.userId, userId), eq(sources.status, "ready")))
    .orderBy(asc(sourceChunks.sourceId), asc(sourceChunks.ord));
}
