CREATE TABLE "measurable_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "measurable_groups" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "measurable_period_goals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"measurable_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"goal_operator" text,
	"goal_value" double precision,
	"goal_value_max" double precision,
	"band_kind" text,
	"band_amount" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "measurable_period_goals" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "measurable_rollup_parts" (
	"organization_id" uuid NOT NULL,
	"rollup_id" uuid NOT NULL,
	"part_id" uuid NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "measurable_rollup_parts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "measurable_scores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"measurable_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"value" double precision,
	"note" text DEFAULT '' NOT NULL,
	"goal_operator" text,
	"goal_value" double precision,
	"goal_value_max" double precision,
	"band_kind" text,
	"band_amount" double precision,
	"is_override" boolean DEFAULT false NOT NULL,
	"entered_by_id" uuid,
	"entered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "measurable_scores" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "measurables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"group_id" uuid,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"owner_id" uuid NOT NULL,
	"data_entry_user_id" uuid,
	"frequency" text NOT NULL,
	"unit" text DEFAULT 'number' NOT NULL,
	"currency_code" text,
	"decimals" smallint DEFAULT 0 NOT NULL,
	"goal_operator" text,
	"goal_value" double precision,
	"goal_value_max" double precision,
	"band_kind" text,
	"band_amount" double precision,
	"kind" text DEFAULT 'manual' NOT NULL,
	"formula" text,
	"rollup_aggregation" text,
	"todo_completion_scope" text,
	"aggregation" text DEFAULT 'sum' NOT NULL,
	"starts_on" date NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "measurables" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "scorecard_team_settings" (
	"organization_id" uuid NOT NULL,
	"team_id" uuid PRIMARY KEY NOT NULL,
	"reminder_enabled" boolean DEFAULT false NOT NULL,
	"reminder_weekday" smallint DEFAULT 1 NOT NULL,
	"reminder_time" text DEFAULT '16:00' NOT NULL,
	"last_reminded_period" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scorecard_team_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "measurable_groups" ADD CONSTRAINT "measurable_groups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurable_groups" ADD CONSTRAINT "measurable_groups_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurable_period_goals" ADD CONSTRAINT "measurable_period_goals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurable_period_goals" ADD CONSTRAINT "measurable_period_goals_measurable_id_measurables_id_fk" FOREIGN KEY ("measurable_id") REFERENCES "public"."measurables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurable_rollup_parts" ADD CONSTRAINT "measurable_rollup_parts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurable_rollup_parts" ADD CONSTRAINT "measurable_rollup_parts_rollup_id_measurables_id_fk" FOREIGN KEY ("rollup_id") REFERENCES "public"."measurables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurable_rollup_parts" ADD CONSTRAINT "measurable_rollup_parts_part_id_measurables_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."measurables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurable_scores" ADD CONSTRAINT "measurable_scores_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurable_scores" ADD CONSTRAINT "measurable_scores_measurable_id_measurables_id_fk" FOREIGN KEY ("measurable_id") REFERENCES "public"."measurables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurable_scores" ADD CONSTRAINT "measurable_scores_entered_by_id_users_id_fk" FOREIGN KEY ("entered_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurables" ADD CONSTRAINT "measurables_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurables" ADD CONSTRAINT "measurables_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurables" ADD CONSTRAINT "measurables_group_id_measurable_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."measurable_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurables" ADD CONSTRAINT "measurables_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurables" ADD CONSTRAINT "measurables_data_entry_user_id_users_id_fk" FOREIGN KEY ("data_entry_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorecard_team_settings" ADD CONSTRAINT "scorecard_team_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorecard_team_settings" ADD CONSTRAINT "scorecard_team_settings_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "measurable_groups_team_idx" ON "measurable_groups" USING btree ("organization_id","team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "measurable_period_goals_period_idx" ON "measurable_period_goals" USING btree ("organization_id","measurable_id","period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "measurable_rollup_parts_pair_idx" ON "measurable_rollup_parts" USING btree ("rollup_id","part_id");--> statement-breakpoint
CREATE INDEX "measurable_rollup_parts_part_idx" ON "measurable_rollup_parts" USING btree ("organization_id","part_id");--> statement-breakpoint
CREATE UNIQUE INDEX "measurable_scores_period_idx" ON "measurable_scores" USING btree ("organization_id","measurable_id","period_start");--> statement-breakpoint
CREATE INDEX "measurables_team_frequency_idx" ON "measurables" USING btree ("organization_id","team_id","frequency","position");--> statement-breakpoint
CREATE INDEX "measurables_owner_idx" ON "measurables" USING btree ("organization_id","owner_id") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "measurables_data_entry_idx" ON "measurables" USING btree ("organization_id","data_entry_user_id") WHERE archived_at is null and data_entry_user_id is not null;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "measurable_groups" AS PERMISSIVE FOR ALL TO "keel_app" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "measurable_period_goals" AS PERMISSIVE FOR ALL TO "keel_app" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "measurable_rollup_parts" AS PERMISSIVE FOR ALL TO "keel_app" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "measurable_scores" AS PERMISSIVE FOR ALL TO "keel_app" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "measurables" AS PERMISSIVE FOR ALL TO "keel_app" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "scorecard_team_settings" AS PERMISSIVE FOR ALL TO "keel_app" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);