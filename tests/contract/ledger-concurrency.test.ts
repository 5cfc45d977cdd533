import { demoChannelId } from '../../api/db/seed.ts';
/**
 * Property test of the ledger through its HTTP API: random batches of gifts,
 * item uses, purchases with simulator outcomes and signed webhooks (right and wrong amounts, repeated),
 * subscriptions, withdrawals, cancels and approvals, run
 * concurrently with idempotency keys drawn from a small pool (so keys repeat, with the same and
 * with other bodies). After every batch: each transfer balances, cached balances equal the journal,
 * total issued equals the sum of balances, nothing is negative, and every key took effect once.
 * On PGlite this checks the logic; on PostgreSQL (TEST_DATABASE_URL) it also races for real.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  ledgerAccounts,
  ledgerTransfers,
  payments,
  subscriptionPeriods,
  subscriptions,
} from '../../api/db/schema/index.ts';
import { DEV_WEBHOOK_SECRET } from '../../api/providers/payment/development.ts';
import { signWebhook } from '../../api/providers/payment/webhook-signature.ts';
import { checkLedger } from '../../api/ledger/invariants.ts';
import { openTestApp, type TestApp } from '../../api/testing/app.ts';

const RUNS = Number(process.env.LEDGER_PROPERTY_RUNS ?? 6);
const BATCH = Number(process.env.LEDGER_PROPERTY_BATCH ?? 120);
const VIEWERS = ['viewer01', 'viewer02', 'adult01'] as const;

let t: TestApp;
let channelId: number;
beforeAll(async () => {
  t = await openTestApp();
  channelId = await demoChannelId(t.database.db);
  expect(
    (
      await t.as('bj0001')('POST', '/api/cs/accountChange', {
        phone: '01012345678',
        bankCode: '004',
        bankHolderName: 'BJ',
        bankAccount: '12345678901',
      })
    ).status,
  ).toBe(200);
  // Subscriptions charge a registered card (the simulator's card window issues the billing key).
  for (const login of VIEWERS) {
    const billingKey = t.simulator.issueBillingKey(t.ids[login]!);
    expect((await t.as(login)('POST', '/api/shoppings/billing-key', { billingKey })).status).toBe(200);
  }
});
afterAll(() => t.close());

type Op =
  | { kind: 'gift'; who: number; amount: number; key: number }
  | { kind: 'item'; who: number; code: 100 | 442; count: number; key: number }
  | {
      kind: 'buy';
      who: number;
      product: number;
      outcome: 'approve' | 'cancel' | 'fail' | 'approve-then-cancel';
      repeats: number;
      key: number;
    }
  | { kind: 'buyItem'; who: number; count: number; key: number }
  | { kind: 'withdraw'; amount: number; key: number }
  | { kind: 'settle'; pick: number; action: 'cancel' | 'approve' | 'fail'; key: number }
  | { kind: 'webhook'; who: number; product: number; rightAmount: boolean; deliveries: number; key: number }
  | { kind: 'subscribe'; who: number; plan: 'monthly' | '1month' | '3months'; key: number };

const key = fc.integer({ min: 0, max: 14 });
const who = fc.integer({ min: 0, max: VIEWERS.length - 1 });
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({ kind: fc.constant('gift' as const), who, amount: fc.integer({ min: 1, max: 400 }), key }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('item' as const),
      who,
      code: fc.constantFrom(100 as const, 442 as const),
      count: fc.integer({ min: 1, max: 4 }),
      key,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('buy' as const),
      who,
      product: fc.integer({ min: 1, max: 3 }),
      outcome: fc.constantFrom('approve' as const, 'cancel' as const, 'fail' as const, 'approve-then-cancel' as const),
      repeats: fc.integer({ min: 1, max: 3 }),
      key,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('buyItem' as const), who, count: fc.integer({ min: 1, max: 3 }), key }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('withdraw' as const), amount: fc.integer({ min: 1000, max: 2500 }), key }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('settle' as const),
      pick: fc.nat(),
      action: fc.constantFrom('cancel' as const, 'approve' as const, 'fail' as const),
      key,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('webhook' as const),
      who,
      product: fc.integer({ min: 1, max: 3 }),
      rightAmount: fc.boolean(),
      deliveries: fc.integer({ min: 1, max: 3 }),
      key,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('subscribe' as const),
      who,
      plan: fc.constantFrom('monthly' as const, '1month' as const, '3months' as const),
      key,
    }),
  },
);

function signedWebhook(body: unknown) {
  const raw = JSON.stringify(body);
  const ts = Math.floor(Date.now() / 1000);
  const id = `wh_${Math.random().toString(36).slice(2)}`;
  return t.app.request('/api/payments/webhook', {
    method: 'POST',
    body: raw,
    headers: {
      'webhook-id': id,
      'webhook-timestamp': String(ts),
      'webhook-signature': signWebhook(DEV_WEBHOOK_SECRET, id, ts, raw),
    },
  });
}

interface Seen {
  operation: string;
  status: number;
  body: unknown;
}
/** Every answer per (member, key, operation) so far. */
const answers = new Map<string, Seen[]>();
const withdrawIds: number[] = [];

