CREATE TABLE "source_chunk_vectors" (
	"chunk_id" uuid PRIMARY KEY NOT NULL,
	"source_id" uuid NOT NULL,
	"model" text NOT NULL,
	"vector" real[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "source_chunk_vectors" ADD CONSTRAINT "source_chunk_vectors_chunk_id_source_chunks_id_fk" FOREIGN KEY ("chunk_id") REFERENCES "public"."source_chunks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_chunk_vectors" ADD CONSTRAINT "source_chunk_vectors_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "source_chunk_vectors_source_model_idx" ON "source_chunk_vectors" USING btree ("source_id","model");