import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, refusal } from '../testing/fake-api.ts';

async function fresh() {
  vi.resetModules();
  return { history: await import('./luv-history.ts'), luv: await import('./luv.ts') };
}

const line = (transferId: number) => ({
  transferId,
  channelId: 1,
  loginId: 'v',
  nickname: 'V',
  amount: 1,
  itemCode: null,
  message: null,
  createdAt: '',
});
const subscription = (status: number) => ({
  subscriptionId: 3,
  channelId: 1,
  plan: 'monthly',
  priceWon: 3300,
  status,
  periodStart: null,
  periodEnd: null,
});

beforeEach(() => void vi.unstubAllGlobals());

describe('my luv', () => {
  it('reads the balance into the page balance, the 30-day summary and the latest payments together', async () => {
    const api = fakeApi({
      'GET /api/my/luv/luv-sum': { body: { luv: 700 } },
      'GET /api/my/luv/receivedluv-sum': { body: { total: 5, today: 1, month: 2, daily: [] } },
      'GET /api/shoppings/flax/payments': refusal(500, 'internal'),
    });
    const { history, luv } = await fresh();
    await history.loadMyLuv();
    expect(luv.$luvBalance.get()).toBe(700);
    expect(api.callsTo('GET /api/my/luv/receivedluv-sum')[0]!.query.get('days')).toBe('30');
    expect(history.$myLuv.get()).toMatchObject({
      summary: { total: 5 },
      payments: [],
      failure: { status: 500, code: 'internal' },
    });
  });

  it('a gift list shows one page at a time and forgets an answer for a page no longer asked for', async () => {
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    const api = fakeApi();
    api.answer('GET /api/my/luv/receivedluv-list', async (c) => {
      const offset = Number(c.query.get('offset'));
      if (offset === 0) await held;
      return { body: { list: [line(offset + 1)], offset, limit: 10 } };
    });
    const { history } = await fresh();
    const first = history.receivedLuvList.show(0);
    await history.receivedLuvList.show(history.GIFT_PAGE_LIMIT);
    release();
    await first;
    expect(history.receivedLuvList.$state.get()).toMatchObject({ offset: 10, list: [line(11)] });
    expect(api.calls.map((c) => c.query.get('limit'))).toEqual(['10', '10']);
  });

  it('used items are read with POST (the API route), as a gift list', async () => {
    const api = fakeApi({ 'POST /api/my/item/all-item/used': { body: { list: [line(1)], offset: 0, limit: 10 } } });
    const { history } = await fresh();
    await history.usedItemList.show(0);
    expect(api.calls).toHaveLength(1);
    expect(history.usedItemList.$state.get().list).toHaveLength(1);
  });

  it('saving caps says whether they apply now or from a later time; empty fields are no cap', async () => {
    const api = fakeApi({
      'PUT /api/my/luv/spending-caps': { body: { dailyLuv: 100, monthlyLuv: null, pending: null } },
    });
    const { history } = await fresh();
    await history.saveCaps('100', ' ');
    expect(api.calls[0]!.body).toEqual({ dailyLuv: 100, monthlyLuv: null });
    expect(history.$spendingCaps.get().saved).toEqual({ pendingFrom: null });
    api.answer('PUT /api/my/luv/spending-caps', {
      body: {
        dailyLuv: 100,
        monthlyLuv: null,
        pending: { dailyLuv: 500, monthlyLuv: null, from: '2030-01-02T00:00:00Z' },
      },
    });
    await history.saveCaps('500', '');
    expect(history.$spendingCaps.get().saved).toEqual({ pendingFrom: '2030-01-02T00:00:00Z' });
  });
});

describe('subscriptions', () => {
  it('after cancelling the renewal the list is read again; a refusal is kept for the page', async () => {
    const api = fakeApi({
      'GET /api/my/subscriptions': { body: { list: [subscription(1)], prices: {} } },
      'POST /api/my/subscriptions/3/cancel-renewal': { body: { subscription: subscription(5) } },
    });
    const { history } = await fresh();
    await history.loadSubscriptions();
    api.answer('GET /api/my/subscriptions', { body: { list: [subscription(5)], prices: {} } });
    await history.cancelRenewal(3);
    expect(history.$subscriptions.get()).toEqual({ list: [subscription(5)], failure: null });
    api.answer('DELETE /api/my/subscriptions/3', refusal(404, 'subscription_not_found', '구독을 찾을 수 없습니다.'));
    await history.unsubscribe(3);
    expect(history.$subscriptions.get().failure?.message).toBe('구독을 찾을 수 없습니다.');
  });
});
