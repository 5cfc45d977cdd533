/**
 * The exchange event under /api/my/luv/exchange: for a limited total of luv, BJs may exchange
 * received luv at a better rate. `apply {amount}` is a withdrawal of kind `exchange` at the event
 * rate; the event total is guarded by a transaction-scoped advisory lock so it is never oversold.
 */
import { Hono } from 'hono';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ApiEnv } from '../../app-env.ts';
import { withdrawals } from '../../db/schema/index.ts';
import type { Executor } from '../../ledger/transfer.ts';
import { parseAmount } from '../../ledger/amount.ts';
import { EXCHANGE_EVENT_RATE_WON_PER_LUV, EXCHANGE_EVENT_TOTAL_LUV, WITHDRAW_MIN_LUV } from '../../ledger/settings.ts';
import { holdWithdrawal, withdrawalAccounts, withdrawalView } from '../../ledger/withdrawal-flow.ts';
import { fail, idempotent, readObject, refusal, memberOnce } from './luv-http.ts';
import { ownsChannel, payoutBank } from './withdraw.ts';

const EXCHANGE_LOCK_ID = 80_001;

async function appliedLuv(ex: Executor): Promise<number> {
  const [row] = await ex
    .select({ sum: sql<string>`coalesce(sum(${withdrawals.amount}), 0)` })
    .from(withdrawals)
    .where(and(eq(withdrawals.kind, 'exchange'), inArray(withdrawals.status, ['pending', 'approved'])));
  return Number(row?.sum ?? 0);
}

export const exchange = new Hono<ApiEnv>();
exchange.use('*', memberOnce());

exchange.get('/rate', (c) => c.json({ rateWonPerLuv: EXCHANGE_EVENT_RATE_WON_PER_LUV }));
exchange.get('/amount/total', (c) => c.json({ luv: EXCHANGE_EVENT_TOTAL_LUV }));
exchange.get('/amount/now', async (c) => c.json({ luv: await appliedLuv(c.get('deps').database.db) }));

exchange.get('/status', async (c) => {
  const rows = await c
    .get('deps')
    .database.db.select()
    .from(withdrawals)
    .where(and(eq(withdrawals.memberId, c.get('member')!.id), eq(withdrawals.kind, 'exchange')))
    .orderBy(desc(withdrawals.id))
    .limit(20);
  return c.json({ list: rows.map(withdrawalView) });
});

exchange.post('/apply', async (c) => {
  const body = await readObject(c);
  const amount = parseAmount(body?.amount, EXCHANGE_EVENT_TOTAL_LUV);
  if (amount === null) return fail(c, 400, 'invalid_amount', `amount must be a whole number of luv up to ${EXCHANGE_EVENT_TOTAL_LUV}.`);
  if (amount < WITHDRAW_MIN_LUV) return fail(c, 400, 'below_minimum', `Exchanges start at ${WITHDRAW_MIN_LUV} luv.`);
  if (!(await ownsChannel(c))) return fail(c, 403, 'not_broadcaster', 'Only broadcasters can take part in the exchange event.');
  const bank = await payoutBank(c);
  if (bank instanceof Response) return bank;
  const member = c.get('member')!;
  const accounts = await withdrawalAccounts(c.get('deps').database.db, member.id);
  return idempotent(c, 'exchange-apply', { amount }, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${EXCHANGE_LOCK_ID})`);
    if ((await appliedLuv(tx)) + amount > EXCHANGE_EVENT_TOTAL_LUV)
      return refusal(409, 'exchange_sold_out', 'The exchange event has no room left for that amount.');
    return holdWithdrawal(tx, accounts, { memberId: member.id, amount, kind: 'exchange', rateWonPerLuv: EXCHANGE_EVENT_RATE_WON_PER_LUV, bank });
  });
});
