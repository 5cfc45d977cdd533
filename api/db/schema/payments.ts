/** Luv products, payments through the gateway with their status history, and coupons (SPEC §3, §4). */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const luvProducts = pgTable(
  'luv_products',
  {
    id: integer('id').primaryKey(),
    luv: integer('luv').notNull(),
    priceWon: integer('price_won').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [check('luv_products_positive_chk', sql`${t.luv} > 0 and ${t.priceWon} > 0`)],
);

export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    memberId: integer('member_id').notNull(),
    /** `luv` (credits luv on approval) or `subscription` (activates a period). */
    purpose: text('purpose').notNull().default('luv'),
    productId: integer('product_id'),
    method: text('method').notNull(),
    luv: integer('luv').notNull().default(0),
    amountWon: integer('amount_won').notNull(),
    /**
     * SPEC §4: 0 waiting, 1 request in progress, 2 payment in progress, 6 wrong deposit, 7 cancelled, 8 approval error,
     * 9 approved.
     */
    status: integer('status').notNull().default(0),
    providerTxId: text('provider_tx_id'),
    failureNote: text('failure_note'),
    /**
     * Why a payment ended without credit, for the buyer's notice: pg_failed, amount_mismatch, wrong_deposit, expired,
     * refunded, closed.
     */
    failureCode: text('failure_code'),
    /** The virtual account the buyer pays into while the payment is 2: { bank, accountNumber, holder, expiresAt }. */
    virtualAccount: jsonb('virtual_account'),
    creditTransferId: bigint('credit_transfer_id', { mode: 'number' }),
    refundTransferId: bigint('refund_transfer_id', { mode: 'number' }),
    /**
     * While the member's refund of an approved payment waits for the gateway: the transfer that moved
     * its luv from the wallet to the refund hold (api/shop/payment-refund.ts), and since when.
     */
    refundHoldTransferId: bigint('refund_hold_transfer_id', { mode: 'number' }),
    refundHeldAt: timestamp('refund_held_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payments_status_chk', sql`${t.status} in (0, 1, 2, 6, 7, 8, 9)`),
    check('payments_amount_chk', sql`${t.amountWon} > 0 and ${t.luv} >= 0`),
    index('payments_member_idx').on(t.memberId, t.createdAt),
    index('payments_open_idx').on(t.status, t.createdAt),
    // The refund sweep's candidates: only rows with a hold are in it.
    index('payments_refund_hold_idx').on(t.refundHeldAt).where(sql`${t.refundHoldTransferId} is not null`),
  ],
);

/** Append-only history of every status change, with who caused it (dev simulator, webhook, member). */
export const paymentEvents = pgTable('payment_events', {
  id: serial('id').primaryKey(),
  paymentId: text('payment_id').notNull(),
  fromStatus: integer('from_status').notNull(),
  toStatus: integer('to_status').notNull(),
  source: text('source').notNull(),
  detail: jsonb('detail'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const coupons = pgTable('coupons', {
  code: text('code').primaryKey(),
  luv: integer('luv').notNull(),
  usedBy: integer('used_by'),
  usedAt: timestamp('used_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
});

/** The card a member registered for subscription renewals: PortOne's billing key, one per member. */
export const memberBillingKeys = pgTable('member_billing_keys', {
  memberId: integer('member_id').primaryKey(),
  billingKey: text('billing_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
