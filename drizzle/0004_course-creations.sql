CREATE TABLE "course_creations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"course_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course_creations" ADD CONSTRAINT "course_creations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_creations" ADD CONSTRAINT "course_creations_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_creations_user_created_idx" ON "course_creations" USING btree ("user_id","created_at");--> statement-breakpoint
-- Courses that exist were created once each; deleted ones are unknown and cannot be counted.
INSERT INTO "course_creations" ("user_id", "course_id", "created_at") SELECT "user_id", "id", "created_at" FROM "courses";
