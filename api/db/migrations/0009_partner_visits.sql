CREATE TABLE "partner_visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"partner_code" text,
	"appkey" text,
	"pinkey" text,
	"brand" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_visits_kind_chk" CHECK ("partner_visits"."kind" in ('partner','pincrux'))
);
--> statement-breakpoint
CREATE INDEX "partner_visits_code_idx" ON "partner_visits" USING btree ("partner_code");