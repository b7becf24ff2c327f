CREATE TABLE "course_editors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"email" text NOT NULL,
	"user_id" uuid,
	"token_hash" text NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "course_editors" ADD CONSTRAINT "course_editors_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_editors" ADD CONSTRAINT "course_editors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "course_editors_course_email_key" ON "course_editors" USING btree ("course_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "course_editors_token_key" ON "course_editors" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "course_editors_user_idx" ON "course_editors" USING btree ("user_id");