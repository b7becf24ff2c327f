CREATE TYPE "public"."course_visibility" AS ENUM('private', 'unlisted', 'public');--> statement-breakpoint
ALTER TABLE "course_learners" ADD COLUMN "enrolled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "visibility" "course_visibility" DEFAULT 'private' NOT NULL;