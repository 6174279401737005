CREATE TABLE "consultant_access" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"email" text NOT NULL,
	"consultant_user_id" uuid,
	"access_level" text DEFAULT 'admin' NOT NULL,
	"status" text DEFAULT 'invited' NOT NULL,
	"client_status" text DEFAULT 'active' NOT NULL,
	"token_hash" text,
	"expires_at" timestamp with time zone,
	"granted_by_id" uuid,
	"granted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consultant_access" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "consultant_access" ADD CONSTRAINT "consultant_access_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultant_access" ADD CONSTRAINT "consultant_access_consultant_user_id_users_id_fk" FOREIGN KEY ("consultant_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consultant_access_token_hash_key" ON "consultant_access" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "consultant_access_live_key" ON "consultant_access" USING btree ("organization_id","consultant_user_id") WHERE status = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "consultant_access_open_email_key" ON "consultant_access" USING btree ("organization_id",lower("email")) WHERE status = 'invited';--> statement-breakpoint
CREATE INDEX "consultant_access_organization_idx" ON "consultant_access" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "consultant_access_consultant_idx" ON "consultant_access" USING btree ("consultant_user_id","status");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "consultant_access" AS PERMISSIVE FOR ALL TO "keel_app" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid or consultant_user_id = nullif(current_setting('app.user_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);