CREATE TABLE "channel_likes" (
	"member_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_likes_member_id_channel_id_pk" PRIMARY KEY("member_id","channel_id")
);
--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "theme_id" integer;--> statement-breakpoint
ALTER TABLE "channel_likes" ADD CONSTRAINT "channel_likes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_likes" ADD CONSTRAINT "channel_likes_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_likes_channel_idx" ON "channel_likes" USING btree ("channel_id");--> statement-breakpoint
CREATE INDEX "channel_likes_member_idx" ON "channel_likes" USING btree ("member_id","created_at");