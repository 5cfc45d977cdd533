/**
 * The double-entry ledger (docs/LEDGER.md): typed accounts holding one asset each, an append-only
 * journal of transfers between two accounts of the same asset, the idempotency store, and the
 * viewers' spending caps. Balances are cached on the account row, updated in the same transaction
 * as the transfer, and the database refuses a negative balance for every account but the sources.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    /** AccountKind of api/ledger/accounts.ts. */
    kind: text('kind').notNull(),
    /** Member id for member accounts, 0 for system accounts. */
    ownerId: integer('owner_id').notNull().default(0),
    /** `luv`, or `item:{code}` for an item of SPEC §3. */
    asset: text('asset').notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_kind_owner_asset_idx').on(t.kind, t.ownerId, t.asset),
    // Only the two source accounts (where luv enters the system) run negative.
    check('ledger_accounts_balance_chk', sql`${t.balance} >= 0 or ${t.kind} in ('issuance', 'payment_clearing')`),
  ],
);

export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    debitAccountId: integer('debit_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    creditAccountId: integer('credit_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    asset: text('asset').notNull(),
    /** TransferCode of api/ledger/accounts.ts: purchase, gift, item_use, withdraw_hold … */
    code: text('code').notNull(),
    /** The business object behind it: `payment:…`, `withdrawal:12`, `channel:3` … */
    ref: text('ref'),
    channelId: integer('channel_id'),
    /** The transfer this one reverses (a reversal is a new transfer, never an edit). */
    reversesId: bigint('reverses_id', { mode: 'number' }),
    memo: text('memo'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ledger_transfers_amount_chk', sql`${t.amount} > 0`),
    check('ledger_transfers_distinct_chk', sql`${t.debitAccountId} <> ${t.creditAccountId}`),
    index('ledger_transfers_debit_idx').on(t.debitAccountId, t.id),
    index('ledger_transfers_credit_idx').on(t.creditAccountId, t.id),
    index('ledger_transfers_ref_idx').on(t.ref),
    // A room's recent gifts on every chat join (api/chat/room-gifts.ts): newest first within one channel.
    index('ledger_transfers_channel_idx').on(t.channelId, t.id),
  ],
);

/** Stripe-style idempotency: the first answer to (member, key), with a hash of the request it answered. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    memberId: integer('member_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status').notNull(),
    response: jsonb('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.key] })],
);

/** A viewer's own daily and monthly luv limits; a raise waits in `pending*` until `pendingFrom`. */
export const spendingCaps = pgTable('spending_caps', {
  memberId: integer('member_id').primaryKey(),
  dailyLuv: bigint('daily_luv', { mode: 'number' }),
  monthlyLuv: bigint('monthly_luv', { mode: 'number' }),
  pendingDailyLuv: bigint('pending_daily_luv', { mode: 'number' }),
  pendingMonthlyLuv: bigint('pending_monthly_luv', { mode: 'number' }),
  pendingFrom: timestamp('pending_from', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
