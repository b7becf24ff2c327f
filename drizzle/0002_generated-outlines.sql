CREATE TABLE "generated_outlines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"outline" jsonb NOT NULL,
	"topic" text NOT NULL,
	"type" "course_type" NOT NULL,
	"language" text NOT NULL,
	"topics_limit" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "generated_outlines" ADD CONSTRAINT "generated_outlines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "generated_outlines_user_created_idx" ON "generated_outlines" USING btree ("user_id","created_at");