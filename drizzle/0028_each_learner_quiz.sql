CREATE TABLE "quiz_servings" (
	"course_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"served_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempt_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"served_order" jsonb,
	"graded_at" timestamp with time zone,
	CONSTRAINT "quiz_servings_course_id_user_id_pk" PRIMARY KEY("course_id","user_id")
);
--> statement-breakpoint
DROP INDEX "quiz_attempts_course_idx";--> statement-breakpoint
DROP INDEX "cards_course_source_key";--> statement-breakpoint
ALTER TABLE "quiz_servings" ADD CONSTRAINT "quiz_servings_course_id_quizzes_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."quizzes"("course_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_servings" ADD CONSTRAINT "quiz_servings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quiz_servings_user_idx" ON "quiz_servings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "quiz_attempts_course_user_idx" ON "quiz_attempts" USING btree ("course_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cards_user_course_source_key" ON "cards" USING btree ("user_id","course_id","source_key");--> statement-breakpoint
-- Every served attempt was the course owner's: it becomes the owner's serving, still open or graded.
INSERT INTO "quiz_servings" ("course_id", "user_id", "served_at", "attempt_id", "served_order", "graded_at")
SELECT q."course_id", c."user_id", q."served_at", q."attempt_id", q."served_order", q."graded_at"
FROM "quizzes" q JOIN "courses" c ON c."id" = q."course_id";--> statement-breakpoint
ALTER TABLE "quizzes" DROP COLUMN "served_at";--> statement-breakpoint
ALTER TABLE "quizzes" DROP COLUMN "attempt_id";--> statement-breakpoint
ALTER TABLE "quizzes" DROP COLUMN "served_order";--> statement-breakpoint
ALTER TABLE "quizzes" DROP COLUMN "graded_at";