ALTER TABLE "certificates" ADD COLUMN "short_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "course_lang" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "lesson_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "quiz_mark" integer;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "locale" "ui_locale" DEFAULT 'pt' NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "png" "bytea";--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD COLUMN "answers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD COLUMN "counted" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "served_at" timestamp with time zone DEFAULT now() NOT NULL;