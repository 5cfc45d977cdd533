/**
 * A production API (PLATFORM_ENV=production, PAYMENT_GATEWAY=portone) served over HTTP against the
 * local PortOne stand-in, through today's routes: the catalogue is there, a payment is
 * pre-registered at PortOne, PortOne's signed webhook credits it once, a retry of that webhook and a
 * forged one credit nothing, a payment of another amount is not credited.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../api/config.ts';
import type { Database } from '../../api/db/client.ts';
import { prepareDatabase } from '../../api/db/prepare.ts';
import { members } from '../../api/db/schema/index.ts';
import { checkLedger } from '../../api/ledger/invariants.ts';
import { openTestApp, type TestApp } from '../../api/testing/app.ts';
import { openTestDatabase } from '../../api/testing/test-db.ts';
import { FAKE_PORTONE, startPortOneServer, type PortOneServer } from '../../api/testing/portone-server.ts';

let portone: PortOneServer;
let database: Database;
let t: TestApp;
let config: Config;
let api: ReturnType<typeof serve>;
let apiUrl: string;
let cookie: string;

beforeAll(async () => {
  portone = await startPortOneServer();
  const env = {
    PLATFORM_ENV: 'production',
    JWT_SECRET: 'p'.repeat(48),
    PAYMENT_GATEWAY: 'portone',
    PORTONE_API_SECRET: FAKE_PORTONE.apiSecret,
    PORTONE_STORE_ID: FAKE_PORTONE.storeId,
    PORTONE_CHANNEL_KEY: 'channel-key-card',
    PORTONE_WEBHOOK_SECRET: FAKE_PORTONE.webhookSecret,
    PORTONE_API_BASE: portone.url,
  };
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
  const [buyer] = await database.db.insert(members).values({ loginId: 'buyer01', nickname: 'buyer', passwordHash: 'x', device: 'PCWEB' }).returning();
  cookie = await t.cookieOf(buyer!.loginId);
});
afterAll(async () => {
  expect((await checkLedger(database.db)).problems).toEqual([]);
  await new Promise((resolve) => api.close(resolve));
  await portone.close();
  await t.close();
  await database.close();
});

async function call(method: string, path: string, body?: unknown, key?: string) {
  const headers: Record<string, string> = { cookie, 'content-type': 'application/json' };
  if (key) headers['idempotency-key'] = key;
  const res = await fetch(`${apiUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as any };
}

const balance = async () => (await call('GET', '/api/my/luv/luv-sum')).body.luv as number;

async function startPayment(key: string) {
  const started = await call('POST', '/api/shoppings/luv/payments', { productId: 1, method: 'creditcard' }, key);
  expect(started).toMatchObject({ status: 200, body: { status: 1, amountWon: 11_000, gateway: 'portone' } });
  return started.body.paymentId as string;
}

const window = (paymentId: string, totalAmount = 11_000) => ({
  storeId: FAKE_PORTONE.storeId,
  paymentId,
  channelKey: 'channel-key-card',
  orderName: 'luv 100',
  totalAmount,
  currency: 'KRW',
  payMethod: 'CARD',
});

describe('a production API against the local PortOne', () => {
  it('lists the catalogue and pre-registers a payment at PortOne', async () => {
    expect((await call('GET', '/api/shoppings/luv/products')).body.products).toHaveLength(6);
    const paymentId = await startPayment('p-register');
    expect(portone.fake.preRegistered.get(paymentId)).toEqual({ totalAmount: 11_000, currency: 'KRW' });
  });

  it("credits once on PortOne's signed webhook; a retry of it and a forged one credit nothing", async () => {
    const before = await balance();
    const paymentId = await startPayment('p-paid');
    await portone.fake.requestPayment(window(paymentId));
    const paid = portone.fake.webhooks.findLast((w) => w.type === 'Transaction.Paid')!;
    expect(paid.status).toBe(200);
    expect((await call('GET', `/api/shoppings/luv/payments/${paymentId}`)).body.payment.status).toBe(9);
    expect(await balance()).toBe(before + 100);

    expect(await portone.fake.resend(paid.id)).toMatchObject({ status: 200 });
    const forged = await fetch(`${apiUrl}/api/payments/webhook`, {
      method: 'POST',
      headers: { ...portone.fake.sign('msg_forged', paid.body), 'webhook-signature': 'v1,bm90IGEgc2lnbmF0dXJl' },
      body: paid.body,
    });
    expect(forged.status).toBe(403);
    expect(await balance()).toBe(before + 100);
  });

  it('does not credit a payment of another amount', async () => {
    const before = await balance();
    const paymentId = await startPayment('p-wrong');
    // A window PortOne did not hold to the pre-registered amount pays 110 won.
    portone.fake.preRegistered.delete(paymentId);
    await portone.fake.requestPayment(window(paymentId, 110));
    expect((await call('GET', `/api/shoppings/luv/payments/${paymentId}`)).body.payment).toMatchObject({
      status: 8,
      failureNote: expect.stringContaining('110'),
    });
    expect(await balance()).toBe(before);
  });

  it('a window opened with another amount fails at PortOne: approval error, no credit', async () => {
    const before = await balance();
    const paymentId = await startPayment('p-tampered');
    expect((await portone.fake.requestPayment(window(paymentId, 110))).code).toBe('FAILURE_TYPE_PG');
    expect((await call('GET', `/api/shoppings/luv/payments/${paymentId}`)).body.payment.status).toBe(8);
    expect(await balance()).toBe(before);
  });
});
