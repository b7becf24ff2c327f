ALTER TABLE "courses" ADD COLUMN "published_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD COLUMN "read_revision" integer;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "published_revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "course_version" integer;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "course_version_at" timestamp with time zone;--> statement-breakpoint
-- Every lesson's row is its newest revision until now: that is what its learners read.
UPDATE "lessons" SET "published_revision" = "version";--> statement-breakpoint
-- A lesson already done was read as it is now.
UPDATE "lesson_progress" p SET "read_revision" = l."version" FROM "lessons" l WHERE l."id" = p."lesson_id" AND p."done";
