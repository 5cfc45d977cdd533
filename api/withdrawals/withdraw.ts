/**
 * BJ withdrawals under /api/my/luv: payout preview, withdraw {amount} (received → pending), list,
 * waiting, cancel; and the bank list (/api/my/banks). The payout account is changed at
 * /api/cs/accountChange (api/withdrawals/payout-account.ts); settlement is ./settlement.ts.
 */
import { Hono } from 'hono';
import { and, desc, eq } from 'drizzle-orm';
import { WITHDRAW_MIN_LUV } from '../../domain/limits.ts';
import { PAYOUT_BANKS, payoutPreviewQuery, withdrawBody, withdrawCancelBody, withdrawQuery } from '../../domain/schemas/withdrawals.ts';
import type { ApiEnv } from '../app-env.ts';
import type { Db } from '../db/client.ts';
import { channels, payoutAccounts, withdrawals } from '../db/schema/index.ts';
import { payoutPreview } from './payout.ts';
import { PAYOUT_RATE_WON_PER_LUV, fixedPayoutAccount, type BankAccount } from '../ledger/settings.ts';
import { holdWithdrawal, settleLocked, withdrawalAccounts, withdrawalView } from './withdrawal-flow.ts';
import { fail } from '../http/errors.ts';
import { answerOf, idempotent } from '../http/idempotent.ts';
import { doc } from '../http/openapi.ts';
import { body, query } from '../http/request.ts';
import { me, requireMember } from '../http/session.ts';
import { listPage, pageQuery } from '../http/luv-lists.ts';
import { brandOffers } from '../http/features.ts';

/** The bank account a withdrawal pays to, or the refusal's code. `embedded` uses the fixed account (SPEC §9). */
export async function payoutBank(db: Db, memberId: number, app: string | undefined): Promise<BankAccount | 'fixed_account_missing' | 'payout_account_missing'> {
  if (app === 'embedded') return fixedPayoutAccount() ?? 'fixed_account_missing';
  const [acct] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.memberId, memberId));
  return acct ? { bankCode: acct.bankCode, bankAccount: acct.bankAccount, bankHolderName: acct.bankHolderName } : 'payout_account_missing';
}

export async function ownsChannel(db: Db, memberId: number): Promise<boolean> {
  const [ch] = await db.select({ id: channels.id }).from(channels).where(eq(channels.ownerId, memberId));
  return Boolean(ch);
}

/** What a withdrawal or an exchange may refuse (the exchange adds exchange_sold_out). */
export const WITHDRAW_ERRORS = [
  'invalid_amount',
  'below_minimum',
  'not_broadcaster',
  'payout_account_missing',
  'fixed_account_missing',
  'insufficient_funds',
] as const;

