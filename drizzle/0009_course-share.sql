ALTER TABLE "courses" ADD COLUMN "share_id" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "shared_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "courses_share_id_key" ON "courses" USING btree ("share_id");