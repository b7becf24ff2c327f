ALTER TABLE "lesson_revisions" ADD COLUMN "image_url" text;--> statement-breakpoint
ALTER TABLE "lesson_revisions" ADD COLUMN "image_attribution" text;--> statement-breakpoint
ALTER TABLE "lesson_revisions" ADD COLUMN "image_caption" text;--> statement-breakpoint
ALTER TABLE "lesson_revisions" ADD COLUMN "youtube_id" text;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "image_caption" text;