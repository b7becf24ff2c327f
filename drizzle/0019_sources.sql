-- The learner's own material (src/features/sources, decision 023). Full text is accent-folded,
-- but unaccent() is only STABLE (its dictionary could change), and a generated column needs an
-- IMMUTABLE expression: the usual wrapper names the dictionary and promises immutability.
CREATE OR REPLACE FUNCTION aula_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
CREATE TYPE "public"."source_kind" AS ENUM('pdf', 'docx', 'pptx', 'txt', 'md', 'text', 'url');--> statement-breakpoint
CREATE TYPE "public"."source_status" AS ENUM('processing', 'ready', 'failed');--> statement-breakpoint
CREATE TABLE "course_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_id" uuid NOT NULL,
	"course_id" uuid,
	"outline_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "source_chunks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_id" uuid NOT NULL,
	"ord" integer NOT NULL,
	"page_from" integer NOT NULL,
	"page_to" integer NOT NULL,
	"heading_path" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"text" text NOT NULL,
	"grams" text DEFAULT '' NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', aula_unaccent(text || ' ' || grams))) STORED
);
--> statement-breakpoint
CREATE TABLE "source_terms" (
	"source_id" uuid NOT NULL,
	"term" text NOT NULL,
	CONSTRAINT "source_terms_source_id_term_pk" PRIMARY KEY("source_id","term")
);
--> statement-breakpoint
CREATE TABLE "source_uploads" (
	"source_id" uuid PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" "source_kind" NOT NULL,
	"title" text NOT NULL,
	"status" "source_status" DEFAULT 'processing' NOT NULL,
	"pages_read" integer DEFAULT 0 NOT NULL,
	"pages_total" integer,
	"error_code" text,
	"byte_size" integer DEFAULT 0 NOT NULL,
	"sha256" text NOT NULL,
	"url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course_sources" ADD CONSTRAINT "course_sources_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_sources" ADD CONSTRAINT "course_sources_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_sources" ADD CONSTRAINT "course_sources_outline_id_generated_outlines_id_fk" FOREIGN KEY ("outline_id") REFERENCES "public"."generated_outlines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_chunks" ADD CONSTRAINT "source_chunks_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_terms" ADD CONSTRAINT "source_terms_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_uploads" ADD CONSTRAINT "source_uploads_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sources" ADD CONSTRAINT "sources_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "course_sources_course_source_key" ON "course_sources" USING btree ("course_id","source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_sources_outline_source_key" ON "course_sources" USING btree ("outline_id","source_id");--> statement-breakpoint
CREATE INDEX "course_sources_source_idx" ON "course_sources" USING btree ("source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "source_chunks_source_ord_key" ON "source_chunks" USING btree ("source_id","ord");--> statement-breakpoint
CREATE INDEX "source_chunks_search_idx" ON "source_chunks" USING gin ("search");--> statement-breakpoint
CREATE INDEX "source_terms_term_trgm_idx" ON "source_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sources_user_created_idx" ON "sources" USING btree ("user_id","created_at" DESC NULLS LAST);