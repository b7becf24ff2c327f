-- A certificate keeps how many questions its quiz mark was out of, so the verification page can
-- say "5 of 5 (100%)" instead of showing the stored mark (score × 10) as a grade. Certificates
-- already issued take the count from their course's quiz where the course still exists; the
-- others stay null and read "Passed".
ALTER TABLE "certificates" ADD COLUMN "quiz_questions" integer;--> statement-breakpoint
UPDATE "certificates" SET "quiz_questions" = jsonb_array_length(q."questions")
FROM "quizzes" q
WHERE q."course_id" = "certificates"."course_id"
  AND "certificates"."quiz_mark" IS NOT NULL
  AND jsonb_typeof(q."questions") = 'array';
