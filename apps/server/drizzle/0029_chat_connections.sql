CREATE TABLE "chat_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"webhook_url_sealed" text NOT NULL,
	"webhook_url_masked" text NOT NULL,
	"events" text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" text,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_connections" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "chat_connections" ADD CONSTRAINT "chat_connections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_connections" ADD CONSTRAINT "chat_connections_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_connections_team_provider_key" ON "chat_connections" USING btree ("organization_id","team_id","provider");--> statement-breakpoint
CREATE INDEX "chat_connections_organization_idx" ON "chat_connections" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "chat_connections" AS PERMISSIVE FOR ALL TO "keel_app" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
-- The integrations page lists a team's chat connections: their changes raise the list revision (decision 0004).
CREATE CONSTRAINT TRIGGER keel_list_revision AFTER INSERT OR UPDATE OR DELETE ON chat_connections DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION keel_row_changed('organization_id');
