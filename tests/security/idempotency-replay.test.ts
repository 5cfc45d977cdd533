/**
 * Idempotency-Key replay on every money endpoint that takes one (SECURITY-CHECKLIST "Ledger: one
 * Idempotency-Key 20 times … same key, other body → 409/422 with no effect"; docs/LEDGER.md
 * "Idempotency"). For each: the first call works; the same key and body answers the same with
 * `Idempotent-Replayed` and writes nothing in any table; the same key with another body answers
 * 409 `idempotency_key_reused` and writes nothing; no key at all is 400 and writes nothing.
 * The money routes are enumerated from mountRoutes(): a new state-changing money route must be
 * listed here either as key-taking (and then it is attacked) or as exempt with a reason.
 */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiEnv } from '../../api/app-env.ts';
import { channels } from '../../api/db/schema/index.ts';
import { mountRoutes } from '../../api/routes.ts';
import { useTestApp } from '../../api/testing/app.ts';
import { STATE_CHANGING } from './api-routes.ts';
import { snapshotDatabase } from './db-snapshot.ts';

const t = useTestApp({ checkLedger: true });
let channelId = 0;
const withdrawIds: number[] = [];

interface Case {
  route: string;
  who: string;
  path: () => string;
  a: () => Record<string, unknown>;
  b: () => Record<string, unknown>;
}

const CASES: Case[] = [
  {
    route: 'POST /api/lives/send-luv',
    who: 'viewer01',
    path: () => '/api/lives/send-luv',
    a: () => ({ channelId, amount: 10 }),
    b: () => ({ channelId, amount: 11 }),
  },
  {
    route: 'POST /api/my/item/:id/use',
    who: 'viewer01',
    path: () => '/api/my/item/442/use',
    a: () => ({ channelId, count: 1 }),
    b: () => ({ channelId, count: 2 }),
  },
  {
    route: 'POST /api/my/useItems/:prodName',
    who: 'viewer01',
    path: () => '/api/my/useItems/lex',
    a: () => ({ channelId, count: 1 }),
    b: () => ({ channelId, count: 1, message: 'other' }),
  },
  {
    route: 'POST /api/shoppings/items/purchase',
    who: 'viewer01',
    path: () => '/api/shoppings/items/purchase',
    a: () => ({ itemCode: 442, count: 1 }),
    b: () => ({ itemCode: 442, count: 2 }),
  },
  {
    route: 'POST /api/shoppings/luv/payments',
    who: 'viewer02',
    path: () => '/api/shoppings/luv/payments',
    a: () => ({ productId: 1, method: 'kakaopay' }),
    b: () => ({ productId: 2, method: 'kakaopay' }),
  },
  {
    route: 'POST /api/shoppings/useCoupon',
    who: 'viewer02',
    path: () => '/api/shoppings/useCoupon',
    a: () => ({ couponNumber: 'WELCOME-2000' }),
    b: () => ({ couponNumber: 'WELCOME-3000' }),
  },
  {
    route: 'POST /api/my/subscriptions',
    who: 'viewer02',
    path: () => '/api/my/subscriptions',
    a: () => ({ channelId, plan: 'monthly' }),
    b: () => ({ channelId, plan: '1month' }),
  },
  {
    route: 'POST /api/my/luv/withdraw',
    who: 'bj0001',
    path: () => '/api/my/luv/withdraw',
    a: () => ({ amount: 1000 }),
    b: () => ({ amount: 1001 }),
  },
  {
    route: 'POST /api/my/luv/withdraw-cancel',
    who: 'bj0001',
    path: () => '/api/my/luv/withdraw-cancel',
    a: () => ({ withdrawId: withdrawIds[0] }),
    b: () => ({ withdrawId: withdrawIds[1] }),
  },
  {
    route: 'POST /api/my/luv/exchange/apply',
    who: 'bj0001',
    path: () => '/api/my/luv/exchange/apply',
    a: () => ({ amount: 1000 }),
    b: () => ({ amount: 1001 }),
  },
];

/**
 * Where money routes live (api/shop, items, wallet, withdrawals, exchange, subscriptions, gifts and the dev gateway).
 */
const MONEY_PREFIXES = [
  '/api/shoppings',
  '/api/payments',
  '/api/my/luv',
  '/api/my/item',
  '/api/my/useItems',
  '/api/my/subscriptions',
  '/api/my/banks',
  '/api/operator',
  '/v4/api/asp/lex',
  '/api/lives/send-luv',
  '/api/cs/accountChange',
  '/api/dev/payments',
  '/api/dev/withdrawals',
  '/v2/api/guest/payment-failure',
];

