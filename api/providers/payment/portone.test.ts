import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_PORTONE, startPortOneServer, type PortOneServer } from '../../testing/portone-server.ts';
import type { CheckoutRequest } from './gateway.ts';
import { PortOneGateway } from './portone.ts';
import { parsePaymentSettings, type PortOnePaymentSettings } from './settings.ts';
import { verdictOf } from './verdict.ts';

let server: PortOneServer;
let gateway: PortOneGateway;
let settings: PortOnePaymentSettings;

function portoneSettings(env: Record<string, string>): PortOnePaymentSettings {
  const parsed = parsePaymentSettings(
    {
      PAYMENT_GATEWAY: 'portone',
      PORTONE_API_SECRET: FAKE_PORTONE.apiSecret,
      PORTONE_STORE_ID: FAKE_PORTONE.storeId,
      PORTONE_CHANNEL_KEY: 'channel-key-main',
      PORTONE_CHANNEL_KEY_KAKAOPAY: 'channel-key-kakao',
      PORTONE_WEBHOOK_SECRET: FAKE_PORTONE.webhookSecret,
      PORTONE_API_BASE: server.url,
      ...env,
    },
    true,
  );
  if (!parsed.ok || parsed.value.gateway !== 'portone') throw new Error(parsed.ok ? 'not portone' : parsed.error);
  return parsed.value.portone;
}

beforeAll(async () => {
  server = await startPortOneServer();
  settings = portoneSettings({});
  gateway = new PortOneGateway(settings);
});
afterAll(() => server.close());

let n = 0;
const newId = () => `PT${Date.now().toString(36)}${(n++).toString(36)}`;

async function checkout(method: string, amountWon = 11_000, paymentId = newId()): Promise<CheckoutRequest> {
  const result = await gateway.checkout({ paymentId, amountWon, method, orderName: 'luv 100', customerId: '7' });
  if (!result.ok) throw new Error(result.note);
  return result.checkout;
}

async function lookup(paymentId: string) {
  const looked = await gateway.lookup(paymentId);
  if (!looked.ok) throw new Error(looked.note);
  return looked.report;
}