/** Every answer of 500 or more: the API must never give one to anything a client can send. */
const serverErrors: string[] = [];
const noteStatus = (what: string, status: number) => {
  if (status >= 500) serverErrors.push(`${what}: ${status}`);
};
/** A request as `loginId` under an Idempotency-Key, noting any 5xx. */
const call = async (loginId: string | null, method: string, path: string, body?: unknown, key?: string) => {
  const res = await t.as(loginId)(method, path, body, key ? { 'idempotency-key': key } : {});
  noteStatus(`${method} ${path}`, res.status);
  return res;
};

async function run(o: Op): Promise<void> {
  const record = (loginId: string, k: string, operation: string, res: { status: number; body: any }) => {
    const id = `${loginId}|${k}`;
    answers.set(id, [...(answers.get(id) ?? []), { operation, status: res.status, body: res.body }]);
    return res;
  };
  if (o.kind === 'gift') {
    const login = VIEWERS[o.who]!;
    const k = `gift-or-item-${o.key}`;
    record(
      login,
      k,
      `gift:${o.amount}`,
      await call(login, 'POST', '/api/lives/send-luv', { channelId, amount: o.amount, message: '' }, k),
    );
  } else if (o.kind === 'item') {
    const login = VIEWERS[o.who]!;
    const k = `gift-or-item-${o.key}`;
    record(
      login,
      k,
      `item:${o.code}:${o.count}`,
      await call(login, 'POST', `/api/my/item/${o.code}/use`, { channelId, count: o.count }, k),
    );
  } else if (o.kind === 'buy') {
    const login = VIEWERS[o.who]!;
    const k = `buy-${o.key}`;
    const res = record(
      login,
      k,
      `buy:${o.product}`,
      await call(login, 'POST', '/api/shoppings/luv/payments', { productId: o.product, method: 'CARD' }, k),
    );
    if (res.status !== 200) return;
    const steps = o.outcome === 'approve-then-cancel' ? ['approve', 'cancel'] : [o.outcome];
    for (const step of steps)
      await Promise.all(
        Array.from({ length: o.repeats }, () => call(null, 'POST', `/api/dev/payments/${res.body.paymentId}/${step}`)),
      );
  } else if (o.kind === 'buyItem') {
    const login = VIEWERS[o.who]!;
    const k = `buy-item-${o.key}`;
    record(
      login,
      k,
      `buy-item:${o.count}`,
      await call(login, 'POST', '/api/shoppings/items/purchase', { itemCode: 442, count: o.count }, k),
    );
  } else if (o.kind === 'withdraw') {
    const k = `withdraw-${o.key}`;
    const res = record(
      'bj0001',
      k,
      `withdraw:${o.amount}`,
      await call('bj0001', 'POST', '/api/my/luv/withdraw', { amount: o.amount }, k),
    );
    if (res.status === 200) withdrawIds.push(res.body.withdrawal.withdrawId);
  } else if (o.kind === 'webhook') {
    const login = VIEWERS[o.who]!;
    const k = `buy-${o.key}`;
    const res = record(
      login,
      k,
      `buy:${o.product}`,
      await call(login, 'POST', '/api/shoppings/luv/payments', { productId: o.product, method: 'CARD' }, k),
    );
    if (res.status !== 200) return;
    // The buyer pays (the right amount or not) in the gateway's window; then its notices arrive at once.
    const amount = o.rightAmount ? res.body.amountWon : res.body.amountWon - 1;
    t.simulator.simulate(res.body.paymentId, { kind: 'pay', amountWon: amount });
    await Promise.all(
      Array.from({ length: o.deliveries }, async () =>
        noteStatus(
          'webhook',
          (await signedWebhook({ type: 'Transaction.Paid', data: { paymentId: res.body.paymentId } })).status,
        ),
      ),
    );
  } else if (o.kind === 'subscribe') {
    const login = VIEWERS[o.who]!;
    const k = `sub-${o.key}`;
    record(
      login,
      k,
      `sub:${o.plan}`,
      await call(login, 'POST', '/api/my/subscriptions', { channelId, plan: o.plan }, k),
    );
  } else if (withdrawIds.length > 0) {
    const id = withdrawIds[o.pick % withdrawIds.length]!;
    if (o.action === 'cancel') {
      const k = `settle-${o.key}`;
      record(
        'bj0001',
        k,
        `cancel:${id}`,
        await call('bj0001', 'POST', '/api/my/luv/withdraw-cancel', { withdrawId: id }, k),
      );
    } else {
      await call('bj0001', 'POST', `/api/dev/withdrawals/${id}/${o.action}`);
    }
  }
}

