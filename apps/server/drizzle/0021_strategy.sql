CREATE TABLE "annual_goals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"year" smallint NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"owner_id" uuid,
	"status" text DEFAULT 'not_started' NOT NULL,
	"target" text DEFAULT '' NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "annual_goals" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "business_plan_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"content" jsonb NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_plan_versions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "business_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"content" jsonb NOT NULL,
	"share_token" text,
	"updated_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_plans" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "org_chart_holder_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"seat_id" uuid NOT NULL,
	"seat_title" text NOT NULL,
	"user_id" uuid,
	"placeholder_name" text,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "org_chart_holder_history" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "org_chart_publications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"seats" jsonb NOT NULL,
	"published_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "org_chart_publications" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "org_chart_seat_holders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"seat_id" uuid NOT NULL,
	"user_id" uuid,
	"placeholder_name" text,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "org_chart_seat_holders" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "org_chart_seats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"parent_id" uuid,
	"title" text NOT NULL,
	"roles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"team_id" uuid,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "org_chart_seats" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "process_acknowledgements" (
	"organization_id" uuid NOT NULL,
	"process_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "process_acknowledgements_process_id_user_id_pk" PRIMARY KEY("process_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "process_acknowledgements" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "process_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"process_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"purpose" text NOT NULL,
	"steps" jsonb NOT NULL,
	"status" text NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "process_versions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "processes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"owner_id" uuid,
	"title" text NOT NULL,
	"purpose" text DEFAULT '' NOT NULL,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_version" integer,
	"published_at" timestamp with time zone,
	"review_every_days" smallint DEFAULT 90 NOT NULL,
	"next_review_on" date,
	"review_reminder_sent_on" date,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "processes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "priorities" ADD COLUMN "annual_goal_id" uuid;--> statement-breakpoint
