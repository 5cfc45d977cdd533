/** `GET /api/my/luv/coupons`: the coupons a member redeemed appear in their history, nobody else's. */
import { expect, it } from 'vitest';
import { useTestApp } from '../testing/app.ts';

const t = useTestApp({ checkLedger: true });

it('lists the coupon I redeemed with the luv it credited; another member sees none of it', async () => {
  expect((await t.as('viewer02')('GET', '/api/my/luv/coupons')).body).toEqual({ list: [], offset: 0, limit: 10 });
  const used = await t.as('viewer02')(
    'POST',
    '/api/shoppings/useCoupon',
    { couponNumber: 'welcome-1000' },
    { 'idempotency-key': 'hist-1' },
  );
  expect(used.status).toBe(200);
  const mine = await t.as('viewer02')('GET', '/api/my/luv/coupons');
  expect(mine.status).toBe(200);
  expect(mine.body.list).toEqual([
    { code: 'WELCOME-1000', luv: 1000, usedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
  ]);
  expect((await t.as('viewer01')('GET', '/api/my/luv/coupons')).body.list).toEqual([]);
  expect((await t.as(null)('GET', '/api/my/luv/coupons')).status).toBe(401);
  expect((await t.as('viewer02')('GET', '/api/my/luv/coupons?limit=0')).status).toBe(400);
});
