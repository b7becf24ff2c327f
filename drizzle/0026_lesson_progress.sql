CREATE TABLE "lesson_progress" (
	"user_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"opened_at" timestamp with time zone,
	"done" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_progress_user_id_lesson_id_pk" PRIMARY KEY("user_id","lesson_id")
);
--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD CONSTRAINT "lesson_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD CONSTRAINT "lesson_progress_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD CONSTRAINT "lesson_progress_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_progress_course_user_idx" ON "lesson_progress" USING btree ("course_id","user_id");--> statement-breakpoint
-- Each course's reading so far was its owner's: every lesson opened or ticked becomes the owner's row.
INSERT INTO "lesson_progress" ("user_id", "lesson_id", "course_id", "opened_at", "done", "updated_at")
SELECT c."user_id", l."id", l."course_id", l."opened_at", l."done", l."updated_at"
FROM "lessons" l JOIN "courses" c ON c."id" = l."course_id"
WHERE l."done" OR l."opened_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "lessons" DROP COLUMN "done";--> statement-breakpoint
ALTER TABLE "lessons" DROP COLUMN "opened_at";