CREATE TABLE "channel_follows" (
	"member_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_follows_member_id_channel_id_pk" PRIMARY KEY("member_id","channel_id")
);
--> statement-breakpoint
CREATE TABLE "stream_views" (
	"member_id" integer NOT NULL,
	"stream_id" integer NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stream_views_member_id_stream_id_pk" PRIMARY KEY("member_id","stream_id")
);
--> statement-breakpoint
CREATE TABLE "streams" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"type" integer NOT NULL,
	"format" text NOT NULL,
	"url" text NOT NULL,
	"title" text NOT NULL,
	"thumbnail" text,
	"password_hash" text,
	"duration_s" integer,
	"view_count" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "streams_type_chk" CHECK ("streams"."type" in (1, 2)),
	CONSTRAINT "streams_format_chk" CHECK ("streams"."format" in ('bp_flv','ivs','hls'))
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"room" text NOT NULL,
	"seq" bigint NOT NULL,
	"member_id" integer NOT NULL,
	"login_id" text NOT NULL,
	"nickname" text NOT NULL,
	"role" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_room_seq_pk" PRIMARY KEY("room","seq")
);
--> statement-breakpoint
CREATE TABLE "chat_rooms" (
	"room" text PRIMARY KEY NOT NULL,
	"last_seq" bigint DEFAULT 0 NOT NULL,
	"frozen" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_tickets" (
	"hash" text PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "channel_roles" (
	"channel_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"until" timestamp with time zone,
	"by_member_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_roles_channel_id_member_id_kind_pk" PRIMARY KEY("channel_id","member_id","kind"),
	CONSTRAINT "channel_roles_kind_chk" CHECK ("channel_roles"."kind" in ('manager','blacklist','kick','mute'))
);
--> statement-breakpoint
CREATE TABLE "emoji_favorites" (
	"member_id" integer NOT NULL,
	"emoji_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emoji_favorites_member_id_emoji_id_pk" PRIMARY KEY("member_id","emoji_id")
);
--> statement-breakpoint
CREATE TABLE "emojis" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"glyph" text NOT NULL,
	"type" text DEFAULT 'basic' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_follows" ADD CONSTRAINT "channel_follows_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_follows" ADD CONSTRAINT "channel_follows_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_views" ADD CONSTRAINT "stream_views_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_views" ADD CONSTRAINT "stream_views_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streams" ADD CONSTRAINT "streams_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_tickets" ADD CONSTRAINT "chat_tickets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_roles" ADD CONSTRAINT "channel_roles_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_roles" ADD CONSTRAINT "channel_roles_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_roles" ADD CONSTRAINT "channel_roles_by_member_id_members_id_fk" FOREIGN KEY ("by_member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emoji_favorites" ADD CONSTRAINT "emoji_favorites_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emoji_favorites" ADD CONSTRAINT "emoji_favorites_emoji_id_emojis_id_fk" FOREIGN KEY ("emoji_id") REFERENCES "public"."emojis"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_follows_channel_idx" ON "channel_follows" USING btree ("channel_id");--> statement-breakpoint
CREATE INDEX "streams_channel_idx" ON "streams" USING btree ("channel_id","started_at");--> statement-breakpoint
CREATE INDEX "chat_messages_member_idx" ON "chat_messages" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "chat_tickets_expires_idx" ON "chat_tickets" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "emojis_code_idx" ON "emojis" USING btree ("code");--> statement-breakpoint
CREATE INDEX "emojis_type_idx" ON "emojis" USING btree ("type","sort");