CREATE TYPE "public"."revision_kind" AS ENUM('generated', 'edited', 'restored', 'original');--> statement-breakpoint
CREATE TABLE "lesson_revisions" (
	"lesson_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"kind" "revision_kind" NOT NULL,
	"markdown" text NOT NULL,
	"html" text NOT NULL,
	"author_id" uuid,
	"restored_from" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_revisions_lesson_id_revision_pk" PRIMARY KEY("lesson_id","revision")
);
--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "markdown" text;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lesson_revisions" ADD CONSTRAINT "lesson_revisions_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_revisions" ADD CONSTRAINT "lesson_revisions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_revisions_author_idx" ON "lesson_revisions" USING btree ("author_id");