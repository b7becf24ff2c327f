DROP INDEX "topics_course_position_key";--> statement-breakpoint
DROP INDEX "lessons_topic_position_key";--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "outline_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A topic's number is its position until the outline is first edited: quiz questions and attempts
-- already name topics by position.
ALTER TABLE "topics" ADD COLUMN "number" integer;--> statement-breakpoint
UPDATE "topics" SET "number" = "position";--> statement-breakpoint
ALTER TABLE "topics" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "topics" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "topics_course_number_key" ON "topics" USING btree ("course_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "topics_course_position_key" ON "topics" USING btree ("course_id","position") WHERE "topics"."archived_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "lessons_topic_position_key" ON "lessons" USING btree ("topic_id","position") WHERE "lessons"."archived_at" is null;