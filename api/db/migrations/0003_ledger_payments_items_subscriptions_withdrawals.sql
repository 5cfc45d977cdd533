CREATE TABLE "idempotency_keys" (
	"member_id" integer NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_member_id_key_pk" PRIMARY KEY("member_id","key")
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"owner_id" integer DEFAULT 0 NOT NULL,
	"asset" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_balance_chk" CHECK ("ledger_accounts"."balance" >= 0 or "ledger_accounts"."kind" in ('issuance', 'payment_clearing'))
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"debit_account_id" integer NOT NULL,
	"credit_account_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"asset" text NOT NULL,
	"code" text NOT NULL,
	"ref" text,
	"channel_id" integer,
	"reverses_id" bigint,
	"memo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transfers_amount_chk" CHECK ("ledger_transfers"."amount" > 0),
	CONSTRAINT "ledger_transfers_distinct_chk" CHECK ("ledger_transfers"."debit_account_id" <> "ledger_transfers"."credit_account_id")
);
--> statement-breakpoint
CREATE TABLE "spending_caps" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"daily_luv" bigint,
	"monthly_luv" bigint,
	"pending_daily_luv" bigint,
	"pending_monthly_luv" bigint,
	"pending_from" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"code" text PRIMARY KEY NOT NULL,
	"luv" integer NOT NULL,
	"used_by" integer,
	"used_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "luv_products" (
	"id" integer PRIMARY KEY NOT NULL,
	"luv" integer NOT NULL,
	"price_won" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "luv_products_positive_chk" CHECK ("luv_products"."luv" > 0 and "luv_products"."price_won" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"from_status" integer NOT NULL,
	"to_status" integer NOT NULL,
	"source" text NOT NULL,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"purpose" text DEFAULT 'luv' NOT NULL,
	"product_id" integer,
	"method" text NOT NULL,
	"luv" integer DEFAULT 0 NOT NULL,
	"amount_won" integer NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"provider_tx_id" text,
	"failure_note" text,
	"credit_transfer_id" bigint,
	"refund_transfer_id" bigint,
	"approved_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_status_chk" CHECK ("payments"."status" in (0, 1, 2, 6, 7, 8, 9)),
	CONSTRAINT "payments_amount_chk" CHECK ("payments"."amount_won" > 0 and "payments"."luv" >= 0)
);
--> statement-breakpoint
CREATE TABLE "item_catalog" (
	"code" integer PRIMARY KEY NOT NULL,
	"prod_name" text NOT NULL,
	"name_ko" text NOT NULL,
	"name_en" text NOT NULL,
	"kind" text NOT NULL,
	"premium" boolean DEFAULT false NOT NULL,
	"price_luv" integer NOT NULL,
	CONSTRAINT "item_catalog_prod_name_unique" UNIQUE("prod_name")
);
--> statement-breakpoint
CREATE TABLE "subscription_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"event" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"payment_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"plan" text NOT NULL,
	"price_won" integer NOT NULL,
	"status" integer NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_status_chk" CHECK ("subscriptions"."status" in (1, 2, 3, 4, 5))
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"bank_code" text NOT NULL,
	"bank_holder_name" text NOT NULL,
	"bank_account" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text DEFAULT 'withdraw' NOT NULL,
	"amount" bigint NOT NULL,
	"rate_won_per_luv" integer NOT NULL,
	"gross_won" bigint NOT NULL,
	"fee_won" bigint NOT NULL,
	"tax_won" bigint NOT NULL,
	"net_won" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"bank_code" text NOT NULL,
	"bank_account" text NOT NULL,
	"bank_holder_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "withdrawals_amount_chk" CHECK ("withdrawals"."amount" > 0),
	CONSTRAINT "withdrawals_sum_chk" CHECK ("withdrawals"."fee_won" + "withdrawals"."tax_won" + "withdrawals"."net_won" = "withdrawals"."gross_won"),
	CONSTRAINT "withdrawals_status_chk" CHECK ("withdrawals"."status" in ('pending', 'cancelled', 'approved', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_debit_account_id_ledger_accounts_id_fk" FOREIGN KEY ("debit_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_credit_account_id_ledger_accounts_id_fk" FOREIGN KEY ("credit_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_kind_owner_asset_idx" ON "ledger_accounts" USING btree ("kind","owner_id","asset");--> statement-breakpoint
CREATE INDEX "ledger_transfers_debit_idx" ON "ledger_transfers" USING btree ("debit_account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_credit_idx" ON "ledger_transfers" USING btree ("credit_account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_ref_idx" ON "ledger_transfers" USING btree ("ref");--> statement-breakpoint
CREATE INDEX "payments_member_idx" ON "payments" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_periods_unique_idx" ON "subscription_periods" USING btree ("subscription_id","period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_member_channel_idx" ON "subscriptions" USING btree ("member_id","channel_id");--> statement-breakpoint
CREATE INDEX "withdrawals_member_idx" ON "withdrawals" USING btree ("member_id","id");