-- Clips of a live (api/clips/): the last 15-60 s of a running live as MP4 + picture, cut by a member.
CREATE TABLE "clips" (
	"id" text PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"stream_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"title" text NOT NULL,
	"duration_s" integer NOT NULL,
	"url" text NOT NULL,
	"thumb_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clips_duration_chk" CHECK ("clips"."duration_s" between 1 and 120)
);
--> statement-breakpoint
ALTER TABLE "clips" ADD CONSTRAINT "clips_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clips" ADD CONSTRAINT "clips_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clips" ADD CONSTRAINT "clips_created_by_members_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clips_channel_created_idx" ON "clips" USING btree ("channel_id","created_at");