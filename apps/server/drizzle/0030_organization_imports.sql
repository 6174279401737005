CREATE TABLE "organization_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requested_by_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"phase" text,
	"steps_done" integer DEFAULT 0 NOT NULL,
	"steps_total" integer DEFAULT 0 NOT NULL,
	"organization_name" text NOT NULL,
	"archive_bytes" bigint NOT NULL,
	"created_organization_id" uuid,
	"result" jsonb,
	"error_code" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "organization_imports" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "organization_imports" ADD CONSTRAINT "organization_imports_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_imports" ADD CONSTRAINT "organization_imports_created_organization_id_organizations_id_fk" FOREIGN KEY ("created_organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organization_imports_requester_idx" ON "organization_imports" USING btree ("requested_by_id","created_at");--> statement-breakpoint
CREATE POLICY "importer_only" ON "organization_imports" AS PERMISSIVE FOR ALL TO "keel_app" USING (requested_by_id = nullif(current_setting('app.user_id', true), '')::uuid) WITH CHECK (requested_by_id = nullif(current_setting('app.user_id', true), '')::uuid);