import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { payments } from '../../db/schema/index.ts';
import { openTestApp, useTestApp } from '../../testing/app.ts';
import { DEV_WEBHOOK_SECRET } from '../../providers/payment/development.ts';
import { signWebhook } from '../../providers/payment/webhook-signature.ts';

const t = useTestApp({ checkLedger: true });

const balance = async (loginId: string) => (await t.as(loginId)('GET', '/api/my/luv/luv-sum')).body.luv as number;
const buy = async (loginId: string, key: string, productId = 1, method = 'kakaopay') =>
  t.as(loginId)('POST', '/api/shoppings/luv/payments', { productId, method }, { 'idempotency-key': key });

async function sendWebhook(body: unknown, opts: { secret?: string; ts?: number } = {}) {
  const raw = JSON.stringify(body);
  const ts = opts.ts ?? Math.floor(Date.now() / 1000);
  const id = `wh_${Math.random().toString(36).slice(2)}`;
  const res = await t.app.request('/api/payments/webhook', {
    method: 'POST',
    body: raw,
    headers: { 'webhook-id': id, 'webhook-timestamp': String(ts), 'webhook-signature': signWebhook(opts.secret ?? DEV_WEBHOOK_SECRET, id, ts, raw) },
  });
  return { status: res.status, body: (await res.json()) as { payment: { status: number } } };
}

describe('luv shop', () => {
  it('lists the products with productId, luv and price in won', async () => {
    const res = await t.as(null)('GET', '/api/shoppings/luv/products');
    expect(res.status).toBe(200);
    expect(res.body.products[0]).toEqual({ productId: 1, luv: 100, priceWon: 11000 });
  });

  it('buys luv: 1 request in progress, then approval credits exactly once however often it is delivered', async () => {
    const before = await balance('viewer02');
    const start = await buy('viewer02', 'buy-1');
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({ paymentId: expect.any(String), status: 1 });
    expect(await buy('viewer02', 'buy-1')).toEqual(start);
    const id = start.body.paymentId;
    const approvals = await Promise.all([1, 2, 3].map(() => t.as(null)('POST', `/api/dev/payments/${id}/approve`)));
    for (const a of approvals) expect(a.body.payment.status).toBe(9);
    expect(await balance('viewer02')).toBe(before + 100);
    const viaWebhook = await sendWebhook({ type: 'Transaction.Paid', data: { paymentId: id, amount: 11000 } });
    expect(viaWebhook.status).toBe(200);
    expect(await balance('viewer02')).toBe(before + 100);
    const detail = await t.as('viewer02')('GET', `/api/shoppings/luv/payments/${id}`);
    expect(detail.body.purchase).toEqual({ transactionId: id, value: 11000, currency: 'KRW' });
    const list = await t.as('viewer02')('GET', '/api/shoppings/luv/payments');
    expect(list.body.list.map((p: { paymentId: string }) => p.paymentId)).toContain(id);
    expect((await t.as('viewer01')('GET', `/api/shoppings/luv/payments/${id}`)).status).toBe(404);
  });

  it('never credits statuses 6, 7 and 8, and a closed payment stays closed', async () => {
    const before = await balance('viewer02');
    const va = await buy('viewer02', 'buy-va', 2, 'virtualaccount');
    expect(va.body.status).toBe(2);
    expect((await t.as(null)('POST', `/api/dev/payments/${va.body.paymentId}/deposit`, { amountWon: 1000 })).body.payment.status).toBe(6);
    const cancelled = await buy('viewer02', 'buy-cancel');
    expect((await t.as(null)('POST', `/api/dev/payments/${cancelled.body.paymentId}/cancel`)).body.payment.status).toBe(7);
    const failed = await buy('viewer02', 'buy-fail');
    expect((await t.as(null)('POST', `/api/dev/payments/${failed.body.paymentId}/fail`, { note: 'limit exceeded' })).body.payment.status).toBe(8);
    expect((await t.as('viewer02')('GET', `/v2/api/guest/payment-failure?paymentId=${failed.body.paymentId}`)).body).toMatchObject({
      status: 8,
      failureNote: 'limit exceeded',
    });
    for (const p of [va, cancelled, failed]) {
      const again = await t.as(null)('POST', `/api/dev/payments/${p.body.paymentId}/approve`);
      expect(again.status).toBe(409);
      expect(again.body.error).toBe('payment_final');
    }
    expect(await balance('viewer02')).toBe(before);
  });

  it('treats an approval with the wrong amount as an approval error without credit', async () => {
    const before = await balance('viewer02');
    const p = await buy('viewer02', 'buy-wrong');
    const res = await sendWebhook({ type: 'Transaction.Paid', data: { paymentId: p.body.paymentId, amount: 1 } });
    expect(res.body.payment.status).toBe(8);
    expect(await balance('viewer02')).toBe(before);
  });

  it('refuses forged, stale and malformed webhooks (403) without effect', async () => {
    const p = await buy('viewer02', 'buy-forged');
    const body = { type: 'Transaction.Paid', data: { paymentId: p.body.paymentId, amount: 11000 } };
    expect((await sendWebhook(body, { secret: 'not-the-secret' })).status).toBe(403);
    expect((await sendWebhook(body, { ts: Math.floor(Date.now() / 1000) - 3600 })).status).toBe(403);
    expect((await sendWebhook({ type: 'Transaction.Paid', data: {} })).status).toBe(403);
    const unsigned = await t.app.request('/api/payments/webhook', { method: 'POST', body: JSON.stringify(body) });
    expect(unsigned.status).toBe(403);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, p.body.paymentId));
    expect(row!.status).toBe(1);
  });

  it('refunds an approved payment on cancel while the luv is unspent, and refuses once it is spent', async () => {
    const before = await balance('viewer02');
    const p = await buy('viewer02', 'buy-refund');
    await t.as(null)('POST', `/api/dev/payments/${p.body.paymentId}/approve`);
    expect(await balance('viewer02')).toBe(before + 100);
    const cancel = await t.as('viewer02')('POST', '/api/shoppings/flax/payments-cancel', { paymentId: p.body.paymentId });
    expect(cancel.body.payment.status).toBe(7);
    expect(await balance('viewer02')).toBe(before);
    expect((await t.as('viewer02')('GET', '/api/shoppings/flax/payments-cancel')).body.list.map((x: { paymentId: string }) => x.paymentId)).toContain(
      p.body.paymentId,
    );
    expect((await t.as('viewer02')('POST', '/api/shoppings/flax/payments-cancel', { paymentId: p.body.paymentId })).body.payment.status).toBe(7);
    expect(await balance('viewer02')).toBe(before);
  });

  it('validates the purchase body: 400 for bad method or product, 404 for an unknown product, nothing written', async () => {
    const count = async () => (await t.database.db.select().from(payments)).length;
    const n = await count();
    expect((await t.as('viewer02')('POST', '/api/shoppings/luv/payments', { productId: 1, method: 'bitcoin' }, { 'idempotency-key': 'bad-1' })).status).toBe(
      400,
    );
    expect((await t.as('viewer02')('POST', '/api/shoppings/luv/payments', { productId: 1.5, method: 'CARD' }, { 'idempotency-key': 'bad-2' })).status).toBe(
      400,
    );
    expect((await t.as('viewer02')('POST', '/api/shoppings/luv/payments', { productId: 999, method: 'CARD' }, { 'idempotency-key': 'bad-3' })).status).toBe(
      404,
    );
    expect((await t.as('viewer02')('POST', '/api/shoppings/luv/payments', { productId: 1, method: 'CARD' })).status).toBe(400);
    expect(await count()).toBe(n);
  });

  it('refuses a purchase over the buying cap with 409', async () => {
    await t.as('adult01')('PUT', '/api/my/luv/spending-caps', { dailyLuv: 150, monthlyLuv: null });
    expect((await buy('adult01', 'cap-buy-1')).status).toBe(200);
    const over = await buy('adult01', 'cap-buy-2');
    expect(over.status).toBe(409);
    expect(over.body.error).toBe('spending_cap_exceeded');
  });
});

