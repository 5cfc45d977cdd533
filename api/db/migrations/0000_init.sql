CREATE TABLE "channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"title" text NOT NULL,
	"broadcasting" boolean DEFAULT false NOT NULL,
	"adult_broadcast" boolean DEFAULT false NOT NULL,
	"adult_plus_broadcast" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" serial PRIMARY KEY NOT NULL,
	"login_id" text NOT NULL,
	"nickname" text NOT NULL,
	"name" text,
	"password_hash" text NOT NULL,
	"member_type" text DEFAULT 'V' NOT NULL,
	"identity_verified" boolean DEFAULT false NOT NULL,
	"birthday" date,
	"gender" text,
	"phone" text,
	"country_code" text,
	"blocked" boolean DEFAULT false NOT NULL,
	"recommend_id" text,
	"partner_code" text,
	"device" text,
	"marketing_agreed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_member_type_chk" CHECK ("members"."member_type" in ('P','O','V','J')),
	CONSTRAINT "members_gender_chk" CHECK ("members"."gender" is null or "members"."gender" in ('M','F'))
);
--> statement-breakpoint
CREATE TABLE "service_status" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"mode" text DEFAULT 'normal' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_status_single_row" CHECK ("service_status"."id" = 1),
	CONSTRAINT "service_status_mode_chk" CHECK ("service_status"."mode" in ('normal','maintenance','emergency'))
);
--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_owner_id_members_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channels_owner_idx" ON "channels" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_login_id_idx" ON "members" USING btree ("login_id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_nickname_idx" ON "members" USING btree ("nickname");