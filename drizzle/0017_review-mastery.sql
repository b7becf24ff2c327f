ALTER TABLE "lessons" ADD COLUMN "remediation" jsonb;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD COLUMN "results" jsonb;