CREATE TABLE "token_signins" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"used_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "live_password_hash" text;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "cast_resolution" integer;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "min_rating_level" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "max_viewer_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "live_ingest" ADD COLUMN "video_width" integer;--> statement-breakpoint
ALTER TABLE "live_ingest" ADD COLUMN "video_height" integer;--> statement-breakpoint
ALTER TABLE "live_ingest" ADD COLUMN "thumb_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stream_keys" ADD COLUMN "issued_via" text;--> statement-breakpoint
ALTER TABLE "stream_keys" ADD COLUMN "paused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "token_signins" ADD CONSTRAINT "token_signins_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "token_signins_expires_idx" ON "token_signins" USING btree ("expires_at");