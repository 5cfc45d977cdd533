CREATE TABLE "live_ingest" (
	"stream_id" integer PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"publishing" boolean NOT NULL,
	"publisher_id" text,
	"publishing_since" timestamp with time zone,
	"disconnected_at" timestamp with time zone,
	"recording_path" text,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stream_keys" (
	"channel_id" integer PRIMARY KEY NOT NULL,
	"engine" text NOT NULL,
	"key_hash" text,
	"key_hint" text,
	"engine_channel_id" text,
	"engine_ingest" text,
	"engine_playback_url" text,
	"engine_key_id" text,
	"issued_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "live_ingest" ADD CONSTRAINT "live_ingest_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_ingest" ADD CONSTRAINT "live_ingest_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_keys" ADD CONSTRAINT "stream_keys_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_ingest_channel_idx" ON "live_ingest" USING btree ("channel_id");--> statement-breakpoint
CREATE INDEX "live_ingest_waiting_idx" ON "live_ingest" USING btree ("publishing","disconnected_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stream_keys_hash_idx" ON "stream_keys" USING btree ("key_hash");