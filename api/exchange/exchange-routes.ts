/**
 * The exchange event under /api/my/luv/exchange: for a limited total of luv, BJs may exchange
 * received luv at a better rate. `apply {amount}` is a withdrawal of kind `exchange` at the event
 * rate (api/withdrawals/withdrawal-flow.ts applyExchange keeps the total from being oversold).
 */
import { Hono } from 'hono';
import {
  exchangeAmount,
  exchangeApplied,
  exchangeRate,
  exchangeStatus,
  type ExchangeAmount,
  type ExchangeApplied,
  type ExchangeRate,
  type ExchangeStatus,
} from '../../domain/answers/exchange.ts';
import { EXCHANGE_EVENT_TOTAL_LUV, WITHDRAW_MIN_LUV } from '../../domain/limits.ts';
import { exchangeApplyBody, withdrawQuery } from '../../domain/schemas/withdrawals.ts';
import type { ApiEnv } from '../app-env.ts';
import { EXCHANGE_EVENT_RATE_WON_PER_LUV } from '../ledger/settings.ts';
import { ownsChannel, payoutBank } from '../withdrawals/payout-accounts.ts';
import { applyExchange, exchangeAppliedLuv, withdrawalAccounts } from '../withdrawals/withdrawal-flow.ts';
import { myExchanges } from './exchanges.ts';
import { fail } from '../http/errors.ts';
import { answerOf, idempotent } from '../http/idempotent.ts';
import { doc } from '../http/openapi.ts';
import { body, query } from '../http/request.ts';
import { me, requireMember } from '../http/session.ts';
import { WITHDRAW_ERRORS } from '../withdrawals/withdraw-routes.ts';
import { brandOffers } from '../http/features.ts';

const LUV_AMOUNT = { description: '{ luv }', schema: exchangeAmount };

export const exchange = new Hono<ApiEnv>()
  .get(
    '/rate',
    doc({
      tag: 'withdrawals',
      summary: 'The exchange event’s rate in won per luv',
      responses: { 200: { description: '{ rateWonPerLuv }', schema: exchangeRate } },
    }),
    brandOffers('exchangeEvent'),
    requireMember(),
    (c) => c.json({ rateWonPerLuv: EXCHANGE_EVENT_RATE_WON_PER_LUV } satisfies ExchangeRate),
  )
  .get(
    '/amount/total',
    doc({ tag: 'withdrawals', summary: 'Luv the exchange event takes in total', responses: { 200: LUV_AMOUNT } }),
    brandOffers('exchangeEvent'),
    requireMember(),
    (c) => c.json({ luv: EXCHANGE_EVENT_TOTAL_LUV } satisfies ExchangeAmount),
  )
  .get(
    '/amount/now',
    doc({ tag: 'withdrawals', summary: 'Luv the exchange event has taken so far', responses: { 200: LUV_AMOUNT } }),
    brandOffers('exchangeEvent'),
    requireMember(),
    async (c) => c.json({ luv: await exchangeAppliedLuv(c.get('deps').database.db) } satisfies ExchangeAmount),
  )
  .get(
    '/status',
    doc({
      tag: 'withdrawals',
      summary: 'My latest exchanges, newest first',
      responses: { 200: { description: '{ list }', schema: exchangeStatus } },
    }),
    brandOffers('exchangeEvent'),
    requireMember(),
    async (c) => c.json({ list: await myExchanges(c.get('deps').database.db, me(c).id) } satisfies ExchangeStatus),
  )
  .post(
    '/apply',
    doc({
      tag: 'withdrawals',
      summary: 'Exchanges received luv at the event rate (channel owners only), within the event total',
      responses: { 200: { description: '{ withdrawal, received }', schema: exchangeApplied } },
      errors: [...WITHDRAW_ERRORS, 'exchange_sold_out'],
      idempotent: true,
    }),
    brandOffers('exchangeEvent'),
    requireMember(),
    query(withdrawQuery),
    body(exchangeApplyBody, { fields: { amount: 'invalid_amount' }, notObject: 'invalid_body' }),
    async (c) => {
      const { amount } = c.req.valid('json');
      if (amount < WITHDRAW_MIN_LUV) return fail(c, 'below_minimum', { fields: { minimumLuv: WITHDRAW_MIN_LUV } });
      const db = c.get('deps').database.db;
      const memberId = me(c).id;
      if (!(await ownsChannel(db, memberId))) return fail(c, 'not_broadcaster');
      const bank = await payoutBank(db, memberId, c.req.valid('query').app);
      if (typeof bank === 'string') return fail(c, bank);
      const accounts = await withdrawalAccounts(c.get('deps').accountIds, memberId);
      return idempotent(c, 'exchange-apply', { amount }, async (tx) =>
        answerOf(
          await applyExchange(tx, accounts, { memberId, amount, bank }),
          (r) => ({ withdrawal: r.withdrawal, received: r.received }) satisfies ExchangeApplied,
        ),
      );
    },
  );
