ALTER TABLE "meeting_types" ALTER COLUMN "name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "meeting_types" ALTER COLUMN "sections" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "meeting_types" ADD COLUMN "schedule_weekday" smallint;--> statement-breakpoint
ALTER TABLE "meeting_types" ADD COLUMN "schedule_time" text;--> statement-breakpoint
ALTER TABLE "meeting_types" ADD COLUMN "schedule_minutes" smallint;