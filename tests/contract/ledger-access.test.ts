/**
 * Object-level access and mass assignment on the money routes (SECURITY-CHECKLIST "API"):
 * member B gets 404 for member A's payments, withdrawals and subscriptions, cannot change A's
 * payout account, and extra body fields (balance, PI, __proto__) change nothing.
 */
import { beforeAll, expect, it } from 'vitest';
import { useTestApp } from '../../api/testing/app.ts';

const t = useTestApp({ checkLedger: true });
let channelId: number;
beforeAll(async () => {
  channelId = (await t.database.db.query.channels.findFirst())!.id;
});

it("keeps one member's payments, withdrawals and subscriptions away from another", async () => {
  const pay = await t.as('viewer01')(
    'POST',
    '/api/shoppings/luv/payments',
    { productId: 1, method: 'CARD' },
    { 'idempotency-key': 'acc-1' },
  );
  const id = pay.body.paymentId as string;
  expect((await t.as('viewer02')('GET', `/api/shoppings/luv/payments/${id}`)).status).toBe(404);
  expect((await t.as('viewer02')('GET', `/v2/api/guest/payment-failure?paymentId=${id}`)).status).toBe(404);
  expect((await t.as('viewer02')('POST', '/api/shoppings/flax/payments-cancel', { paymentId: id })).status).toBe(404);
  expect((await t.as('viewer02')('POST', `/api/shoppings/luv/payments/${id}/complete`)).status).toBe(404);
  expect(
    (await t.as('viewer02')('GET', '/api/shoppings/flax/payments')).body.list.map(
      (p: { paymentId: string }) => p.paymentId,
    ),
  ).not.toContain(id);

  await t.as('viewer01')('POST', '/api/lives/send-luv', { channelId, amount: 2000 }, { 'idempotency-key': 'acc-2' });
  await t.as('bj0001')('POST', '/api/cs/accountChange', {
    phone: '01012345678',
    bankCode: '004',
    bankHolderName: 'BJ',
    bankAccount: '12345678901',
  });
  const w = await t.as('bj0001')('POST', '/api/my/luv/withdraw', { amount: 1000 }, { 'idempotency-key': 'acc-3' });
  expect(
    (
      await t.as('viewer01')(
        'POST',
        '/api/my/luv/withdraw-cancel',
        { withdrawId: w.body.withdrawal.withdrawId },
        { 'idempotency-key': 'acc-4' },
      )
    ).status,
  ).toBe(404);
  expect((await t.as('viewer01')('GET', '/api/my/luv/withdraw-list')).body.list).toEqual([]);
  expect(
    (await t.as('viewer01')('POST', `/api/operator/withdrawals/${w.body.withdrawal.withdrawId}/approve`)).status,
  ).toBe(403);

  // A card only its member can register: a billing key PortOne issued to viewer01 is refused for viewer02.
  const billingKey = t.simulator.issueBillingKey(t.ids.viewer01!);
  expect((await t.as('viewer02')('POST', '/api/shoppings/billing-key', { billingKey })).status).toBe(409);
  expect((await t.as('viewer01')('POST', '/api/shoppings/billing-key', { billingKey })).status).toBe(200);
  const s = await t.as('viewer01')(
    'POST',
    '/api/my/subscriptions',
    { channelId, plan: 'monthly' },
    { 'idempotency-key': 'acc-5' },
  );
  const sid = s.body.subscription.subscriptionId;
  expect((await t.as('viewer02')('POST', `/api/my/subscriptions/${sid}/cancel-renewal`)).status).toBe(404);
  expect((await t.as('viewer02')('DELETE', `/api/my/subscriptions/${sid}`)).status).toBe(404);
  expect((await t.as('viewer01')('GET', '/api/my/subscriptions')).body.list[0].status).toBe(1);

  expect(
    (
      await t.as('adult01')('POST', '/api/cs/accountChange', {
        memberId: t.ids.bj0001,
        phone: '01012345678',
        bankCode: '004',
        bankHolderName: 'X',
        bankAccount: '99999999999',
      })
    ).status,
  ).toBe(403);
});

it('ignores mass-assigned fields', async () => {
  const before = (await t.as('viewer02')('GET', '/api/my/luv/luv-sum')).body.luv;
  // A raw string: an object literal's __proto__ would set the prototype instead of sending the key.
  const body = `{"channelId":${channelId},"amount":5,"message":"","balance":1000000000,"luv":1000000000,"PI":true,"role":"O","__proto__":{"amount":1000000}}`;
  const res = await t.as('viewer02')('POST', '/api/lives/send-luv', body, { 'idempotency-key': 'mass-1' });
  expect(res.status).toBe(200);
  expect((await t.as('viewer02')('GET', '/api/my/luv/luv-sum')).body.luv).toBe(before - 5);
  const caps = await t.as('viewer02')('PUT', '/api/my/luv/spending-caps', {
    dailyLuv: 10,
    monthlyLuv: null,
    pendingFrom: '2000-01-01',
    memberId: t.ids.viewer01,
  });
  expect(caps.body).toMatchObject({ dailyLuv: 10, pending: null });
  expect((await t.as('viewer01')('GET', '/api/my/luv/spending-caps')).body.dailyLuv).toBeNull();
});