describe('PortOneGateway against the local PortOne (through @portone/server-sdk)', () => {
  it('checkout pre-registers the amount and answers what requestPayment needs, per method', async () => {
    const kakao = await checkout('kakaopay');
    expect(kakao).toEqual({
      storeId: FAKE_PORTONE.storeId,
      channelKey: 'channel-key-kakao',
      paymentId: kakao.paymentId,
      orderName: 'luv 100',
      totalAmount: 11_000,
      currency: 'KRW',
      payMethod: 'EASY_PAY',
      easyPay: { easyPayProvider: 'KAKAOPAY' },
      customer: { customerId: '7' },
    });
    expect(server.fake.preRegistered.get(kakao.paymentId)).toEqual({ totalAmount: 11_000, currency: 'KRW' });
    const va = await checkout('virtualaccount');
    expect(va).toMatchObject({
      channelKey: 'channel-key-main',
      payMethod: 'VIRTUAL_ACCOUNT',
      virtualAccount: { accountExpiry: { validHours: 24 } },
    });
    expect(await checkout('mobile')).toMatchObject({ payMethod: 'MOBILE', productType: 'DIGITAL' });
    expect(await checkout('myaccount')).toMatchObject({ payMethod: 'TRANSFER' });
    expect(await checkout('creditcard')).toMatchObject({ payMethod: 'CARD' });
    expect(await gateway.checkout({ paymentId: newId(), amountWon: 1, method: 'cash' })).toMatchObject({
      ok: false,
      code: 'gateway_refused',
    });
  });

  it('maps PAID, VIRTUAL_ACCOUNT_ISSUED, FAILED, CANCELLED, READY and unknown payments to reports and verdicts', async () => {
    const paid = await checkout('creditcard');
    await server.fake.requestPayment(paid);
    const paidReport = await lookup(paid.paymentId);
    expect(paidReport).toMatchObject({
      status: 'paid',
      amountWon: 11_000,
      paidWon: 11_000,
      currency: 'KRW',
      methodType: 'PaymentMethodCard',
    });
    expect(verdictOf(paidReport, 11_000)).toEqual({ kind: 'paid', amountWon: 11_000 });

    const va = await checkout('virtualaccount', 33_000);
    await server.fake.requestPayment(va);
    const issued = await lookup(va.paymentId);
    expect(issued).toMatchObject({
      status: 'virtual_account_issued',
      amountWon: 33_000,
      account: { bank: 'SHINHAN', accountNumber: expect.any(String) },
    });
    expect(verdictOf(issued, 33_000)).toEqual({
      kind: 'issued',
      account: issued.status === 'virtual_account_issued' ? issued.account : null,
    });

    const failed = await checkout('kakaopay');
    await server.fake.requestPayment(failed, 'failed', 'limit exceeded');
    const failedReport = await lookup(failed.paymentId);
    expect(failedReport).toEqual({ status: 'failed', note: 'limit exceeded' });
    expect(verdictOf(failedReport, 11_000)).toEqual({ kind: 'failed', note: 'limit exceeded' });

    const cancelled = await checkout('creditcard');
    await server.fake.requestPayment(cancelled);
    expect(await gateway.cancel({ paymentId: cancelled.paymentId, amountWon: 11_000, reason: 'test' })).toEqual({
      ok: true,
      state: 'cancelled',
    });
    const cancelledReport = await lookup(cancelled.paymentId);
    expect(cancelledReport).toEqual({ status: 'cancelled', amountWon: 11_000, cancelledWon: 11_000, partial: false });
    expect(verdictOf(cancelledReport, 11_000)).toEqual({ kind: 'cancelled', otherAmount: null });

    const closed = await checkout('creditcard');
    await server.fake.requestPayment(closed, 'closed');
    expect(verdictOf(await lookup(closed.paymentId), 11_000)).toEqual({ kind: 'pending' });

    const registeredOnly = await checkout('creditcard');
    expect(verdictOf(await lookup(registeredOnly.paymentId), 11_000)).toEqual({ kind: 'unknown' });
  });

  it('a window with another amount than the pre-registered one fails at PortOne', async () => {
    const request = await checkout('creditcard', 11_000);
    const response = await server.fake.requestPayment({ ...request, totalAmount: 110 });
    expect(response.code).toBe('FAILURE_TYPE_PG');
    expect(await lookup(request.paymentId)).toMatchObject({ status: 'failed' });
  });

  it('a payment of another amount is a mismatch, and is cancelled at PortOne in full', async () => {
    // A window nobody pre-registered (a tampered browser) pays 110 won for an 11,000-won product.
    const paymentId = newId();
    await server.fake.requestPayment({
      storeId: FAKE_PORTONE.storeId,
      paymentId,
      orderName: 'luv',
      totalAmount: 110,
      currency: 'KRW',
      payMethod: 'CARD',
    });
    const verdict = verdictOf(await lookup(paymentId), 11_000);
    expect(verdict).toMatchObject({ kind: 'amount_mismatch', amountWon: 110, deposit: false });
    if (verdict.kind !== 'amount_mismatch') return;
    expect(
      await gateway.cancel({ paymentId, amountWon: verdict.amountWon, reason: 'amount mismatch', requester: 'ADMIN' }),
    ).toEqual({
      ok: true,
      state: 'cancelled',
    });
    expect(server.fake.payments.get(paymentId)).toMatchObject({ status: 'CANCELLED', cancelled: 110 });
    expect(server.fake.webhooks.at(-1)).toMatchObject({ type: 'Transaction.Cancelled' });
  });

  it('a virtual account moves from issued to paid on the deposit; a deposit of another amount is a wrong deposit', async () => {
    const right = await checkout('virtualaccount');
    await server.fake.requestPayment(right);
    await server.fake.deposit(right.paymentId);
    expect(verdictOf(await lookup(right.paymentId), 11_000)).toEqual({ kind: 'paid', amountWon: 11_000 });
    const wrong = await checkout('virtualaccount');
    await server.fake.requestPayment(wrong);
    await server.fake.deposit(wrong.paymentId, 1_000);
    expect(verdictOf(await lookup(wrong.paymentId), 11_000)).toMatchObject({
      kind: 'amount_mismatch',
      amountWon: 1_000,
      deposit: true,
    });
  });

  it('cancels once, closes an unpaid virtual account, and says why it cannot cancel', async () => {
    const paid = await checkout('creditcard');
    await server.fake.requestPayment(paid);
    expect(await gateway.cancel({ paymentId: paid.paymentId, amountWon: 11_000, reason: 'refund' })).toEqual({
      ok: true,
      state: 'cancelled',
    });
    expect(await gateway.cancel({ paymentId: paid.paymentId, amountWon: 11_000, reason: 'refund' })).toEqual({
      ok: true,
      state: 'cancelled',
    });
    expect(server.fake.payments.get(paid.paymentId)!.cancellations).toHaveLength(1);

    const va = await checkout('virtualaccount');
    await server.fake.requestPayment(va);
    expect(await gateway.cancel({ paymentId: va.paymentId, amountWon: 11_000, reason: 'closed by the buyer' })).toEqual(
      { ok: true, state: 'closed' },
    );
    expect(await server.fake.deposit(va.paymentId)).toMatchObject({ status: 409 });
    // An account issued for another amount is closed without a cancellation amount (nothing was paid).
    const other = await checkout('virtualaccount');
    await server.fake.requestPayment(other);
    expect(await gateway.cancel({ paymentId: other.paymentId, amountWon: 0, reason: 'amount mismatch' })).toEqual({
      ok: true,
      state: 'closed',
    });

    const open = await checkout('creditcard');
    await server.fake.requestPayment(open, 'closed');
    expect(await gateway.cancel({ paymentId: open.paymentId, amountWon: 11_000, reason: 'x' })).toMatchObject({
      ok: false,
      code: 'not_paid',
    });
    expect(await gateway.cancel({ paymentId: 'no-such-payment', amountWon: 1, reason: 'x' })).toMatchObject({
      ok: false,
      code: 'not_found',
    });
  });

  it('charges a billing key once per payment id, and reports a declined or deleted card', async () => {
    const billingKey = await server.fake.issueBillingKey('7');
    expect(await gateway.billingKey(billingKey)).toEqual({
      ok: true,
      report: { status: 'issued', billingKey, customerId: '7' },
    });
    const charge = { paymentId: newId(), amountWon: 3_300, memberId: 7, billingKey, orderName: 'subscription' };
    expect(await gateway.chargeBillingKey(charge)).toEqual({ ok: true });
    expect(await gateway.chargeBillingKey(charge)).toEqual({ ok: true });
    expect(server.fake.payments.get(charge.paymentId)).toMatchObject({
      status: 'PAID',
      paid: 3_300,
      billingKey,
      customerId: '7',
    });
    expect(await lookup(charge.paymentId)).toMatchObject({ status: 'paid', billingKey });

    const declining = await server.fake.issueBillingKey('8', '한도 초과');
    expect(
      await gateway.chargeBillingKey({ paymentId: newId(), amountWon: 3_300, memberId: 8, billingKey: declining }),
    ).toEqual({
      ok: false,
      code: 'declined',
      note: '한도 초과',
    });
    expect(await gateway.chargeBillingKey({ paymentId: newId(), amountWon: 3_300, memberId: 8 })).toMatchObject({
      ok: false,
      code: 'billing_key_missing',
    });

    expect(await gateway.deleteBillingKey(billingKey)).toEqual({ ok: true });
    expect(await gateway.deleteBillingKey(billingKey)).toEqual({ ok: true });
    expect(await gateway.billingKey(billingKey)).toEqual({ ok: true, report: { status: 'deleted', billingKey } });
    expect(await gateway.chargeBillingKey({ ...charge, paymentId: newId() })).toMatchObject({
      ok: false,
      code: 'billing_key_invalid',
    });
    expect(gateway.billingKeyRequest(7)).toMatchObject({
      storeId: FAKE_PORTONE.storeId,
      channelKey: 'channel-key-main',
      billingKeyMethod: 'CARD',
      customer: { customerId: '7' },
    });
  });

  it('answers gateway_unavailable for a wrong secret or an unreachable PortOne, never throws', async () => {
    const wrongSecret = new PortOneGateway(portoneSettings({ PORTONE_API_SECRET: 'not-the-secret' }));
    expect(await wrongSecret.lookup('x')).toMatchObject({
      ok: false,
      code: 'gateway_unavailable',
      note: expect.stringContaining('UNAUTHORIZED'),
    });
    expect(await wrongSecret.checkout({ paymentId: newId(), amountWon: 1, method: 'CARD' })).toMatchObject({
      ok: false,
      code: 'gateway_unavailable',
    });
    const down = await startPortOneServer();
    const unreachable = new PortOneGateway({ ...settings, apiBase: down.url });
    await down.close();
    expect(await unreachable.lookup('x')).toMatchObject({ ok: false, code: 'gateway_unavailable' });
    expect(
      await unreachable.chargeBillingKey({ paymentId: newId(), amountWon: 1, memberId: 1, billingKey: 'b' }),
    ).toMatchObject({
      ok: false,
      code: 'gateway_unavailable',
    });
    expect(await unreachable.checkout({ paymentId: newId(), amountWon: 1, method: 'CARD' })).toMatchObject({
      ok: false,
      code: 'gateway_unavailable',
    });
  });
});
