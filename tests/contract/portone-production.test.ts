/**
 * A production API (PLATFORM_ENV=production, PAYMENT_GATEWAY=portone) served over HTTP against the
 * local PortOne stand-in, through the routes the site calls: the browser step is what PortOne's
 * window does with the API's own `checkout` answer, then "complete" and PortOne's signed webhooks.
 * Credited once by whichever comes first; a replay and a forged webhook credit nothing; a wrong
 * amount is cancelled at PortOne and not credited; a virtual account goes 2 → 9 on the deposit;
 * a refund cancels at PortOne and takes the luv back (7); renewals charge the registered card.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../api/config.ts';
import type { Database } from '../../api/db/client.ts';
import { prepareDatabase } from '../../api/db/prepare.ts';
import {
  channels,
  members,
  paymentEvents,
  payments,
  subscriptionEvents,
  subscriptions,
} from '../../api/db/schema/index.ts';
import { checkLedger } from '../../api/ledger/invariants.ts';
import { expireAbandoned } from '../../api/shop/payment-expiry.ts';
import { REFUND_HOLD_STALE_MS } from '../../api/shop/payment-refund.ts';
import { RENEWAL_GRACE_MS, runRenewals } from '../../api/subscriptions/renewal.ts';
import { createPaymentGateway } from '../../api/providers/payment/index.ts';
import { openTestApp, type TestApp } from '../../api/testing/app.ts';
import { cancel as cancelAtPortOne } from '../../api/testing/portone-fake-rest.ts';
import { caller } from '../../api/testing/requests.ts';
import { openTestDatabase } from '../../api/testing/test-db.ts';
import { FAKE_PORTONE, startPortOneServer, type PortOneServer } from '../../api/testing/portone-server.ts';

let portone: PortOneServer;
let database: Database;
let t: TestApp;
let config: Config;
let api: ReturnType<typeof serve>;
let apiUrl: string;
const ids: Record<string, number> = {};
let channelId: number;

beforeAll(async () => {
  portone = await startPortOneServer();
  const env = { ...configEnv(), PORTONE_API_BASE: portone.url };
  config = loadConfig(env);
  // What a production start prepares (no demo data), not the test seed.
  database = await openTestDatabase();
  await prepareDatabase(database, config);
  t = await openTestApp({ database, env });
  api = await new Promise((resolve) => {
    const s = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
  });
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  portone.fake.webhookUrl = `${apiUrl}/api/payments/webhook`;
  for (const loginId of ['buyer01', 'buyer02', 'caster01']) {
    const [m] = await database.db
      .insert(members)
      .values({ loginId, nickname: loginId, passwordHash: 'x', device: 'PCWEB' })
      .returning();
    ids[loginId] = m!.id;
  }
  const [channel] = await database.db.insert(channels).values({ ownerId: ids.caster01!, title: 'caster' }).returning();
  channelId = channel!.id;
});
afterAll(async () => {
  expect((await checkLedger(database.db)).problems).toEqual([]);
  await new Promise((resolve) => api.close(resolve));
  await portone.close();
  await t.close();
  await database.close();
});

/** The API over real HTTP (PortOne's webhooks reach it the same way), as the test app's caller. */
const overHttp = { request: (path: string, init: RequestInit) => fetch(`${apiUrl}${path}`, init) };

function call(method: string, path: string, body?: unknown, key?: string, who = 'buyer01') {
  return caller(overHttp, () => t.tokenOf(who))(method, path, body, key ? { 'idempotency-key': key } : {});
}

const balance = async () => (await call('GET', '/api/my/luv/luv-sum')).body.luv as number;
const status = async (paymentId: string) =>
  (await call('GET', `/api/shoppings/luv/payments/${paymentId}`)).body.payment;
const complete = (paymentId: string) => call('POST', `/api/shoppings/luv/payments/${paymentId}/complete`);

/** Starts a payment and answers the API's `checkout`: the argument the site gives `PortOne.requestPayment()`. */
async function checkout(key: string, method = 'creditcard') {
  const started = await call('POST', '/api/shoppings/luv/payments', { productId: 1, method }, key);
  expect(started).toMatchObject({
    status: 200,
    body: { status: 1, amountWon: 11_000, gateway: 'portone', browserSdkUrl: null },
  });
  return started.body.checkout;
}

/** Runs `work` with PortOne's webhooks held back (recorded, not delivered). */
async function withoutWebhooks<T>(work: () => Promise<T>): Promise<T> {
  portone.fake.webhookUrl = null;
  try {
    return await work();
  } finally {
    portone.fake.webhookUrl = `${apiUrl}/api/payments/webhook`;
  }
}

