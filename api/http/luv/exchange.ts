/**
 * The exchange event under /api/my/luv/exchange: for a limited total of luv, BJs may exchange
 * received luv at a better rate. `apply {amount}` is a withdrawal of kind `exchange` at the event
 * rate (api/ledger/withdrawal-flow.ts applyExchange keeps the total from being oversold).
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { and, desc, eq } from 'drizzle-orm';
import { EXCHANGE_EVENT_TOTAL_LUV, WITHDRAW_MIN_LUV } from '../../../domain/limits.ts';
import { exchangeApplyBody, withdrawQuery } from '../../../domain/schemas/withdrawals.ts';
import type { ApiEnv } from '../../app-env.ts';
import { withdrawals } from '../../db/schema/index.ts';
import { EXCHANGE_EVENT_RATE_WON_PER_LUV } from '../../ledger/settings.ts';
import { applyExchange, exchangeAppliedLuv, withdrawalAccounts, withdrawalView } from '../../ledger/withdrawal-flow.ts';
import { fail, requestBrand } from '../errors.ts';
import { answerOf, idempotent } from '../idempotent.ts';
import { doc } from '../openapi.ts';
import { body, documented, ERROR_CODES_KEY, query } from '../request.ts';
import { me, requireMember } from '../session.ts';
import { WITHDRAW_ERRORS, ownsChannel, payoutBank } from './withdraw.ts';

/** How many exchanges `status` lists. */
const EXCHANGE_STATUS_LIST_MAX = 20;

/**
 * Refuses every exchange call with 403 `feature_unavailable` on a brand without the event
 * (domain/brands.ts `features.exchangeEvent`: the partner brands), before the caller, the query or
 * the body is read. A call without a brand (not through the edge) is the main service's.
 */
function exchangeEventOffered(): MiddlewareHandler<ApiEnv> {
  return documented(
    async function exchangeEventOffered(c, next) {
      if (requestBrand(c)?.features.exchangeEvent === false) return fail(c, 'feature_unavailable');
      await next();
    },
    { [ERROR_CODES_KEY]: ['feature_unavailable'] },
  );
}

export const exchange = new Hono<ApiEnv>()
  .get(
    '/rate',
    doc({ tag: 'withdrawals', summary: 'The exchange event’s rate in won per luv', responses: { 200: '{ rateWonPerLuv }' } }),
    exchangeEventOffered(),
    requireMember(),
    (c) => c.json({ rateWonPerLuv: EXCHANGE_EVENT_RATE_WON_PER_LUV }),
  )
  .get(
    '/amount/total',
    doc({ tag: 'withdrawals', summary: 'Luv the exchange event takes in total', responses: { 200: '{ luv }' } }),
    exchangeEventOffered(),
    requireMember(),
    (c) => c.json({ luv: EXCHANGE_EVENT_TOTAL_LUV }),
  )
  .get(
    '/amount/now',
    doc({ tag: 'withdrawals', summary: 'Luv the exchange event has taken so far', responses: { 200: '{ luv }' } }),
    exchangeEventOffered(),
    requireMember(),
    async (c) => c.json({ luv: await exchangeAppliedLuv(c.get('deps').database.db) }),
  )
  .get(
    '/status',
    doc({ tag: 'withdrawals', summary: 'My latest exchanges, newest first', responses: { 200: '{ list }' } }),
    exchangeEventOffered(),
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
    exchangeEventOffered(),
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
