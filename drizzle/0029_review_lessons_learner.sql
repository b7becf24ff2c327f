ALTER TABLE "lessons" ADD COLUMN "learner_id" uuid;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_learner_id_users_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every review lesson so far was written for its course's owner, the only one who could fail its quiz.
UPDATE "lessons" SET "learner_id" = c."user_id" FROM "courses" c WHERE c."id" = "lessons"."course_id" AND "lessons"."remediation" IS NOT NULL;