export const withdraw = new Hono<ApiEnv>()
  .get(
    '/payout-preview',
    doc({
      tag: 'withdrawals',
      summary: 'What a withdrawal of `amount` luv pays: gross, platform fee, withholding tax and net won',
      responses: { 200: '{ luv, rateWonPerLuv, grossWon, feeWon, taxWon, netWon, minimumLuv }' },
      errors: ['invalid_amount'],
    }),
    brandOffers('withdraw'),
    requireMember(),
    query(payoutPreviewQuery, { invalid: 'invalid_amount' }),
    (c) => c.json({ ...payoutPreview(c.req.valid('query').amount), minimumLuv: WITHDRAW_MIN_LUV }),
  )
  .post(
    '/withdraw',
    doc({
      tag: 'withdrawals',
      summary: 'Withdraws received luv to the payout account (channel owners only): the luv waits in `pending` until it is paid',
      description: '`?app=embedded` pays to the fixed account of the embedded or special mode.',
      responses: { 200: '{ withdrawal, received }' },
      errors: WITHDRAW_ERRORS,
      idempotent: true,
    }),
    brandOffers('withdraw'),
    requireMember(),
    query(withdrawQuery),
    body(withdrawBody, { fields: { amount: 'invalid_amount' }, notObject: 'invalid_body' }),
    async (c) => {
      const { amount } = c.req.valid('json');
      const { app } = c.req.valid('query');
      if (amount < WITHDRAW_MIN_LUV) return fail(c, 'below_minimum', { fields: { minimumLuv: WITHDRAW_MIN_LUV } });
      const db = c.get('deps').database.db;
      const memberId = me(c).id;
      if (!(await ownsChannel(db, memberId))) return fail(c, 'not_broadcaster');
      const bank = await payoutBank(db, memberId, app);
      if (typeof bank === 'string') return fail(c, bank);
      const accounts = await withdrawalAccounts(db, memberId);
      return idempotent(c, 'withdraw', { amount, app: app ?? null }, async (tx) =>
        answerOf(await holdWithdrawal(tx, accounts, { memberId, amount, kind: 'withdraw', rateWonPerLuv: PAYOUT_RATE_WON_PER_LUV, bank }), (r) => ({
          withdrawal: r.withdrawal,
          received: r.received,
        })),
      );
    },
  )
  .get(
    '/withdraw-list',
    doc({ tag: 'withdrawals', summary: 'My withdrawals, newest first', responses: { 200: '{ list, offset, limit }' } }),
    brandOffers('withdraw'),
    requireMember(),
    pageQuery(),
    async (c) => {
      const page = c.req.valid('query');
      const rows = await c
        .get('deps')
        .database.db.select()
        .from(withdrawals)
        .where(eq(withdrawals.memberId, me(c).id))
        .orderBy(desc(withdrawals.id))
        .offset(page.offset)
        .limit(page.limit);
      return c.json(listPage(rows.map(withdrawalView), page));
    },
  )
  .get(
    '/waiting',
    doc({ tag: 'withdrawals', summary: 'My waiting withdrawals and the luv they hold', responses: { 200: '{ list, luv }' } }),
    brandOffers('withdraw'),
    requireMember(),
    async (c) => {
      const rows = await c
        .get('deps')
        .database.db.select()
        .from(withdrawals)
        .where(and(eq(withdrawals.memberId, me(c).id), eq(withdrawals.status, 'pending')))
        .orderBy(desc(withdrawals.id));
      return c.json({ list: rows.map(withdrawalView), luv: rows.reduce((s, w) => s + w.amount, 0) });
    },
  )
  .post(
    '/withdraw-cancel',
    doc({
      tag: 'withdrawals',
      summary: 'Cancels my waiting withdrawal: its luv returns to received (cancelling a cancelled one answers it again)',
      responses: { 200: '{ withdrawal }' },
      errors: ['invalid_withdrawal', 'withdrawal_not_found', 'withdrawal_closed'],
      idempotent: true,
    }),
    brandOffers('withdraw'),
    requireMember(),
    body(withdrawCancelBody, { fields: { withdrawId: 'invalid_withdrawal' }, notObject: 'invalid_body' }),
    async (c) => {
      const { withdrawId } = c.req.valid('json');
      const db = c.get('deps').database.db;
      const memberId = me(c).id;
      const [w] = await db.select({ memberId: withdrawals.memberId }).from(withdrawals).where(eq(withdrawals.id, withdrawId));
      if (w?.memberId !== memberId) return fail(c, 'withdrawal_not_found');
      const accounts = await withdrawalAccounts(db, memberId);
      return idempotent(c, 'withdraw-cancel', { withdrawId }, async (tx) =>
        answerOf(await settleLocked(tx, accounts, withdrawId, 'cancel'), (r) => ({ withdrawal: r.withdrawal })),
      );
    },
  );

export const banks = new Hono<ApiEnv>().get(
  '/banks',
  doc({ tag: 'withdrawals', summary: 'Banks a payout account may be at', responses: { 200: '{ list: [{ bankCode, name, nameEn }] }' } }),
  requireMember(),
  (c) => c.json({ list: PAYOUT_BANKS.map((b) => ({ bankCode: b.bankCode, name: b.ko, nameEn: b.en })) }),
);
