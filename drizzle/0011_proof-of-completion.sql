ALTER TABLE "lessons" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD COLUMN "attempt_id" uuid;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "attempt_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "served_order" jsonb;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "graded_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_attempts_attempt_key" ON "quiz_attempts" USING btree ("attempt_id");--> statement-breakpoint
-- A lesson already done with its text stored was served to its owner when it was marked: it counts as opened.
UPDATE "lessons" SET "opened_at" = coalesce("generated_at", "updated_at") WHERE "done" AND "theory" <> '';--> statement-breakpoint
-- Done with no text was never read (only /api/update could mark it): it is not done.
UPDATE "lessons" SET "done" = false WHERE "done" AND "opened_at" IS NULL;--> statement-breakpoint
-- The attempt served last is closed when an attempt was recorded after it was served.
UPDATE "quizzes" SET "graded_at" = (SELECT max("created_at") FROM "quiz_attempts" WHERE "quiz_attempts"."course_id" = "quizzes"."course_id" AND "quiz_attempts"."created_at" >= "quizzes"."served_at");
