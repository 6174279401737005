-- Issue 15: attachments of issues and priorities are stored files like documents. Each existing attachment
-- becomes a stored file with the attachment's own id, kept where it already is: the local driver reads the
-- old keys under DATA_DIR/files unchanged. Their hashes were never recorded, hence sha256 may be null.
ALTER TABLE "stored_files" ALTER COLUMN "sha256" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "issue_attachments" ADD COLUMN "stored_file_id" uuid;--> statement-breakpoint
ALTER TABLE "priority_attachments" ADD COLUMN "stored_file_id" uuid;--> statement-breakpoint
INSERT INTO "stored_files" ("id", "organization_id", "driver", "locator", "content_type", "bytes", "sha256", "created_by_id", "created_at")
  SELECT "id", "organization_id", 'local', "storage_key", "mime_type", "size_bytes", NULL, "uploaded_by_id", "created_at"
  FROM "issue_attachments";--> statement-breakpoint
INSERT INTO "stored_files" ("id", "organization_id", "driver", "locator", "content_type", "bytes", "sha256", "created_by_id", "created_at")
  SELECT "id", "organization_id", 'local', "storage_key", "mime_type", "size", NULL, "uploaded_by_id", "created_at"
  FROM "priority_attachments";--> statement-breakpoint
UPDATE "issue_attachments" SET "stored_file_id" = "id";--> statement-breakpoint
UPDATE "priority_attachments" SET "stored_file_id" = "id";--> statement-breakpoint
-- A table cannot be altered while the updates' list-revision triggers wait for the commit: they run now instead.
SET CONSTRAINTS "keel_list_revision" IMMEDIATE;--> statement-breakpoint
SET CONSTRAINTS "keel_list_revision" DEFERRED;--> statement-breakpoint
ALTER TABLE "issue_attachments" ALTER COLUMN "stored_file_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "priority_attachments" ALTER COLUMN "stored_file_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "issue_attachments" ADD CONSTRAINT "issue_attachments_stored_file_id_stored_files_id_fk" FOREIGN KEY ("stored_file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "priority_attachments" ADD CONSTRAINT "priority_attachments_stored_file_id_stored_files_id_fk" FOREIGN KEY ("stored_file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issue_attachments_stored_file_idx" ON "issue_attachments" USING btree ("stored_file_id");--> statement-breakpoint
CREATE INDEX "priority_attachments_stored_file_idx" ON "priority_attachments" USING btree ("stored_file_id");--> statement-breakpoint
ALTER TABLE "issue_attachments" DROP COLUMN "storage_key";--> statement-breakpoint
ALTER TABLE "priority_attachments" DROP COLUMN "storage_key";
