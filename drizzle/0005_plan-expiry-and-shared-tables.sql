CREATE TABLE "admin_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"target" text DEFAULT '' NOT NULL,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Nothing wrote policies before this migration: the table is emptied so the new key column needs no default.
DELETE FROM "policies";--> statement-breakpoint
ALTER TABLE "policies" DROP CONSTRAINT "policies_pkey";--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "locale" "ui_locale" NOT NULL;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_kind_locale_pk" PRIMARY KEY("kind","locale");--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "locale" "ui_locale" DEFAULT 'pt' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "example" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "plan_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admin_audit" ADD CONSTRAINT "admin_audit_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_created_idx" ON "admin_audit" USING btree ("created_at" DESC NULLS LAST);