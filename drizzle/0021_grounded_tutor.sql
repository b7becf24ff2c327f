-- Grounded tutor (decision 028): the course's "only from my sources" setting, and the checked
-- citations an answer from the course's material keeps with its text.
ALTER TABLE "chat_messages" ADD COLUMN "citations" jsonb;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "sources_only" boolean DEFAULT false NOT NULL;