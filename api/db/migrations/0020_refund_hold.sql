ALTER TABLE "payments" ADD COLUMN "refund_hold_transfer_id" bigint;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_held_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payments_refund_hold_idx" ON "payments" USING btree ("refund_held_at") WHERE "payments"."refund_hold_transfer_id" is not null;