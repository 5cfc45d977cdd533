/**
 * The exchange event under /api/my/luv/exchange: for a limited total of luv, BJs may exchange
 * received luv at a better rate. `apply {amount}` is a withdrawal of kind `exchange` at the event
 * rate (api/withdrawals/withdrawal-flow.ts applyExchange keeps the total from being oversold).
 */
import { Hono } from 'hono';
import { and, desc, eq } from 'drizzle-orm';
import { EXCHANGE_EVENT_TOTAL_LUV, WITHDRAW_MIN_LUV } from '../../domain/limits.ts';
import { exchangeApplyBody, withdrawQuery } from '../../domain/schemas/withdrawals.ts';
import type { ApiEnv } from '../app-env.ts';
import { withdrawals } from '../db/schema/index.ts';
import { EXCHANGE_EVENT_RATE_WON_PER_LUV } from '../ledger/settings.ts';
import { applyExchange, exchangeAppliedLuv, withdrawalAccounts, withdrawalView } from '../withdrawals/withdrawal-flow.ts';
import { fail } from '../http/errors.ts';
import { answerOf, idempotent } from '../http/idempotent.ts';
import { doc } from '../http/openapi.ts';
import { body, query } from '../http/request.ts';
import { me, requireMember } from '../http/session.ts';
import { WITHDRAW_ERRORS, ownsChannel, payoutBank } from '../withdrawals/withdraw.ts';
import { brandOffers } from '../http/features.ts';

/** How many exchanges `status` lists. */
const EXCHANGE_STATUS_LIST_MAX = 20;

export const exchange = new Hono<ApiEnv>()
  .get(
    '/rate',
    doc({ tag: 'withdrawals', summary: 'The exchange event’s rate in won per luv', responses: { 200: '{ rateWonPerLuv }' } }),
    brandOffers('exchangeEvent'),
    requireMember(),
    (c) => c.json({ rateWonPerLuv: EXCHANGE_EVENT_RATE_WON_PER_LUV }),
  )
  .get(
    '/amount/total',
    doc({ tag: 'withdrawals', summary: 'Luv the exchange event takes in total', responses: { 200: '{ luv }' } }),
    brandOffers('exchangeEvent'),
    requireMember(),
    (c) => c.json({ luv: EXCHANGE_EVENT_TOTAL_LUV }),
  )
  .get(
    '/amount/now',
    doc({ tag: 'withdrawals', summary: 'Luv the exchange event has taken so far', responses: { 200: '{ luv }' } }),
    brandOffers('exchangeEvent'),
    requireMember(),
    async (c) => c.json({ luv: await exchangeAppliedLuv(c.get('deps').database.db) }),
  )
  .get(
    '/status',
    doc({ tag: 'withdrawals', summary: 'My latest exchanges, newest first', responses: { 200: '{ list }' } }),
    brandOffers('exchangeEvent'),
    requireMember(),
    async (c) => {
      const rows = await c
        .get('deps')
        .database.db.select()
        .from(withdrawals)
        .where(and(eq(withdrawals.memberId, me(c).id), eq(withdrawals.kind, 'exchange')))
        .orderBy(desc(withdrawals.id))
        .limit(EXCHANGE_STATUS_LIST_MAX);
      return c.json({ list: rows.map(withdrawalView) });
    },
  )
  .post(
    '/apply',
    doc({
      tag: 'withdrawals',
      summary: 'Exchanges received luv at the event rate (channel owners only), within the event total',
      responses: { 200: '{ withdrawal, received }' },
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
      const accounts = await withdrawalAccounts(db, memberId);
      return idempotent(c, 'exchange-apply', { amount }, async (tx) =>
        answerOf(await applyExchange(tx, accounts, { memberId, amount, bank }), (r) => ({ withdrawal: r.withdrawal, received: r.received })),
      );
    },
  );
