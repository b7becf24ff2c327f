/** Tables the sources feature writes: the learner's material, its chunks, words and vectors. (docs/table-owners.md) */
import { sql } from "drizzle-orm";
import {
  customType,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { bytea, createdAt, updatedAt } from "./columns";
import { courses } from "./courses";
import { generatedOutlines } from "./generation";

export const sourceKind = pgEnum("source_kind", ["pdf", "docx", "pptx", "txt", "md", "text", "url"]);

export const sourceStatus = pgEnum("source_status", ["processing", "ready", "failed"]);

/**
 * A document a learner gave (a file, pasted text or a web address), private to its owner. The
 * file's bytes are not kept: only its text, cut into `source_chunks` (decision 023). Progress of
 * the ingestion job (`source.ingest`) is on the row: pages read of pages total.
 */
export const sources = pgTable(
  "sources",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: sourceKind("kind").notNull(),
    title: text("title").notNull(),
    status: sourceStatus("status").notNull().default("processing"),
    pagesRead: integer("pages_read").notNull().default(0),
    pagesTotal: integer("pages_total"),
    /** Why ingestion failed: an error code of src/server/http/error-codes.ts. */
    errorCode: text("error_code"),
    byteSize: integer("byte_size").notNull().default(0),
    sha256: text("sha256").notNull(),
    /** The web address a `url` source was read from. */
    url: text("url"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sources_user_created_idx").on(t.userId, t.createdAt.desc())],
);

/**
 * The bytes waiting for the ingestion job, and only until it ends (success or failure): the job
 * runs in another request or process, so they cannot stay in memory. Never served to anyone.
 */
export const sourceUploads = pgTable("source_uploads", {
  sourceId: uuid("source_id")
    .primaryKey()
    .references(() => sources.id, { onDelete: "cascade" }),
  bytes: bytea("bytes").notNull(),
});

/**
 * Which sources a course (or an outline waiting to become one) is made from. A source may serve
 * several courses; removing either removes the link.
 */
export const courseSources = pgTable(
  "course_sources",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sourceId: uuid("source_id")
      .notNull()
      .references(() => sources.id, { onDelete: "cascade" }),
    courseId: uuid("course_id").references(() => courses.id, { onDelete: "cascade" }),
    outlineId: uuid("outline_id").references(() => generatedOutlines.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("course_sources_course_source_key").on(t.courseId, t.sourceId),
    uniqueIndex("course_sources_outline_source_key").on(t.outlineId, t.sourceId),
    index("course_sources_source_idx").on(t.sourceId),
  ],
);

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * A source's text cut on its structure (pages, headings, paragraphs), with where it came from.
 * `search` is generated: full text, accent-folded with the IMMUTABLE `aula_unaccent` of
 * migration 0019, over the text and `grams`, the character pairs of its CJK runs (scripts
 * without spaces between words: a pair is what a word search can match there).
 */
export const sourceChunks = pgTable(
  "source_chunks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sourceId: uuid("source_id")
      .notNull()
      .references(() => sources.id, { onDelete: "cascade" }),
    ord: integer("ord").notNull(),
    pageFrom: integer("page_from").notNull(),
    pageTo: integer("page_to").notNull(),
    headingPath: jsonb("heading_path").$type<string[]>().notNull().default([]),
    text: text("text").notNull(),
    grams: text("grams").notNull().default(""),
    search: tsvector("search").generatedAlwaysAs(sql`to_tsvector('simple', aula_unaccent(text || ' ' || grams))`),
  },
  (t) => [
    uniqueIndex("source_chunks_source_ord_key").on(t.sourceId, t.ord),
    index("source_chunks_search_idx").using("gin", t.search),
  ],
);

/**
 * Each source's words (accent-folded, as full text indexes them), with a trigram index: a
 * misspelt query word is matched to the words the material really has, which full text then
 * ranks. Trigrams on short words are fast where trigram similarity over whole chunks is not.
 * `chunks` is how many of the source's chunks hold the word, counted once when they are stored:
 * a search weighs its words by it (rare words decide) without counting chunks each time.
 */
export const sourceTerms = pgTable(
  "source_terms",
  {
    sourceId: uuid("source_id")
      .notNull()
      .references(() => sources.id, { onDelete: "cascade" }),
    term: text("term").notNull(),
    chunks: integer("chunks").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.sourceId, t.term] }),
    index("source_terms_term_trgm_idx").using("gin", sql`${t.term} gin_trgm_ops`),
  ],
);

/**
 * A chunk's embedding when `EMBEDDING_MODEL` is set (issue 22 item 3): written by the
 * `source.embed` job after the chunks are stored, so nothing waits for it; `model` names the
 * model that made it, so a changed setting is never compared across models. Ranked by cosine
 * in the process (a course's material is at most a few thousand chunks).
 */
export const sourceChunkVectors = pgTable(
  "source_chunk_vectors",
  {
    chunkId: uuid("chunk_id")
      .primaryKey()
      .references(() => sourceChunks.id, { onDelete: "cascade" }),
    sourceId: uuid("source_id")
      .notNull()
      .references(() => sources.id, { onDelete: "cascade" }),
    model: text("model").notNull(),
    vector: real("vector").array().notNull(),
  },
  (t) => [index("source_chunk_vectors_source_model_idx").on(t.sourceId, t.model)],
);