/** State-changing money routes that move no money under a client's key, and why. */
const EXEMPT: Record<string, string> = {
  'POST /api/my/item/all-item/used': 'a read (list of used items) kept as POST for compatibility',
  'PUT /api/my/luv/spending-caps': 'sets a limit, moves nothing; repeating it is harmless',
  'POST /api/my/subscriptions/:id/cancel-renewal': 'a state flag, idempotent by nature',
  'DELETE /api/my/subscriptions/:id': 'idempotent by nature (deleting twice is deleting)',
  'POST /api/shoppings/flax/payments-cancel': 'cancels by paymentId, a natural key; a second cancel finds it cancelled',
  'POST /api/cs/accountChange': 'payout account details, no money',
  'POST /api/payments/webhook': 'the gateway calls it; deduplicated by the gateway payment id, not a client key',
  'POST /api/shoppings/luv/payments/:paymentId/complete':
    'asks the gateway and applies what it reports under the payment row lock, once (the webhook does the same)',
  'POST /api/shoppings/billing-key/request': 'hands out the browser SDK request; moves nothing',
  'POST /api/shoppings/billing-key': 'stores the card the gateway confirms; registering it again is the same',
  'DELETE /api/shoppings/billing-key': 'idempotent by nature (deleting twice is deleting)',
  'POST /api/dev/payments/:paymentId/:action{approve|issue|deposit|cancel|fail}':
    'development gateway simulator (404 in production); applies what the simulated gateway reports, deduplicated by ' +
    'payment status',
  'POST /api/dev/payments/:paymentId/window': 'development payment window (404 in production); as above',
  'POST /api/dev/withdrawals/:id/:action{approve|fail}':
    'development settlement (404 in production); deduplicated by withdrawal status',
  'POST /api/operator/withdrawals/:id/:action{approve|fail}':
    'operator settlement, deduplicated by withdrawal status under a row lock',
};

beforeAll(async () => {
  const [own] = await t.database.db
    .select({ id: channels.id })
    .from(channels)
    .where(eq(channels.ownerId, t.ids.bj0001!));
  channelId = own!.id;
  // Subscriptions charge a registered card.
  const billingKey = t.simulator.issueBillingKey(t.ids.viewer02!);
  expect((await t.as('viewer02')('POST', '/api/shoppings/billing-key', { billingKey })).status).toBe(200);
  // The BJ needs received luv and a payout account to withdraw and exchange.
  expect(
    (
      await t.as('viewer01')(
        'POST',
        '/api/lives/send-luv',
        { channelId, amount: 9000 },
        { 'idempotency-key': 'seed-gift' },
      )
    ).status,
  ).toBe(200);
  const account = {
    memberId: t.ids.bj0001,
    phone: '010-1234-5678',
    bankCode: '004',
    bankHolderName: '데모BJ',
    bankAccount: '123-456-789012',
  };
  expect((await t.as('bj0001')('POST', '/api/cs/accountChange', account)).status).toBe(200);
  for (const key of ['seed-w1', 'seed-w2']) {
    const w = await t.as('bj0001')('POST', '/api/my/luv/withdraw', { amount: 1000 }, { 'idempotency-key': key });
    expect(w.status, JSON.stringify(w.body)).toBe(200);
    withdrawIds.push(w.body.withdrawal.withdrawId);
  }
});