ALTER TABLE "annual_goals" ADD CONSTRAINT "annual_goals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annual_goals" ADD CONSTRAINT "annual_goals_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annual_goals" ADD CONSTRAINT "annual_goals_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_plan_versions" ADD CONSTRAINT "business_plan_versions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_plan_versions" ADD CONSTRAINT "business_plan_versions_plan_id_business_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."business_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_plan_versions" ADD CONSTRAINT "business_plan_versions_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_plans" ADD CONSTRAINT "business_plans_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_plans" ADD CONSTRAINT "business_plans_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_plans" ADD CONSTRAINT "business_plans_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_chart_holder_history" ADD CONSTRAINT "org_chart_holder_history_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_chart_holder_history" ADD CONSTRAINT "org_chart_holder_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_chart_publications" ADD CONSTRAINT "org_chart_publications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_chart_publications" ADD CONSTRAINT "org_chart_publications_published_by_id_users_id_fk" FOREIGN KEY ("published_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_chart_seat_holders" ADD CONSTRAINT "org_chart_seat_holders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_chart_seat_holders" ADD CONSTRAINT "org_chart_seat_holders_seat_id_org_chart_seats_id_fk" FOREIGN KEY ("seat_id") REFERENCES "public"."org_chart_seats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_chart_seat_holders" ADD CONSTRAINT "org_chart_seat_holders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_chart_seats" ADD CONSTRAINT "org_chart_seats_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_chart_seats" ADD CONSTRAINT "org_chart_seats_parent_id_org_chart_seats_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."org_chart_seats"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_chart_seats" ADD CONSTRAINT "org_chart_seats_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_acknowledgements" ADD CONSTRAINT "process_acknowledgements_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_acknowledgements" ADD CONSTRAINT "process_acknowledgements_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_acknowledgements" ADD CONSTRAINT "process_acknowledgements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_versions" ADD CONSTRAINT "process_versions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_versions" ADD CONSTRAINT "process_versions_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_versions" ADD CONSTRAINT "process_versions_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processes" ADD CONSTRAINT "processes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processes" ADD CONSTRAINT "processes_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processes" ADD CONSTRAINT "processes_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processes" ADD CONSTRAINT "processes_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "annual_goals_team_year_idx" ON "annual_goals" USING btree ("organization_id","team_id","year","position");--> statement-breakpoint
CREATE INDEX "annual_goals_year_idx" ON "annual_goals" USING btree ("organization_id","year");--> statement-breakpoint
CREATE UNIQUE INDEX "business_plan_versions_plan_version_idx" ON "business_plan_versions" USING btree ("plan_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "business_plans_team_idx" ON "business_plans" USING btree ("organization_id","team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "business_plans_share_token_idx" ON "business_plans" USING btree ("share_token");--> statement-breakpoint
CREATE INDEX "org_chart_holder_history_seat_idx" ON "org_chart_holder_history" USING btree ("organization_id","seat_id","started_at");--> statement-breakpoint
CREATE INDEX "org_chart_holder_history_user_idx" ON "org_chart_holder_history" USING btree ("organization_id","user_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "org_chart_publications_version_idx" ON "org_chart_publications" USING btree ("organization_id","version");--> statement-breakpoint
CREATE INDEX "org_chart_seat_holders_seat_idx" ON "org_chart_seat_holders" USING btree ("seat_id","position");--> statement-breakpoint
CREATE INDEX "org_chart_seat_holders_user_idx" ON "org_chart_seat_holders" USING btree ("organization_id","user_id");--> statement-breakpoint
CREATE INDEX "org_chart_seats_parent_idx" ON "org_chart_seats" USING btree ("organization_id","parent_id","position");--> statement-breakpoint
CREATE INDEX "process_acknowledgements_user_idx" ON "process_acknowledgements" USING btree ("organization_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "process_versions_process_version_idx" ON "process_versions" USING btree ("process_id","version");--> statement-breakpoint
CREATE INDEX "processes_team_idx" ON "processes" USING btree ("organization_id","team_id","status","title");--> statement-breakpoint
CREATE INDEX "processes_review_idx" ON "processes" USING btree ("next_review_on");--> statement-breakpoint
ALTER TABLE "priorities" ADD CONSTRAINT "priorities_annual_goal_id_annual_goals_id_fk" FOREIGN KEY ("annual_goal_id") REFERENCES "public"."annual_goals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "priorities_annual_goal_idx" ON "priorities" USING btree ("organization_id","annual_goal_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "annual_goals" AS PERMISSIVE FOR ALL TO "keel_app" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "business_plan_versions" AS PERMISSIVE FOR ALL TO "keel_app" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "business_plans" AS PERMISSIVE FOR ALL TO "keel_app" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "org_chart_holder_history" AS PERMISSIVE FOR ALL TO "keel_app" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "org_chart_publications" AS PERMISSIVE FOR ALL TO "keel_app" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "org_chart_seat_holders" AS PERMISSIVE FOR ALL TO "keel_app" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "org_chart_seats" AS PERMISSIVE FOR ALL TO "keel_app" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "process_acknowledgements" AS PERMISSIVE FOR ALL TO "keel_app" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "process_versions" AS PERMISSIVE FOR ALL TO "keel_app" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "processes" AS PERMISSIVE FOR ALL TO "keel_app" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
-- Plans, goals, the chart and processes appear in lists and on open pages: their changes raise the list revision (decision 0004).
CREATE CONSTRAINT TRIGGER keel_list_revision AFTER INSERT OR UPDATE OR DELETE ON business_plans DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION keel_row_changed('organization_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER keel_list_revision AFTER INSERT OR UPDATE OR DELETE ON business_plan_versions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION keel_row_changed('organization_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER keel_list_revision AFTER INSERT OR UPDATE OR DELETE ON annual_goals DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION keel_row_changed('organization_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER keel_list_revision AFTER INSERT OR UPDATE OR DELETE ON org_chart_seats DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION keel_row_changed('organization_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER keel_list_revision AFTER INSERT OR UPDATE OR DELETE ON org_chart_seat_holders DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION keel_row_changed('organization_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER keel_list_revision AFTER INSERT OR UPDATE OR DELETE ON org_chart_publications DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION keel_row_changed('organization_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER keel_list_revision AFTER INSERT OR UPDATE OR DELETE ON org_chart_holder_history DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION keel_row_changed('organization_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER keel_list_revision AFTER INSERT OR UPDATE OR DELETE ON processes DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION keel_row_changed('organization_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER keel_list_revision AFTER INSERT OR UPDATE OR DELETE ON process_versions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION keel_row_changed('organization_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER keel_list_revision AFTER INSERT OR UPDATE OR DELETE ON process_acknowledgements DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION keel_row_changed('organization_id');