describe('a production API against the local PortOne', () => {
  it('lists the catalogue and answers what requestPayment needs, the amount pre-registered at PortOne', async () => {
    const listed = (await call('GET', '/api/shoppings/luv/products')).body;
    expect(listed.products).toHaveLength(6);
    expect(listed.payments).toEqual({ available: true, gateway: 'portone' });
    const request = await checkout('p-register', 'virtualaccount');
    expect(request).toMatchObject({
      storeId: FAKE_PORTONE.storeId,
      channelKey: 'channel-key-va',
      totalAmount: 11_000,
      currency: 'KRW',
      payMethod: 'VIRTUAL_ACCOUNT',
      customer: { customerId: String(ids.buyer01) },
    });
    expect(portone.fake.preRegistered.get(request.paymentId)).toEqual({ totalAmount: 11_000, currency: 'KRW' });
  });

  it('credits once on completion; completing again and the late webhook credit nothing', async () => {
    const before = await balance();
    const request = await checkout('p-complete');
    await withoutWebhooks(() => portone.fake.requestPayment(request));
    const [a, b] = await Promise.all([complete(request.paymentId), complete(request.paymentId)]);
    for (const r of [a, b]) expect(r).toMatchObject({ status: 200, body: { payment: { status: 9 } } });
    expect(a.body.purchase).toEqual({ transactionId: request.paymentId, value: 11_000, currency: 'KRW' });
    const late = portone.fake.webhooks.findLast(
      (w) => w.type === 'Transaction.Paid' && w.body.includes(request.paymentId),
    )!;
    expect(await portone.fake.resend(late.id)).toMatchObject({ status: 200 });
    expect(await balance()).toBe(before + 100);
  });

  it("credits once on PortOne's signed webhook; completion, a replay and a forged one credit nothing", async () => {
    const before = await balance();
    const request = await checkout('p-paid');
    await portone.fake.requestPayment(request);
    const delivered = portone.fake.webhooks.filter((w) => w.body.includes(request.paymentId));
    // Transaction.Ready is acknowledged (200), so PortOne does not retry it.
    expect(delivered.map((w) => [w.type, w.status])).toEqual([
      ['Transaction.Ready', 200],
      ['Transaction.Paid', 200],
    ]);
    expect((await status(request.paymentId)).status).toBe(9);
    expect(await balance()).toBe(before + 100);
    expect((await complete(request.paymentId)).body.payment.status).toBe(9);
    expect(await portone.fake.resend(delivered[1]!.id)).toMatchObject({ status: 200 });
    expect(await balance()).toBe(before + 100);

    // Paid at PortOne, but the only notice that arrives is forged: nothing moves until PortOne's own.
    const other = await checkout('p-forged');
    await withoutWebhooks(() => portone.fake.requestPayment(other));
    const paid = portone.fake.webhooks.findLast(
      (w) => w.type === 'Transaction.Paid' && w.body.includes(other.paymentId),
    )!;
    const forged = await fetch(`${apiUrl}/api/payments/webhook`, {
      method: 'POST',
      headers: { ...portone.fake.sign('msg_forged', paid.body), 'webhook-signature': 'v1,bm90IGEgc2lnbmF0dXJl' },
      body: paid.body,
    });
    expect(forged.status).toBe(403);
    const otherSecret = `whsec_${Buffer.from('somebody-else').toString('base64')}`;
    const wrongKey = await fetch(`${apiUrl}/api/payments/webhook`, {
      method: 'POST',
      headers: { ...portone.fake.sign('msg_other', paid.body), ...(await signedWith(otherSecret, paid.body)) },
      body: paid.body,
    });
    expect(wrongKey.status).toBe(403);
    expect((await status(other.paymentId)).status).toBe(1);
    expect(await balance()).toBe(before + 100);
    expect(await portone.fake.resend(paid.id)).toMatchObject({ status: 200 });
    expect(await balance()).toBe(before + 200);
  });

  it('cancels a payment of another amount at PortOne and does not credit it (8)', async () => {
    const before = await balance();
    const request = await checkout('p-wrong');
    // A window PortOne did not hold to the pre-registered amount pays 110 won.
    portone.fake.preRegistered.delete(request.paymentId);
    await portone.fake.requestPayment({ ...request, totalAmount: 110 });
    expect(await status(request.paymentId)).toMatchObject({
      status: 8,
      failureCode: 'amount_mismatch',
      failureNote: expect.stringContaining('110'),
    });
    expect(portone.fake.payments.get(request.paymentId)).toMatchObject({ status: 'CANCELLED', cancelled: 110 });
    expect(await balance()).toBe(before);
  });

  it('a window opened with another amount fails at PortOne: approval error, no credit', async () => {
    const before = await balance();
    const request = await checkout('p-tampered');
    expect((await portone.fake.requestPayment({ ...request, totalAmount: 110 })).code).toBe('FAILURE_TYPE_PG');
    expect(await status(request.paymentId)).toMatchObject({ status: 8, failureCode: 'pg_failed' });
    expect(await balance()).toBe(before);
  });

  it('a virtual account: issued → 2 with the account to pay into, the deposit → 9; a wrong deposit → 6, given back', async () => {
    const before = await balance();
    const request = await checkout('p-va', 'virtualaccount');
    await portone.fake.requestPayment(request);
    const issued = (await complete(request.paymentId)).body.payment;
    expect(issued).toMatchObject({
      status: 2,
      virtualAccount: { bank: 'SHINHAN', accountNumber: expect.any(String), expiresAt: expect.any(String) },
    });
    await portone.fake.deposit(request.paymentId);
    expect(await status(request.paymentId)).toMatchObject({ status: 9, virtualAccount: null });
    expect(await balance()).toBe(before + 100);

    const wrong = await checkout('p-va-wrong', 'virtualaccount');
    await portone.fake.requestPayment(wrong);
    await portone.fake.deposit(wrong.paymentId, 1_000);
    expect(await status(wrong.paymentId)).toMatchObject({ status: 6, failureCode: 'wrong_deposit' });
    expect(portone.fake.payments.get(wrong.paymentId)).toMatchObject({ status: 'CANCELLED', cancelled: 1_000 });
    expect(await balance()).toBe(before + 100);
  });

  it('a refund cancels at PortOne and takes the luv back (7); spent luv refuses it and PortOne keeps the payment', async () => {
    const before = await balance();
    const request = await checkout('p-refund');
    await portone.fake.requestPayment(request);
    expect(await balance()).toBe(before + 100);
    const refunded = await call('POST', '/api/shoppings/flax/payments-cancel', { paymentId: request.paymentId });
    expect(refunded.body.payment).toMatchObject({ status: 7, failureCode: 'refunded' });
    expect(portone.fake.payments.get(request.paymentId)).toMatchObject({ status: 'CANCELLED', cancelled: 11_000 });
    expect(await balance()).toBe(before);

    const spent = await checkout('p-spent', 'creditcard');
    await portone.fake.requestPayment(spent);
    // Everything but 50 luv goes on items: the 100 luv of this payment are no longer all there.
    const held = await balance();
    const lex = await call('POST', '/api/shoppings/items/purchase', { itemCode: 100, count: held - 50 }, 'spend-all');
    expect(lex.status).toBe(200);
    const refused = await call('POST', '/api/shoppings/flax/payments-cancel', { paymentId: spent.paymentId });
    expect(refused).toMatchObject({ status: 409, body: { error: 'luv_already_spent' } });
    expect(portone.fake.payments.get(spent.paymentId)).toMatchObject({ status: 'PAID', cancelled: 0 });
    expect((await status(spent.paymentId)).status).toBe(9);
  });

  it('a refund holds the luv, not the database, while PortOne answers; a second ask meanwhile is refund_in_progress', async () => {
    const before = await balance();
    const request = await checkout('p-refund-slow');
    await portone.fake.requestPayment(request);
    const gate = portone.fake.holdCancellations();
    const refunding = call('POST', '/api/shoppings/flax/payments-cancel', { paymentId: request.paymentId });
    await gate.arrived;
    try {
      // PortOne has not answered yet: the API still answers (on PGlite an open transaction would hold every query),
      // the luv is out of the wallet already, and the payment is still approved.
      expect(await balance()).toBe(before);
      expect(await status(request.paymentId)).toMatchObject({ status: 9 });
      const again = await call('POST', '/api/shoppings/flax/payments-cancel', { paymentId: request.paymentId });
      expect(again).toMatchObject({ status: 409, body: { error: 'refund_in_progress' } });
      expect(again.body.error_msg).toMatch(/환불/);
    } finally {
      gate.release();
    }
    expect((await refunding).body.payment).toMatchObject({ status: 7, failureCode: 'refunded' });
    expect(portone.fake.payments.get(request.paymentId)).toMatchObject({ status: 'CANCELLED', cancelled: 11_000 });
    expect(await balance()).toBe(before);
    await portone.fake.idle();
    expect(await status(request.paymentId)).toMatchObject({ status: 7 });
  });

  it('a refund PortOne refuses gives the held luv back; the payment stays approved', async () => {
    const before = await balance();
    const request = await checkout('p-refund-refused');
    await portone.fake.requestPayment(request);
    // Part of it was cancelled in PortOne's console (its notice not delivered): a cancellation of the whole is refused.
    await withoutWebhooks(async () => {
      expect(
        await cancelAtPortOne(portone.fake, request.paymentId, { reason: 'console', amount: 1_000 }),
      ).toMatchObject({ status: 200 });
      await portone.fake.idle();
    });
    const refused = await call('POST', '/api/shoppings/flax/payments-cancel', { paymentId: request.paymentId });
    expect(refused).toMatchObject({ status: 409, body: { error: 'refund_refused' } });
    expect(await balance()).toBe(before + 100);
    expect(await status(request.paymentId)).toMatchObject({ status: 9 });
    const moves = await database.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, request.paymentId));
    expect(moves.map((e) => (e.detail as { kind: string }).kind)).toEqual([
      'checkout',
      'paid',
      'refund_hold',
      'refund_release',
    ]);
  });

  it('a refund PortOne did not answer keeps its hold; the expiry job finishes it once the hold is stale', async () => {
    const before = await balance();
    const request = await checkout('p-refund-unanswered');
    await portone.fake.requestPayment(request);
    const unreachable = await openTestApp({
      database,
      env: { ...configEnv(), PORTONE_API_BASE: 'http://127.0.0.1:9' },
    });
    const viaUnreachable = caller(unreachable.app, () => t.tokenOf('buyer01'));
    expect(
      await viaUnreachable('POST', '/api/shoppings/flax/payments-cancel', { paymentId: request.paymentId }),
    ).toMatchObject({
      status: 502,
      body: { error: 'gateway_unavailable' },
    });
    await unreachable.close();
    // PortOne may have refunded before the line dropped: the luv stays held, not given back.
    expect(await balance()).toBe(before);
    expect(await status(request.paymentId)).toMatchObject({ status: 9 });
    expect(await call('POST', '/api/shoppings/flax/payments-cancel', { paymentId: request.paymentId })).toMatchObject({
      status: 409,
      body: { error: 'refund_in_progress' },
    });
    const gateway = createPaymentGateway(config)!;
    const [{ refundHeldAt }] = await database.db
      .select({ refundHeldAt: payments.refundHeldAt })
      .from(payments)
      .where(eq(payments.id, request.paymentId));
    const heldAt = refundHeldAt!.getTime();
    expect(
      (await expireAbandoned(database.db, gateway, new Date(heldAt + REFUND_HOLD_STALE_MS - 1_000))).refunds,
    ).toEqual({
      refunded: 0,
      released: 0,
      unreachable: 0,
    });
    expect(portone.fake.payments.get(request.paymentId)).toMatchObject({ status: 'PAID' });
    expect(
      (await expireAbandoned(database.db, gateway, new Date(heldAt + REFUND_HOLD_STALE_MS + 1_000))).refunds,
    ).toEqual({
      refunded: 1,
      released: 0,
      unreachable: 0,
    });
    expect(portone.fake.payments.get(request.paymentId)).toMatchObject({ status: 'CANCELLED', cancelled: 11_000 });
    expect(await status(request.paymentId)).toMatchObject({ status: 7, failureCode: 'refunded' });
    expect(await balance()).toBe(before);
    await portone.fake.idle();
  });

  it('answers 502 to a webhook while PortOne cannot be asked, so PortOne delivers it again', async () => {
    const unreachable = await openTestApp({
      database,
      env: { ...configEnv(), PORTONE_API_BASE: 'http://127.0.0.1:9' },
    });
    const request = await checkout('p-unreachable');
    await withoutWebhooks(() => portone.fake.requestPayment(request));
    const paid = portone.fake.webhooks.findLast(
      (w) => w.type === 'Transaction.Paid' && w.body.includes(request.paymentId),
    )!;
    const res = await unreachable.app.request('/api/payments/webhook', {
      method: 'POST',
      headers: portone.fake.sign(paid.id, paid.body),
      body: paid.body,
    });
    await unreachable.close();
    expect(res.status).toBe(502);
    expect((await status(request.paymentId)).status).toBe(1);
  });
});

