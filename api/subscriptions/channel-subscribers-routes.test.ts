import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoChannelId } from '../db/seed.ts';
import { openTestApp, type TestApp } from '../testing/app.ts';

let t: TestApp;
let channelId: number;
beforeAll(async () => {
  t = await openTestApp();
  channelId = await demoChannelId(t.database.db);
});
afterAll(() => t.close());

async function subscribe(loginId: string, plan: string) {
  const billingKey = t.simulator.issueBillingKey(t.ids[loginId]!);
  expect((await t.as(loginId)('POST', '/api/shoppings/billing-key', { billingKey })).status).toBe(200);
  const r = await t.as(loginId)(
    'POST',
    '/api/my/subscriptions',
    { channelId, plan },
    { 'idempotency-key': `sub-${loginId}` },
  );
  expect(r.status).toBe(200);
  return r.body.subscription.subscriptionId as number;
}

describe('paid subscribers of a channel', () => {
  it(
    'the channel page counts running subscriptions and shows the caller its own; the owner lists subscribers, ' +
      'paged',
    async () => {
      const guestPage = async () => (await t.as(null)('GET', `/api/channels/${channelId}/channel-page`)).body;
      expect((await guestPage()).subscription).toEqual({ count: 0, mine: null });

      const first = await subscribe('viewer01', 'monthly');
      await subscribe('viewer02', '3months');
      expect((await guestPage()).subscription.count).toBe(2);
      const mine = (await t.as('viewer01')('GET', `/api/channels/${channelId}/channel-page`)).body.subscription.mine;
      expect(mine).toMatchObject({ subscriptionId: first, plan: 'monthly', status: 1, priceWon: 3300 });

      expect(
        (await t.as('viewer01')('POST', `/api/my/subscriptions/${first}/cancel-renewal`)).body.subscription.status,
      ).toBe(5);
      expect((await guestPage()).subscription.count).toBe(2);

      const list = await t.as('bj0001')('GET', '/api/my/channel-subscription-list?limit=1');
      expect(list.status).toBe(200);
      expect(list.body).toMatchObject({ total: 2, active: 2, offset: 0, limit: 1 });
      expect(list.body.list).toEqual([expect.objectContaining({ loginId: 'viewer01', status: 5, plan: 'monthly' })]);
      const next = await t.as('bj0001')('GET', '/api/my/channel-subscription-list?offset=1&limit=1');
      expect(next.body.list).toEqual([
        expect.objectContaining({ loginId: 'viewer02', status: 1, plan: '3months', priceWon: 9900 }),
      ]);

      const own = await t.as('viewer01')('GET', '/api/my/subscriptions');
      expect(own.body.list[0]).toMatchObject({ channelId, loginId: 'bj0001', status: 5 });
      expect(own.body.list[0].nickname).toEqual(expect.any(String));
    },
  );

  it('refuses members without a channel (403) and bad paging (400)', async () => {
    const viewer = await t.as('viewer01')('GET', '/api/my/channel-subscription-list');
    expect([viewer.status, viewer.body.error]).toEqual([403, 'not_channel_owner']);
    expect((await t.as(null)('GET', '/api/my/channel-subscription-list')).status).toBe(401);
    expect((await t.as('bj0001')('GET', '/api/my/channel-subscription-list?limit=abc')).status).toBe(400);
  });
});
