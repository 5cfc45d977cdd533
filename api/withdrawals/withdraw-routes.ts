/**
 * BJ withdrawals under /api/my/luv: payout preview, withdraw {amount} (received → pending), list,
 * waiting, cancel; and the bank list (/api/my/banks). The payout account is changed at
 * /api/cs/accountChange (./payout-account-routes.ts); settlement is ./settlement-routes.ts.
 */
import { Hono } from 'hono';
import { listPage as listPageSchema, type ListPage } from '../../domain/answers/fields.ts';
import {
  payout,
  payoutBanks,
  waitingWithdrawals as waitingSchema,
  withdrawal,
  withdrawalCancelled,
  withdrawalMade,
  type Payout,
  type PayoutBanks,
  type WaitingWithdrawals,
  type Withdrawal,
  type WithdrawalCancelled,
  type WithdrawalMade,
} from '../../domain/answers/withdrawals.ts';
import { WITHDRAW_MIN_LUV } from '../../domain/limits.ts';
import {
  PAYOUT_BANKS,
  payoutPreviewQuery,
  withdrawBody,
  withdrawCancelBody,
  withdrawQuery,
} from '../../domain/schemas/withdrawals.ts';
import type { ApiEnv } from '../app-env.ts';
import { payoutPreview } from './payout.ts';
import { ownsChannel, payoutBank } from './payout-accounts.ts';
import { PAYOUT_RATE_WON_PER_LUV } from '../ledger/settings.ts';
import { holdWithdrawal, settleLocked, withdrawalAccounts } from './withdrawal-flow.ts';
import { myWithdrawals, waitingWithdrawals, withdrawalOwner } from './withdrawal-reads.ts';
import { fail } from '../http/errors.ts';
import { answerOf, idempotent } from '../http/idempotent.ts';
import { doc } from '../http/openapi.ts';
import { body, query } from '../http/request.ts';
import { me, requireMember } from '../http/session.ts';
import { listPage, pageQuery } from '../http/luv-lists.ts';
import { brandOffers } from '../http/features.ts';

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
      responses: {
        200: { description: '{ luv, rateWonPerLuv, grossWon, feeWon, taxWon, netWon, minimumLuv }', schema: payout },
      },
      errors: ['invalid_amount'],
    }),
    brandOffers('withdraw'),
    requireMember(),
    query(payoutPreviewQuery, { invalid: 'invalid_amount' }),
    (c) => c.json({ ...payoutPreview(c.req.valid('query').amount), minimumLuv: WITHDRAW_MIN_LUV } satisfies Payout),
  )
  .post(
    '/withdraw',
    doc({
      tag: 'withdrawals',
      summary:
        'Withdraws received luv to the payout account (channel owners only): the luv waits in `pending` until it is ' +
        'paid',
      description: '`?app=embedded` pays to the fixed account of the embedded or special mode.',
      responses: { 200: { description: '{ withdrawal, received }', schema: withdrawalMade } },
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
      const accounts = await withdrawalAccounts(c.get('deps').accountIds, memberId);
      return idempotent(c, 'withdraw', { amount, app: app ?? null }, async (tx) =>
        answerOf(
          await holdWithdrawal(tx, accounts, {
            memberId,
            amount,
            kind: 'withdraw',
            rateWonPerLuv: PAYOUT_RATE_WON_PER_LUV,
            bank,
          }),
          (r) =>
            ({
              withdrawal: r.withdrawal,
              received: r.received,
            }) satisfies WithdrawalMade,
        ),
      );
    },
  )
  .get(
    '/withdraw-list',
    doc({
      tag: 'withdrawals',
      summary: 'My withdrawals, newest first',
      responses: { 200: { description: '{ list, offset, limit }', schema: listPageSchema(withdrawal) } },
    }),
    brandOffers('withdraw'),
    requireMember(),
    pageQuery(),
    async (c) => {
      const page = c.req.valid('query');
      const list = await myWithdrawals(c.get('deps').database.db, me(c).id, page);
      return c.json(listPage(list, page) satisfies ListPage<Withdrawal>);
    },
  )
  .get(
    '/waiting',
    doc({
      tag: 'withdrawals',
      summary: 'My waiting withdrawals and the luv they hold',
      responses: { 200: { description: '{ list, luv }', schema: waitingSchema } },
    }),
    brandOffers('withdraw'),
    requireMember(),
    async (c) => c.json((await waitingWithdrawals(c.get('deps').database.db, me(c).id)) satisfies WaitingWithdrawals),
  )
  .post(
    '/withdraw-cancel',
    doc({
      tag: 'withdrawals',
      summary:
        'Cancels my waiting withdrawal: its luv returns to received (cancelling a cancelled one answers it again)',
      responses: { 200: { description: '{ withdrawal }', schema: withdrawalCancelled } },
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
      if ((await withdrawalOwner(db, withdrawId)) !== memberId) return fail(c, 'withdrawal_not_found');
      const accounts = await withdrawalAccounts(c.get('deps').accountIds, memberId);
      return idempotent(c, 'withdraw-cancel', { withdrawId }, async (tx) =>
        answerOf(
          await settleLocked(tx, accounts, withdrawId, 'cancel'),
          (r) => ({ withdrawal: r.withdrawal }) satisfies WithdrawalCancelled,
        ),
      );
    },
  );

export const banks = new Hono<ApiEnv>().get(
  '/banks',
  doc({
    tag: 'withdrawals',
    summary: 'Banks a payout account may be at',
    responses: { 200: { description: '{ list: [{ bankCode, name, nameEn }] }', schema: payoutBanks } },
  }),
  requireMember(),
  (c) => {
    const list = PAYOUT_BANKS.map((b) => ({ bankCode: b.bankCode, name: b.ko, nameEn: b.en }));
    return c.json({ list } satisfies PayoutBanks);
  },
);
