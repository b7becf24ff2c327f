ALTER TABLE "payments" ADD COLUMN "refunded_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "amount_minor" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "currency" text;