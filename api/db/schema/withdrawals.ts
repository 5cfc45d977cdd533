/** BJ payout accounts and withdrawals of received luv (SPEC §3 account change, §7 luv withdraw). */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const payoutAccounts = pgTable('payout_accounts', {
  memberId: integer('member_id').primaryKey(),
  phone: text('phone').notNull(),
  bankCode: text('bank_code').notNull(),
  bankHolderName: text('bank_holder_name').notNull(),
  bankAccount: text('bank_account').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id').notNull(),
    /** `withdraw`, or `exchange` for the exchange event. */
    kind: text('kind').notNull().default('withdraw'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    rateWonPerLuv: integer('rate_won_per_luv').notNull(),
    grossWon: bigint('gross_won', { mode: 'number' }).notNull(),
    feeWon: bigint('fee_won', { mode: 'number' }).notNull(),
    taxWon: bigint('tax_won', { mode: 'number' }).notNull(),
    netWon: bigint('net_won', { mode: 'number' }).notNull(),
    /** pending (luv held), cancelled (returned), approved (paid out), failed (bank refused, returned). */
    status: text('status').notNull().default('pending'),
    bankCode: text('bank_code').notNull(),
    bankAccount: text('bank_account').notNull(),
    bankHolderName: text('bank_holder_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    check('withdrawals_amount_chk', sql`${t.amount} > 0`),
    check('withdrawals_sum_chk', sql`${t.feeWon} + ${t.taxWon} + ${t.netWon} = ${t.grossWon}`),
    check('withdrawals_status_chk', sql`${t.status} in ('pending', 'cancelled', 'approved', 'failed')`),
    index('withdrawals_member_idx').on(t.memberId, t.id),
  ],
);
