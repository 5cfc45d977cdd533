/** What My luv answers is what domain/answers/wallet.ts says it is (the site's stores read these types). */
import * as v from 'valibot';
import { expect, it } from 'vitest';
import { listPage } from '../../domain/answers/fields.ts';
import {
  giftLine,
  itemsSum,
  luvBalance,
  receivedLuv,
  receivedLuvSum,
  redeemedCoupon,
  sentLuvSum,
  spendingCaps,
} from '../../domain/answers/wallet.ts';
import { useTestApp } from '../testing/app.ts';

const t = useTestApp({ checkLedger: true });

const ANSWERS: [string, v.GenericSchema][] = [
  ['/api/my/luv/luv-sum', luvBalance],
  ['/api/my/luv/received', receivedLuv],
  ['/api/my/luv/receivedluv-sum', receivedLuvSum],
  ['/api/my/luv/sentluv-sum', sentLuvSum],
  ['/api/my/luv/items-sum', itemsSum],
  ['/api/my/luv/receivedluv-list', listPage(giftLine)],
  ['/api/my/luv/sentluv-list', listPage(giftLine)],
  ['/api/my/luv/coupons', listPage(redeemedCoupon)],
  ['/api/my/luv/spending-caps', spendingCaps],
];

it('answers each My luv read in its domain/answers shape', async () => {
  const coupon = { couponNumber: 'welcome-1000' };
  const used = await t.as('viewer02')('POST', '/api/shoppings/useCoupon', coupon, { 'idempotency-key': 'answers-1' });
  expect(used.status).toBe(200);
  for (const [path, schema] of ANSWERS) {
    const res = await t.as('viewer02')('GET', path);
    expect(res.status, path).toBe(200);
    expect(v.safeParse(schema, res.body).issues, path).toBeUndefined();
  }
});