async function assertInvariants() {
  expect(serverErrors).toEqual([]);
  const report = await checkLedger(t.database.db);
  expect(report.problems).toEqual([]);
  expect(report.issued.luv).toBe(report.held.luv);
  // Every key took effect once: the answers of a key but its reuse refusals are one operation, all identical.
  let winningGifts = 0;
  const giftKeysByMember = new Map<string, number>();
  for (const [id, seen] of answers) {
    const effective = seen.filter(
      (s) => !(s.status === 409 && (s.body as { error?: string }).error === 'idempotency_key_reused'),
    );
    expect(new Set(effective.map((s) => s.operation)).size, id).toBeLessThanOrEqual(1);
    for (const s of effective) expect(s, id).toEqual(effective[0]);
    if (effective[0]?.status === 200 && effective[0].operation.startsWith('gift:')) {
      winningGifts++;
      const login = id.split('|')[0]!;
      giftKeysByMember.set(login, (giftKeysByMember.get(login) ?? 0) + 1);
    }
  }
  const wallets = await t.database.db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.kind, 'wallet'),
        eq(ledgerAccounts.asset, 'luv'),
        inArray(
          ledgerAccounts.ownerId,
          VIEWERS.map((v) => t.ids[v]!),
        ),
      ),
    );
  const [gifts] = await t.database.db
    .select({ n: sql<string>`count(*)` })
    .from(ledgerTransfers)
    .where(
      and(
        eq(ledgerTransfers.code, 'gift'),
        inArray(
          ledgerTransfers.debitAccountId,
          wallets.map((w) => w.id),
        ),
      ),
    );
  expect(Number(gifts!.n)).toBe(winningGifts);
  // Credited exactly once on approval, never for 6 or 8, and a cancel after approval refunds once.
  const moves = await t.database.db
    .select({ ref: ledgerTransfers.ref, code: ledgerTransfers.code })
    .from(ledgerTransfers)
    .where(inArray(ledgerTransfers.code, ['purchase', 'purchase_refund']));
  const count = (ref: string, code: string) => moves.filter((x) => x.ref === ref && x.code === code).length;
  for (const p of await t.database.db.select().from(payments).where(eq(payments.purpose, 'luv'))) {
    const credits = count(`payment:${p.id}`, 'purchase');
    const refunds = count(`payment:${p.id}`, 'purchase_refund');
    if (p.status === 9) expect([credits, refunds], p.id).toEqual([1, 0]);
    else if (p.status === 7) expect(credits === refunds && credits <= 1, p.id).toBe(true);
    else expect([credits, refunds], `${p.id} in status ${p.status}`).toEqual([0, 0]);
  }
  // One charged period per subscription start, however often subscribe was retried.
  for (const sub of await t.database.db.select().from(subscriptions)) {
    const periods = await t.database.db
      .select()
      .from(subscriptionPeriods)
      .where(eq(subscriptionPeriods.subscriptionId, sub.id));
    expect(periods.length).toBeGreaterThanOrEqual(1);
    expect(new Set(periods.map((x) => x.periodStart.getTime())).size).toBe(periods.length);
  }
}

it('keeps every ledger invariant under random concurrent batches with repeated keys', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: BATCH, maxLength: BATCH }), async (ops) => {
      await Promise.all(ops.map(run));
      await assertInvariants();
    }),
    { numRuns: RUNS, seed: Number(process.env.LEDGER_PROPERTY_SEED ?? 20261122), endOnFailure: true },
  );
  // The batches must have exercised both outcomes, or the test proves nothing.
  const outcomes = [...answers.values()]
    .flat()
    .map((s) => (s.status === 200 ? 'ok' : (s.body as { error?: string }).error));
  expect(outcomes).toContain('ok');
  expect(outcomes.filter((o) => o !== 'ok' && o !== 'idempotency_key_reused').length).toBeGreaterThan(0);
  expect(outcomes).toContain('idempotency_key_reused');
}, 600_000);