describe('idempotency-key replay on every money endpoint', () => {
  it('lists every state-changing money route as key-taking or exempt (a new one fails here until classified)', () => {
    const app = new Hono<ApiEnv>();
    mountRoutes(app);
    const money = app.routes.filter(
      (r) => STATE_CHANGING.has(r.method) && MONEY_PREFIXES.some((p) => r.path.startsWith(p)),
    );
    const found = new Set(money.map((r) => `${r.method} ${r.path}`));
    const classified = new Set([...CASES.map((c) => c.route), ...Object.keys(EXEMPT)]);
    expect([...found].filter((r) => !classified.has(r))).toEqual([]);
    expect([...classified].filter((r) => !found.has(r))).toEqual([]);
    expect(CASES.length).toBeGreaterThanOrEqual(10);
  });

  it.each(CASES.map((c) => [c.route, c] as const))(
    '%s: same key + same body replays, other body is 409, no key is 400, nothing written twice',
    async (_, c) => {
      const key = `sec-${c.route.replace(/\s/g, '_')}`;
      const untouched = await snapshotDatabase(t.database.db);
      const noKey = await t.as(c.who)('POST', c.path(), c.a());
      expect(noKey).toMatchObject({ status: 400, body: { error: 'idempotency_key_required' } });
      expect(await snapshotDatabase(t.database.db)).toEqual(untouched);

      const first = await t.app.request(c.path(), req(c, key, c.a()));
      const firstBody = await first.json();
      expect(first.status, JSON.stringify(firstBody)).toBe(200);
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      const after = await snapshotDatabase(t.database.db);
      expect(after).not.toEqual(untouched);

      for (let i = 0; i < 3; i += 1) {
        // Key order differs: the request hash is over the canonical body.
        const again = await t.app.request(c.path(), req(c, key, Object.fromEntries(Object.entries(c.a()).reverse())));
        expect(again.status).toBe(200);
        expect(again.headers.get('idempotent-replayed')).toBe('true');
        expect(await again.json()).toEqual(firstBody);
      }
      const concurrent = await Promise.all(
        [1, 2, 3, 4, 5].map(() => t.as(c.who)('POST', c.path(), c.a(), { 'idempotency-key': key })),
      );
      for (const r of concurrent) expect(r).toEqual({ status: 200, body: firstBody });
      expect(await snapshotDatabase(t.database.db)).toEqual(after);

      const other = await t.as(c.who)('POST', c.path(), c.b(), { 'idempotency-key': key });
      expect(other).toMatchObject({ status: 409, body: { error: 'idempotency_key_reused' } });
      expect(await snapshotDatabase(t.database.db)).toEqual(after);
    },
  );

  it(
    'refuses amounts 0, -1, 1.5, "1e3", 2^53, "10", [10], {}, null on every amount or count with 400, and writes ' +
      'nothing',
    async () => {
      const bad: unknown[] = [0, -1, 1.5, '1e3', 2 ** 53, {}, '10', [10], 1e308, null];
      let tried = 0;
      for (const c of CASES) {
        const field = ['amount', 'count'].find((f) => f in c.a());
        if (!field) continue;
        const before = await snapshotDatabase(t.database.db, ['idempotency_keys']);
        for (const value of bad) {
          const res = await t.as(c.who)(
            'POST',
            c.path(),
            { ...c.a(), [field]: value },
            { 'idempotency-key': `bad-${tried++}` },
          );
          expect(res.status, `${c.route} ${field}=${JSON.stringify(value)} → ${JSON.stringify(res.body)}`).toBe(400);
        }
        expect(await snapshotDatabase(t.database.db, ['idempotency_keys'])).toEqual(before);
      }
      expect(tried).toBeGreaterThanOrEqual(6 * bad.length);
    },
  );

  it('refuses a gift to one’s own channel with 400 and writes nothing', async () => {
    const before = await snapshotDatabase(t.database.db, ['idempotency_keys']);
    const res = await t.as('bj0001')(
      'POST',
      '/api/lives/send-luv',
      { channelId, amount: 10 },
      { 'idempotency-key': 'self-gift' },
    );
    expect(res).toMatchObject({ status: 400, body: { error: 'self_gift' } });
    expect(await snapshotDatabase(t.database.db, ['idempotency_keys'])).toEqual(before);
  });

  it('refuses a key spent on one money route when it comes back on another (409, nothing written)', async () => {
    expect(
      (
        await t.as('viewer01')(
          'POST',
          '/api/lives/send-luv',
          { channelId, amount: 5 },
          { 'idempotency-key': 'cross-route' },
        )
      ).status,
    ).toBe(200);
    const before = await snapshotDatabase(t.database.db);
    for (const [path, body] of [
      ['/api/shoppings/items/purchase', { itemCode: 442, count: 1 }],
      ['/api/my/item/442/use', { channelId, count: 1 }],
      ['/api/shoppings/useCoupon', { couponNumber: 'WELCOME-1000' }],
    ] as const) {
      expect(await t.as('viewer01')('POST', path, body, { 'idempotency-key': 'cross-route' })).toMatchObject({
        status: 409,
        body: { error: 'idempotency_key_reused' },
      });
    }
    expect(await snapshotDatabase(t.database.db)).toEqual(before);
  });

  it('keeps keys per member: another member with the same key runs their own request', async () => {
    const a = await t.as('viewer01')(
      'POST',
      '/api/lives/send-luv',
      { channelId, amount: 3 },
      { 'idempotency-key': 'shared-key' },
    );
    const b = await t.as('viewer02')(
      'POST',
      '/api/lives/send-luv',
      { channelId, amount: 4 },
      { 'idempotency-key': 'shared-key' },
    );
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body.transferId).not.toBe(a.body.transferId);
    expect(b.body.amount).toBe(4);
  });
});

function req(c: Case, key: string, body: unknown): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key, cookie: cookieOf(c.who) },
    body: JSON.stringify(body),
  };
}

/** These requests go to the app as a client writes them (raw body, the replay marker's headers). */
const cookies = new Map<string, string>();
const cookieOf = (loginId: string): string => cookies.get(loginId)!;
beforeAll(async () => {
  for (const who of new Set(CASES.map((c) => c.who))) cookies.set(who, await t.cookieOf(who));
});
