ALTER TABLE "source_terms" ADD COLUMN "chunks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- How many chunks of each stored source hold each word (words of one or two letters were not kept before: they are now).
INSERT INTO "source_terms" ("source_id", "term", "chunks")
SELECT c."source_id", w.word, count(*)::int
FROM "source_chunks" c, unnest(tsvector_to_array(c."search")) AS w(word)
GROUP BY c."source_id", w.word
ON CONFLICT ("source_id", "term") DO UPDATE SET "chunks" = excluded."chunks";
