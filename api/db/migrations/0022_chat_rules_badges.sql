-- Chat rules per channel (api/chat/rules.ts: slow mode, followers-only with a minimum follow time,
-- subscribers-only, emote-only, blocked words) and the badges a chat line was sent with.
CREATE TABLE "chat_rules" (
	"channel_id" integer PRIMARY KEY NOT NULL,
	"slow_mode_s" integer DEFAULT 0 NOT NULL,
	"followers_only_min_m" integer,
	"subscribers_only" boolean DEFAULT false NOT NULL,
	"emote_only" boolean DEFAULT false NOT NULL,
	"blocked_words" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "chat_rules_slow_mode_chk" CHECK ("chat_rules"."slow_mode_s" between 0 and 300),
	CONSTRAINT "chat_rules_followers_chk" CHECK ("chat_rules"."followers_only_min_m" is null or "chat_rules"."followers_only_min_m" between 0 and 129600)
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "subscriber_months" integer;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "top_giver" integer;--> statement-breakpoint
ALTER TABLE "chat_rules" ADD CONSTRAINT "chat_rules_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_rules" ADD CONSTRAINT "chat_rules_updated_by_members_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;