describe('subscriptions on a registered card (PortOne billing keys)', () => {
  it(
    'registers only a key PortOne issued to this member, renews on it, and a declined renewal ends after the grace ' +
      'period',
    async () => {
      const gateway = createPaymentGateway(config)!;
      expect(
        (await call('POST', '/api/shoppings/billing-key/request', undefined, undefined, 'buyer02')).body.request,
      ).toMatchObject({
        storeId: FAKE_PORTONE.storeId,
        billingKeyMethod: 'CARD',
        customer: { customerId: String(ids.buyer02) },
      });
      const noCard = await call('POST', '/api/my/subscriptions', { channelId, plan: 'monthly' }, 'sub-0', 'buyer02');
      expect(noCard).toMatchObject({ status: 409, body: { error: 'card_not_registered' } });
      const someoneElses = await portone.fake.issueBillingKey(String(ids.buyer01));
      expect(
        await call('POST', '/api/shoppings/billing-key', { billingKey: someoneElses }, undefined, 'buyer02'),
      ).toMatchObject({
        status: 409,
        body: { error: 'billing_key_invalid' },
      });
      const card = await portone.fake.issueBillingKey(String(ids.buyer02));
      expect(
        (await call('POST', '/api/shoppings/billing-key', { billingKey: card }, undefined, 'buyer02')).body.registered,
      ).toBe(true);
      const subscribed = await call(
        'POST',
        '/api/my/subscriptions',
        { channelId, plan: 'monthly' },
        'sub-1',
        'buyer02',
      );
      expect(subscribed.body.subscription).toMatchObject({ status: 1, priceWon: 3_300 });
      const id = subscribed.body.subscription.subscriptionId as number;
      const end = async () =>
        (await database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!.periodEnd!.getTime();
      const paidAtPortOne = () =>
        [...portone.fake.payments.values()].filter((p) => p.billingKey && p.status === 'PAID').length;
      expect(paidAtPortOne()).toBe(1);

      const firstEnd = await end();
      expect(await runRenewals(database.db, gateway, new Date(firstEnd + 1000))).toMatchObject({ renewed: 1 });
      expect(await runRenewals(database.db, gateway, new Date(firstEnd + 2000))).toMatchObject({ renewed: 0 });
      expect(paidAtPortOne()).toBe(2);

      // The card now declines at the PG: event 3 at once, the subscription runs through the grace period, then 3.
      const declining = await portone.fake.issueBillingKey(String(ids.buyer02), '잔액 부족');
      expect(
        (await call('POST', '/api/shoppings/billing-key', { billingKey: declining }, undefined, 'buyer02')).status,
      ).toBe(200);
      expect(portone.fake.billingKeys.get(card)!.deletedAt).not.toBeNull();
      const secondEnd = await end();
      expect(await runRenewals(database.db, gateway, new Date(secondEnd + 1000))).toMatchObject({
        failed: 1,
        expired: 0,
      });
      const [sub] = await database.db.select().from(subscriptions).where(eq(subscriptions.id, id));
      expect(sub!.status).toBe(1);
      expect(await runRenewals(database.db, gateway, new Date(secondEnd + RENEWAL_GRACE_MS + 1000))).toMatchObject({
        expired: 1,
      });
      const [expired] = await database.db.select().from(subscriptions).where(eq(subscriptions.id, id));
      expect(expired!.status).toBe(3);
      const events = await database.db
        .select()
        .from(subscriptionEvents)
        .where(eq(subscriptionEvents.subscriptionId, id));
      expect(events.map((e) => e.event)).toEqual([1, 3]);
      const failed = await database.db.select().from(payments).where(eq(payments.memberId, ids.buyer02!));
      expect(failed.filter((p) => p.status === 8).map((p) => p.failureNote)).toContain('잔액 부족');
    },
  );
});

function configEnv(): Record<string, string> {
  return {
    PLATFORM_ENV: 'production',
    JWT_SECRET: 'p'.repeat(48),
    PAYMENT_GATEWAY: 'portone',
    PORTONE_API_SECRET: FAKE_PORTONE.apiSecret,
    PORTONE_STORE_ID: FAKE_PORTONE.storeId,
    PORTONE_CHANNEL_KEY: 'channel-key-card',
    PORTONE_CHANNEL_KEY_VIRTUALACCOUNT: 'channel-key-va',
    PORTONE_WEBHOOK_SECRET: FAKE_PORTONE.webhookSecret,
  };
}

async function signedWith(secret: string, body: string): Promise<Record<string, string>> {
  const { webhookHeaders } = await import('../../api/providers/payment/webhook-signature.ts');
  return webhookHeaders(secret, 'msg_other', Math.floor(Date.now() / 1000), body);
}
