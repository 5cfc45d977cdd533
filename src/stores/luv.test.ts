import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, refusal } from '../testing/fake-api.ts';

// Fresh stores for every test: module state is the page's state.
async function fresh() {
  vi.resetModules();
  return import('./luv.ts');
}

const SEND = 'POST /api/lives/send-luv';
const key = (c: { headers: Headers }) => c.headers.get('idempotency-key');

beforeEach(() => void vi.unstubAllGlobals());

describe('the gift dialog and the page balance', () => {
  it('openGift() from any island opens the dialog for that channel and reads the one page balance', async () => {
    fakeApi({ 'GET /api/my/luv/luv-sum': { body: { luv: 5000 } } });
    const luv = await fresh();
    luv.openGift({ channelId: 7, loginId: 'bj01' });
    expect(luv.$gift.get()).toMatchObject({ target: { channelId: 7, loginId: 'bj01' }, opened: 1 });
    await vi.waitFor(() => expect(luv.$luvBalance.get()).toBe(5000));
    luv.openGift({ channelId: 7, loginId: 'bj01' });
    expect(luv.$gift.get().opened).toBe(2);
  });

  it('asks twice at or above the threshold, then sends with confirmations and takes the new balance', async () => {
    const api = fakeApi({ 'GET /api/my/luv/luv-sum': { body: { luv: 50_000 } }, [SEND]: { body: { transferId: 1, luv: 40_000 } } });
    const luv = await fresh();
    luv.openGift({ channelId: 7, loginId: 'bj01' });
    luv.editGift({ amount: String(luv.GIFT_CONFIRM_THRESHOLD_LUV), message: ' 응원해요 ' });
    await luv.sendGift();
    await luv.sendGift();
    expect(luv.$gift.get().confirmations).toBe(2);
    expect(api.callsTo(SEND)).toHaveLength(0);
    await luv.sendGift();
    expect(api.callsTo(SEND)[0]!.body).toEqual({ channelId: 7, amount: 10_000, message: '응원해요', confirmations: 2 });
    expect(luv.$luvBalance.get()).toBe(40_000);
    expect(luv.$gift.get()).toMatchObject({ sent: 10_000, amount: '', message: '', confirmations: 0, busy: false, failure: null });
  });

  it('another amount asks for the confirmations again; a small gift needs none', async () => {
    fakeApi({ [SEND]: { body: { transferId: 1, luv: 1 } } });
    const luv = await fresh();
    luv.openGift({ channelId: 7, loginId: 'bj01' });
    luv.editGift({ amount: '20000' });
    await luv.sendGift();
    luv.editGift({ message: 'hi' });
    expect(luv.$gift.get().confirmations).toBe(1);
    luv.editGift({ amount: '30000' });
    expect(luv.$gift.get().confirmations).toBe(0);
    expect(luv.giftAmount('12')).toEqual({ n: 12, valid: true, needs: 0 });
    expect(luv.giftAmount('1.5').valid).toBe(false);
    expect(luv.giftAmount('0').valid).toBe(false);
  });

  it('keeps the Idempotency-Key across a network failure, and takes a new one after a refusal', async () => {
    const api = fakeApi({ [SEND]: 'network' });
    const luv = await fresh();
    luv.openGift({ channelId: 7, loginId: 'bj01' });
    luv.editGift({ amount: '100' });
    await luv.sendGift();
    expect(luv.$gift.get().failure).toEqual({ status: 0, code: '', message: '' });
    api.answer(SEND, refusal(409, 'insufficient_funds', '루브 잔액이 부족합니다.'));
    await luv.sendGift();
    expect(luv.$gift.get().failure).toEqual({ status: 409, code: 'insufficient_funds', message: '루브 잔액이 부족합니다.' });
    await luv.sendGift();
    const [first, retry, after] = api.callsTo(SEND).map(key);
    expect(retry).toBe(first);
    expect(after).not.toBe(first);
  });
});

describe('the shop', () => {
  const payment = (status: number) => ({
    paymentId: 'p1',
    status,
    productId: 1,
    method: 'kakaopay',
    luv: 100,
    amountWon: 1100,
    failureNote: null,
    createdAt: '',
  });

  it('buys the chosen product, follows the payment and reads the balance once it is paid', async () => {
    const api = fakeApi({
      'GET /api/shoppings/luv/products': {
        body: {
          products: [
            { productId: 1, luv: 100, priceWon: 1100 },
            { productId: 2, luv: 500, priceWon: 5500 },
          ],
        },
      },
      'POST /api/shoppings/luv/payments': { body: { paymentId: 'p1', status: 1, luv: 100, amountWon: 1100, gateway: 'development' } },
      'GET /api/shoppings/luv/payments/p1': { body: { payment: payment(1), purchase: null } },
      'POST /api/dev/payments/p1/approve': { body: { payment: payment(9) } },
      'GET /api/my/luv/luv-sum': { body: { luv: 100 } },
    });
    const luv = await fresh();
    await luv.loadProducts();
    expect(luv.$shop.get().productId).toBe(1);
    luv.chooseProduct(2);
    luv.chooseMethod('virtualaccount');
    await luv.buy();
    expect(api.callsTo('POST /api/shoppings/luv/payments')[0]!.body).toEqual({ productId: 2, method: 'virtualaccount' });
    expect(luv.$shop.get()).toMatchObject({ devGateway: true, busy: false, failure: null, payment: { status: 1 } });
    api.answer('GET /api/shoppings/luv/payments/p1', { body: { payment: payment(9), purchase: null } });
    await luv.paymentAction('approve');
    expect(luv.$shop.get().payment!.status).toBe(9);
    await vi.waitFor(() => expect(luv.$luvBalance.get()).toBe(100));
  });

  it('a refused purchase shows the reason and the next attempt is a new intent', async () => {
    const api = fakeApi({
      'GET /api/shoppings/luv/products': { body: { products: [{ productId: 1, luv: 100, priceWon: 1100 }] } },
      'POST /api/shoppings/luv/payments': refusal(409, 'payment_declined', '결제가 거절되었습니다.'),
    });
    const luv = await fresh();
    await luv.loadProducts();
    await luv.buy();
    await luv.buy();
    expect(luv.$shop.get().failure).toMatchObject({ code: 'payment_declined', message: '결제가 거절되었습니다.' });
    const keys = api.callsTo('POST /api/shoppings/luv/payments').map(key);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('a coupon adds its luv to the balance; a refusal is shown', async () => {
    const api = fakeApi({ 'POST /api/shoppings/useCoupon': { body: { luv: 300, balance: 1300 } } });
    const luv = await fresh();
    expect(await luv.redeemCoupon(' ABCD 1234 ')).toBe(true);
    expect(api.calls[0]!.body).toEqual({ couponNumber: 'ABCD1234' });
    expect(luv.$luvBalance.get()).toBe(1300);
    expect(luv.$shop.get().couponLuv).toBe(300);
    api.answer('POST /api/shoppings/useCoupon', refusal(409, 'coupon_used'));
    expect(await luv.redeemCoupon('ABCD1234')).toBe(false);
    expect(luv.$shop.get().failure?.code).toBe('coupon_used');
  });
});
