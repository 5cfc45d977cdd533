import { describe, expect, it } from 'vitest';
import { DevelopmentGateway } from './development.ts';
import { verdictOf } from './verdict.ts';

async function verdict(dev: DevelopmentGateway, paymentId: string, expectedWon: number) {
  const looked = await dev.lookup(paymentId);
  if (!looked.ok) throw new Error(looked.note);
  return verdictOf(looked.report, expectedWon);
}

describe('the development gateway speaks the PortOne V2 flow', () => {
  it('checkout, the simulator page as the browser step, then lookup as PortOne would answer', async () => {
    const dev = new DevelopmentGateway();
    const started = await dev.checkout({
      paymentId: 'D1',
      amountWon: 11_000,
      method: 'kakaopay',
      orderName: 'luv 100',
    });
    expect(started).toMatchObject({
      ok: true,
      status: 1,
      checkout: { paymentId: 'D1', payMethod: 'EASY_PAY', totalAmount: 11_000, storeId: 'store-development' },
    });
    expect(dev.browserSdkUrl).toBe('/api/dev/portone/browser-sdk.js');
    expect(await verdict(dev, 'D1', 11_000)).toEqual({ kind: 'pending' });
    expect(dev.simulate('D1', { kind: 'pay' })).toMatchObject({
      ok: true,
      report: { status: 'paid', amountWon: 11_000, paidWon: 11_000 },
    });
    expect(dev.simulate('D1', { kind: 'pay' })).toEqual({ ok: false, reason: 'not_open' });
    expect(await dev.cancel({ paymentId: 'D1', amountWon: 11_000, reason: 'refund' })).toEqual({
      ok: true,
      state: 'cancelled',
    });
    expect(await dev.lookup('D1')).toMatchObject({ ok: true, report: { status: 'cancelled' } });
    expect(await dev.lookup('nope')).toEqual({ ok: true, report: { status: 'not_found' } });
  });

  it('virtual accounts: issued in the window (not at checkout), then a deposit of the right or wrong amount', async () => {
    const dev = new DevelopmentGateway();
    expect(await dev.checkout({ paymentId: 'V1', amountWon: 33_000, method: 'virtualaccount' })).toMatchObject({
      status: 1,
    });
    expect(await verdict(dev, 'V1', 33_000)).toEqual({ kind: 'pending' });
    expect(dev.simulate('V1', { kind: 'deposit' })).toEqual({ ok: false, reason: 'not_open' });
    dev.simulate('V1', { kind: 'issue' });
    expect(await verdict(dev, 'V1', 33_000)).toMatchObject({
      kind: 'issued',
      account: { bank: 'SHINHAN', expiresAt: expect.any(String) },
    });
    dev.simulate('V1', { kind: 'deposit', amountWon: 1_000 });
    expect(await verdict(dev, 'V1', 33_000)).toMatchObject({
      kind: 'amount_mismatch',
      deposit: true,
      amountWon: 1_000,
    });
    await dev.checkout({ paymentId: 'V2', amountWon: 33_000, method: 'virtualaccount' });
    dev.simulate('V2', { kind: 'issue' });
    expect(await dev.cancel({ paymentId: 'V2', amountWon: 33_000, reason: 'closed' })).toEqual({
      ok: true,
      state: 'closed',
    });
  });

  it('billing keys: issued by the simulator, charged, declined for failChargesFor, refused once deleted', async () => {
    const dev = new DevelopmentGateway();
    const key = dev.issueBillingKey(5);
    expect(await dev.billingKey(key)).toEqual({
      ok: true,
      report: { status: 'issued', billingKey: key, customerId: '5' },
    });
    expect(await dev.chargeBillingKey({ paymentId: 'S1', amountWon: 3_300, memberId: 5, billingKey: key })).toEqual({
      ok: true,
    });
    dev.failChargesFor.add(5);
    expect(
      await dev.chargeBillingKey({ paymentId: 'S2', amountWon: 3_300, memberId: 5, billingKey: key }),
    ).toMatchObject({ ok: false, code: 'declined' });
    await dev.deleteBillingKey(key);
    expect(
      await dev.chargeBillingKey({ paymentId: 'S3', amountWon: 3_300, memberId: 5, billingKey: key }),
    ).toMatchObject({
      ok: false,
      code: 'billing_key_invalid',
    });
    expect(await dev.chargeBillingKey({ paymentId: 'S4', amountWon: 3_300, memberId: 5 })).toMatchObject({
      ok: false,
      code: 'billing_key_missing',
    });
    expect(dev.billingKeyRequest(5)).toMatchObject({
      billingKeyMethod: 'CARD',
      customer: { customerId: '5' },
      issueId: expect.stringMatching(/^BK-5-/),
    });
  });

  it('a refund is a cancellation of what was paid: nothing paid is refused, not pretended', async () => {
    const dev = new DevelopmentGateway();
    await dev.checkout({ paymentId: 'R1', amountWon: 11_000, method: 'creditcard' });
    expect(await dev.cancel({ paymentId: 'R1', amountWon: 11_000, reason: 'refund' })).toMatchObject({
      ok: false,
      code: 'not_paid',
    });
    expect(await dev.cancel({ paymentId: 'nope', amountWon: 11_000, reason: 'refund' })).toMatchObject({
      ok: false,
      code: 'not_found',
    });
    dev.unavailable = true;
    expect(await dev.lookup('R1')).toMatchObject({ ok: false, code: 'gateway_unavailable' });
  });
});
