-- Sessions were named by an encrypted token that carried the row's id; they are now named by a
-- random token whose hash the row keeps (decision 018). The rows of before have no hash, so
-- no cookie can name them: they end, and everyone signs in once more.
DELETE FROM "sessions";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "token_hash" text NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "expires_at" timestamp with time zone NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");
