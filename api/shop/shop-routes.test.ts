import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { payments } from '../db/schema/index.ts';
import { openTestApp, useTestApp } from '../testing/app.ts';
import { DEV_WEBHOOK_SECRET } from '../providers/payment/development.ts';
import { signWebhook } from '../providers/payment/webhook-signature.ts';

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
    headers: {
      'webhook-id': id,
      'webhook-timestamp': String(ts),
      'webhook-signature': signWebhook(opts.secret ?? DEV_WEBHOOK_SECRET, id, ts, raw),
    },
  });
  return { status: res.status, body: (await res.json()) as { payment: { status: number }; ignored?: string } };
}

/** PortOne's notice that a payment changed: it names the payment, never the outcome. */
const notice = (paymentId: string, type = 'Transaction.Paid') =>
  sendWebhook({ type, timestamp: new Date().toISOString(), data: { paymentId } });

describe('luv shop', () => {
  it('lists the products with productId, luv and price in won', async () => {
    const res = await t.as(null)('GET', '/api/shoppings/luv/products');
    expect(res.status).toBe(200);
    expect(res.body.products[0]).toEqual({ productId: 1, luv: 100, priceWon: 11000 });
    expect(res.body.payments).toEqual({ available: true, gateway: 'development' });
  });

  it('buys luv: 1 request in progress, then approval credits exactly once however often it is delivered', async () => {
    const before = await balance('viewer02');
    const start = await buy('viewer02', 'buy-1');
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({
      paymentId: expect.any(String),
      status: 1,
      browserSdkUrl: '/api/dev/portone/browser-sdk.js',
      checkout: {
        paymentId: start.body.paymentId,
        totalAmount: 11000,
        currency: 'KRW',
        payMethod: 'EASY_PAY',
        orderName: expect.stringMatching(/^100 /),
      },
    });
    expect(await buy('viewer02', 'buy-1')).toEqual(start);
    const id = start.body.paymentId;
    // Before the window: completing asks the gateway, which has nothing paid, so nothing moves.
    expect((await t.as('viewer02')('POST', `/api/shoppings/luv/payments/${id}/complete`)).body).toMatchObject({
      payment: { status: 1 },
      purchase: null,
    });
    t.simulator.simulate(id, { kind: 'pay' });
    const settled = await Promise.all([
      t.as('viewer02')('POST', `/api/shoppings/luv/payments/${id}/complete`),
      t.as('viewer02')('POST', `/api/shoppings/luv/payments/${id}/complete`),
      notice(id),
      notice(id),
    ]);
    for (const s of settled) expect([s.status, s.body.payment.status]).toEqual([200, 9]);
    expect(await balance('viewer02')).toBe(before + 100);
    expect((await notice(id)).status).toBe(200);
    expect((await t.as(null)('POST', `/api/dev/payments/${id}/approve`)).status).toBe(200);
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
    expect(va.body.status).toBe(1);
    const issued = await t.as(null)('POST', `/api/dev/payments/${va.body.paymentId}/issue`);
    expect(issued.body.payment).toMatchObject({
      status: 2,
      virtualAccount: { bank: 'SHINHAN', accountNumber: expect.any(String), expiresAt: expect.any(String) },
    });
    const wrong = await t.as(null)('POST', `/api/dev/payments/${va.body.paymentId}/deposit`, { amountWon: 1000 });
    expect(wrong.body.payment).toMatchObject({ status: 6, failureCode: 'wrong_deposit', virtualAccount: null });
    // The deposit went back to the payer at the gateway.
    expect(t.simulator.simulated(va.body.paymentId)!.status).toBe('CANCELLED');
    const cancelled = await buy('viewer02', 'buy-cancel');
    expect((await t.as(null)('POST', `/api/dev/payments/${cancelled.body.paymentId}/cancel`)).body.payment.status).toBe(
      7,
    );
    const failed = await buy('viewer02', 'buy-fail');
    expect(
      (await t.as(null)('POST', `/api/dev/payments/${failed.body.paymentId}/fail`, { note: 'limit exceeded' })).body
        .payment.status,
    ).toBe(8);
    expect(
      (await t.as('viewer02')('GET', `/v2/api/guest/payment-failure?paymentId=${failed.body.paymentId}`)).body,
    ).toMatchObject({
      status: 8,
      failureCode: 'pg_failed',
      failureNote: 'limit exceeded',
    });
    for (const p of [va, cancelled, failed]) {
      const again = await t.as(null)('POST', `/api/dev/payments/${p.body.paymentId}/approve`);
      expect(again.status).toBe(409);
      expect(again.body.error).toBe('payment_final');
    }
    expect(await balance('viewer02')).toBe(before);
  });

  it('a payment of another amount is cancelled at the gateway and recorded as an approval error, without credit', async () => {
    const before = await balance('viewer02');
    const p = await buy('viewer02', 'buy-wrong');
    t.simulator.simulate(p.body.paymentId, { kind: 'pay', amountWon: 1 });
    const res = await notice(p.body.paymentId);
    expect(res.body.payment).toMatchObject({ status: 8, failureCode: 'amount_mismatch' });
    expect(t.simulator.simulated(p.body.paymentId)!.status).toBe('CANCELLED');
    expect(await balance('viewer02')).toBe(before);
  });

  it(
    'refuses forged, stale and unsigned webhooks (403) without effect; acknowledges notices with nothing to do ' +
      '(200)',
    async () => {
      const p = await buy('viewer02', 'buy-forged');
      t.simulator.simulate(p.body.paymentId, { kind: 'pay' });
      const body = { type: 'Transaction.Paid', data: { paymentId: p.body.paymentId } };
      expect(
        (await sendWebhook(body, { secret: `whsec_${Buffer.from('not-the-secret').toString('base64')}` })).status,
      ).toBe(403);
      expect((await sendWebhook(body, { ts: Math.floor(Date.now() / 1000) - 3600 })).status).toBe(403);
      const unsigned = await t.app.request('/api/payments/webhook', { method: 'POST', body: JSON.stringify(body) });
      expect(unsigned.status).toBe(403);
      const [row] = await t.database.db.select().from(payments).where(eq(payments.id, p.body.paymentId));
      expect(row!.status).toBe(1);
      expect(await sendWebhook({ type: 'BillingKey.Issued', data: { billingKey: 'x' } })).toMatchObject({
        status: 200,
        body: { ignored: 'BillingKey.Issued' },
      });
      expect(await notice('P-not-ours')).toMatchObject({ status: 200, body: { ignored: 'unknown_payment' } });
      const other = await buy('viewer02', 'buy-ready');
      expect(await notice(other.body.paymentId, 'Transaction.Ready')).toMatchObject({
        status: 200,
        body: { payment: { status: 1 } },
      });
    },
  );

  it('answers 502 when the gateway cannot be asked, so PortOne delivers again; the retry credits', async () => {
    const before = await balance('viewer02');
    const p = await buy('viewer02', 'buy-unreachable');
    t.simulator.simulate(p.body.paymentId, { kind: 'pay' });
    t.simulator.unavailable = true;
    try {
      expect((await notice(p.body.paymentId)).status).toBe(502);
      expect((await t.as('viewer02')('POST', `/api/shoppings/luv/payments/${p.body.paymentId}/complete`)).status).toBe(
        502,
      );
    } finally {
      t.simulator.unavailable = false;
    }
    expect(await balance('viewer02')).toBe(before);
    expect((await notice(p.body.paymentId)).body.payment.status).toBe(9);
    expect(await balance('viewer02')).toBe(before + 100);
  });

  it('refunds an approved payment on cancel while the luv is unspent, and refuses once it is spent', async () => {
    const before = await balance('viewer02');
    const p = await buy('viewer02', 'buy-refund');
    await t.as(null)('POST', `/api/dev/payments/${p.body.paymentId}/approve`);
    expect(await balance('viewer02')).toBe(before + 100);
    const cancel = await t.as('viewer02')('POST', '/api/shoppings/flax/payments-cancel', {
      paymentId: p.body.paymentId,
    });
    expect(cancel.body.payment).toMatchObject({ status: 7, failureCode: 'refunded' });
    expect(t.simulator.simulated(p.body.paymentId)!.status).toBe('CANCELLED');
    expect(await balance('viewer02')).toBe(before);
    expect(
      (await t.as('viewer02')('GET', '/api/shoppings/flax/payments-cancel')).body.list.map(
        (x: { paymentId: string }) => x.paymentId,
      ),
    ).toContain(p.body.paymentId);
    expect(
      (await t.as('viewer02')('POST', '/api/shoppings/flax/payments-cancel', { paymentId: p.body.paymentId })).body
        .payment.status,
    ).toBe(7);
    expect(await balance('viewer02')).toBe(before);
  });

  it('validates the purchase body: 400 for bad method or product, 404 for an unknown product, nothing written', async () => {
    const count = async () => (await t.database.db.select().from(payments)).length;
    const n = await count();
    expect(
      (
        await t.as('viewer02')(
          'POST',
          '/api/shoppings/luv/payments',
          { productId: 1, method: 'bitcoin' },
          { 'idempotency-key': 'bad-1' },
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await t.as('viewer02')(
          'POST',
          '/api/shoppings/luv/payments',
          { productId: 1.5, method: 'CARD' },
          { 'idempotency-key': 'bad-2' },
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await t.as('viewer02')(
          'POST',
          '/api/shoppings/luv/payments',
          { productId: 999, method: 'CARD' },
          { 'idempotency-key': 'bad-3' },
        )
      ).status,
    ).toBe(404);
    expect(
      (await t.as('viewer02')('POST', '/api/shoppings/luv/payments', { productId: 1, method: 'CARD' })).status,
    ).toBe(400);
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
      t.as('viewer01')(
        'POST',
        '/api/shoppings/useCoupon',
        { couponNumber: 'welcome-1000' },
        { 'idempotency-key': 'c-1' },
      ),
      t.as('viewer02')(
        'POST',
        '/api/shoppings/useCoupon',
        { couponNumber: 'WELCOME-1000' },
        { 'idempotency-key': 'c-2' },
      ),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((await balance('viewer01')) - b1 + (await balance('viewer02')) - b2).toBe(1000);
    expect(
      (
        await t.as('viewer01')(
          'POST',
          '/api/shoppings/useCoupon',
          { couponNumber: 'NOPE' },
          { 'idempotency-key': 'c-3' },
        )
      ).status,
    ).toBe(404);
    expect(
      (await t.as('viewer01')('POST', '/api/shoppings/useCoupon', { couponNumber: 12 }, { 'idempotency-key': 'c-4' }))
        .status,
    ).toBe(400);
  });

  it('explains a used or unknown coupon in the caller’s language (the catalogue text, also on a replay)', async () => {
    const ko = { 'accept-language': 'ko' };
    const en = { 'accept-language': 'en' };
    const used = await t.as('viewer01')(
      'POST',
      '/api/shoppings/useCoupon',
      { couponNumber: 'WELCOME-1000' },
      { ...ko, 'idempotency-key': 'c-used-ko' },
    );
    expect(used.body).toMatchObject({
      error: expect.stringMatching(/^coupon_used$/),
      error_msg: '이미 사용했거나 사용 기간이 지난 쿠폰입니다.',
    });
    const replay = await t.as('viewer01')(
      'POST',
      '/api/shoppings/useCoupon',
      { couponNumber: 'WELCOME-1000' },
      { ...ko, 'idempotency-key': 'c-used-ko' },
    );
    expect(replay.body.error_msg).toBe('이미 사용했거나 사용 기간이 지난 쿠폰입니다.');
    const unknown = await t.as('viewer01')(
      'POST',
      '/api/shoppings/useCoupon',
      { couponNumber: 'NOPE-1' },
      { ...ko, 'idempotency-key': 'c-unknown-ko' },
    );
    expect(unknown.body).toMatchObject({
      error: 'coupon_not_found',
      error_msg: '등록되지 않은 쿠폰 번호입니다. 번호를 다시 확인해 주세요.',
    });
    const unknownEn = await t.as('viewer01')(
      'POST',
      '/api/shoppings/useCoupon',
      { couponNumber: 'NOPE-2' },
      { ...en, 'idempotency-key': 'c-unknown-en' },
    );
    expect(unknownEn.body.error_msg).toMatch(/coupon/i);
  });
});

describe('production', () => {
  it('has no payment simulator (404) and no unchecked gateway: buying answers 503 and writes nothing', async () => {
    const prod = await openTestApp({
      database: t.database,
      env: { PLATFORM_ENV: 'production', JWT_SECRET: 'p'.repeat(40) },
    });
    const p = await buy('viewer02', 'prod-0');
    const before = await balance('viewer02');
    expect((await prod.as(null)('POST', `/api/dev/payments/${p.body.paymentId}/approve`)).status).toBe(404);
    expect((await prod.as('viewer02')('POST', `/api/dev/withdrawals/1/approve`)).status).toBe(404);
    const res = await prod.as('viewer02')(
      'POST',
      '/api/shoppings/luv/payments',
      { productId: 1, method: 'CARD' },
      { 'idempotency-key': 'prod-1' },
    );
    expect(res.status).toBe(503);
    expect(res.body.error).toBe('payments_not_configured');
    const products = (await prod.as(null)('GET', '/api/shoppings/luv/products')).body;
    expect(products.products).toHaveLength(6);
    expect(products.payments).toEqual({ available: false, gateway: null });
    expect(await balance('viewer02')).toBe(before);
    await prod.close();
  });
});
