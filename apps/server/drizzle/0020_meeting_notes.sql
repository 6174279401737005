ALTER TABLE "meetings" ADD COLUMN "notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "notes_version" integer DEFAULT 1 NOT NULL;