CREATE TABLE "course_learners" (
	"course_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"quiz_passed" boolean DEFAULT false NOT NULL,
	"best_mark" integer,
	"completed" boolean DEFAULT false NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_learners_course_id_user_id_pk" PRIMARY KEY("course_id","user_id")
);
--> statement-breakpoint
DROP INDEX "certificates_course_key";--> statement-breakpoint
ALTER TABLE "course_learners" ADD CONSTRAINT "course_learners_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_learners" ADD CONSTRAINT "course_learners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_learners_user_idx" ON "course_learners" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_course_user_key" ON "certificates" USING btree ("course_id","user_id");--> statement-breakpoint
-- Every course's quiz result and completion were its owner's: each becomes the owner's row.
INSERT INTO "course_learners" ("course_id", "user_id", "quiz_passed", "best_mark", "completed", "ended_at", "created_at", "updated_at")
SELECT "id", "user_id", "quiz_passed", "best_mark", "completed", "ended_at", "created_at", "updated_at" FROM "courses";--> statement-breakpoint
ALTER TABLE "courses" DROP COLUMN "completed";--> statement-breakpoint
ALTER TABLE "courses" DROP COLUMN "ended_at";--> statement-breakpoint
ALTER TABLE "courses" DROP COLUMN "quiz_passed";--> statement-breakpoint
ALTER TABLE "courses" DROP COLUMN "best_mark";