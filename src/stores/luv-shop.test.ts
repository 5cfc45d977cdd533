import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, refusal } from '../testing/fake-api.ts';

// Fresh stores for every test: module state is the page's state.
async function fresh() {
  vi.resetModules();
  return { ...(await import('./luv-shop.ts')), $luvBalance: (await import('./luv.ts')).$luvBalance };
}

const key = (c: { headers: Headers }) => c.headers.get('idempotency-key');

beforeEach(() => void vi.unstubAllGlobals());

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