describe('coupons', () => {
  it('credits a coupon once: concurrent uses by two members give one success', async () => {
    const b1 = await balance('viewer01');
    const b2 = await balance('viewer02');
    const [a, b] = await Promise.all([
      t.as('viewer01')('POST', '/api/shoppings/useCoupon', { couponNumber: 'welcome-1000' }, { 'idempotency-key': 'c-1' }),
      t.as('viewer02')('POST', '/api/shoppings/useCoupon', { couponNumber: 'WELCOME-1000' }, { 'idempotency-key': 'c-2' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((await balance('viewer01')) - b1 + (await balance('viewer02')) - b2).toBe(1000);
    expect((await t.as('viewer01')('POST', '/api/shoppings/useCoupon', { couponNumber: 'NOPE' }, { 'idempotency-key': 'c-3' })).status).toBe(404);
    expect((await t.as('viewer01')('POST', '/api/shoppings/useCoupon', { couponNumber: 12 }, { 'idempotency-key': 'c-4' })).status).toBe(400);
  });
});

describe('production', () => {
  it('has no payment simulator (404) and no unchecked gateway: buying answers 503 and writes nothing', async () => {
    const prod = await openTestApp({ database: t.database, env: { PLATFORM_ENV: 'production', JWT_SECRET: 'p'.repeat(40) } });
    const p = await buy('viewer02', 'prod-0');
    const before = await balance('viewer02');
    expect((await prod.as(null)('POST', `/api/dev/payments/${p.body.paymentId}/approve`)).status).toBe(404);
    expect((await prod.as('viewer02')('POST', `/api/dev/withdrawals/1/approve`)).status).toBe(404);
    const res = await prod.as('viewer02')('POST', '/api/shoppings/luv/payments', { productId: 1, method: 'CARD' }, { 'idempotency-key': 'prod-1' });
    expect(res.status).toBe(503);
    expect(await balance('viewer02')).toBe(before);
    await prod.close();
  });
});
