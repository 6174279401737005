CREATE TABLE "failed_operations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer NOT NULL,
	"last_error" text NOT NULL,
	"status" text NOT NULL,
	"run_id" uuid NOT NULL,
	"failed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "failed_operations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "failed_operations_organization_failed_idx" ON "failed_operations" USING btree ("organization_id","failed_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "failed_operations_organization_kind_idx" ON "failed_operations" USING btree ("organization_id","kind","failed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mail_outbox_status_sent_idx" ON "mail_outbox" USING btree ("status","sent_at");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "failed_operations" AS PERMISSIVE FOR ALL TO "keel_app" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);