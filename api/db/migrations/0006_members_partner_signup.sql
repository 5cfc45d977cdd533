ALTER TABLE "members" ADD COLUMN "asp_code" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "asp_userkey" text;