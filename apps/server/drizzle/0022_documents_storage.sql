CREATE TABLE "storage_moves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"from_driver" text NOT NULL,
	"to_driver" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"moved" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "storage_moves_progress" CHECK ("storage_moves"."moved" <= "storage_moves"."total")
);
--> statement-breakpoint
ALTER TABLE "storage_moves" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "storage_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"driver" text DEFAULT 'local' NOT NULL,
	"s3_endpoint" text,
	"s3_bucket" text,
	"s3_region" text,
	"s3_access_key_id" text,
	"s3_secret_sealed" text,
	"s3_force_path_style" integer DEFAULT 0 NOT NULL,
	"s3_prefix" text DEFAULT '' NOT NULL,
	"google_refresh_token_sealed" text,
	"google_connected_as" text,
	"google_connected_at" timestamp with time zone,
	"google_folder_id" text,
	"google_folder_name" text,
	"microsoft_refresh_token_sealed" text,
	"microsoft_connected_as" text,
	"microsoft_connected_at" timestamp with time zone,
	"microsoft_drive_id" text,
	"microsoft_drive_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "storage_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"driver" text NOT NULL,
	"locator" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stored_files" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "document_folders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"visibility" text DEFAULT 'company' NOT NULL,
	"team_id" uuid,
	"owner_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_folders" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "document_links" (
	"organization_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"target" text NOT NULL,
	"target_id" uuid NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_links_document_id_target_target_id_pk" PRIMARY KEY("document_id","target","target_id")
);
--> statement-breakpoint
ALTER TABLE "document_links" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "document_opens" (
	"organization_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_opens_document_id_user_id_pk" PRIMARY KEY("document_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "document_opens" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "document_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"name" text NOT NULL,
	"stored_file_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"bytes" bigint NOT NULL,
	"uploaded_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_versions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"folder_id" uuid,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"visibility" text DEFAULT 'company' NOT NULL,
	"team_id" uuid,
	"owner_id" uuid,
	"current_version" integer,
	"content_type" text,
	"bytes" bigint,
	"url" text,
	"link_provider" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documents" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "storage_moves" ADD CONSTRAINT "storage_moves_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_moves" ADD CONSTRAINT "storage_moves_started_by_id_users_id_fk" FOREIGN KEY ("started_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_settings" ADD CONSTRAINT "storage_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_folders" ADD CONSTRAINT "document_folders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_folders" ADD CONSTRAINT "document_folders_parent_id_document_folders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."document_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_folders" ADD CONSTRAINT "document_folders_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_folders" ADD CONSTRAINT "document_folders_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_links" ADD CONSTRAINT "document_links_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_links" ADD CONSTRAINT "document_links_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_links" ADD CONSTRAINT "document_links_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_opens" ADD CONSTRAINT "document_opens_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_opens" ADD CONSTRAINT "document_opens_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_opens" ADD CONSTRAINT "document_opens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_stored_file_id_stored_files_id_fk" FOREIGN KEY ("stored_file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_folder_id_document_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."document_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "storage_moves_organization_idx" ON "storage_moves" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "stored_files_driver_idx" ON "stored_files" USING btree ("organization_id","driver","created_at");--> statement-breakpoint
CREATE INDEX "document_folders_parent_idx" ON "document_folders" USING btree ("organization_id","parent_id","name");--> statement-breakpoint
CREATE INDEX "document_links_target_idx" ON "document_links" USING btree ("organization_id","target","target_id");--> statement-breakpoint
CREATE INDEX "document_opens_recent_idx" ON "document_opens" USING btree ("organization_id","user_id","opened_at");--> statement-breakpoint
CREATE UNIQUE INDEX "document_versions_number_idx" ON "document_versions" USING btree ("document_id","number");--> statement-breakpoint
CREATE INDEX "document_versions_stored_file_idx" ON "document_versions" USING btree ("stored_file_id");--> statement-breakpoint
CREATE INDEX "documents_folder_name_idx" ON "documents" USING btree ("organization_id","folder_id","name","id");--> statement-breakpoint
CREATE INDEX "documents_folder_updated_idx" ON "documents" USING btree ("organization_id","folder_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "documents_folder_size_idx" ON "documents" USING btree ("organization_id","folder_id","bytes","id");--> statement-breakpoint
CREATE INDEX "documents_name_search_idx" ON "documents" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "storage_moves" AS PERMISSIVE FOR ALL TO "keel_app" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "storage_settings" AS PERMISSIVE FOR ALL TO "keel_app" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "stored_files" AS PERMISSIVE FOR ALL TO "keel_app" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "document_folders" AS PERMISSIVE FOR ALL TO "keel_app" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "document_links" AS PERMISSIVE FOR ALL TO "keel_app" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "document_opens" AS PERMISSIVE FOR ALL TO "keel_app" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "document_versions" AS PERMISSIVE FOR ALL TO "keel_app" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "documents" AS PERMISSIVE FOR ALL TO "keel_app" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
-- Documents, folders and the storage settings appear in lists and on open pages: their changes raise the list revision (decision 0004).
CREATE CONSTRAINT TRIGGER keel_list_revision AFTER INSERT OR UPDATE OR DELETE ON document_folders DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION keel_row_changed('organization_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER keel_list_revision AFTER INSERT OR UPDATE OR DELETE ON documents DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION keel_row_changed('organization_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER keel_list_revision AFTER INSERT OR UPDATE OR DELETE ON document_versions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION keel_row_changed('organization_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER keel_list_revision AFTER INSERT OR UPDATE OR DELETE ON document_links DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION keel_row_changed('organization_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER keel_list_revision AFTER INSERT OR UPDATE OR DELETE ON storage_settings DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION keel_row_changed('organization_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER keel_list_revision AFTER INSERT OR UPDATE OR DELETE ON storage_moves DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION keel_row_changed('organization_id');
