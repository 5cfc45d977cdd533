import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, refusal } from '../testing/fake-api.ts';

// PortOne's window: what the buyer does there is the test's to say.
const window = vi.hoisted(() => ({
  result: { paymentId: 'p1', code: null as string | null, message: null as string | null },
  opened: [] as unknown[],
}));
vi.mock('../lib/portone-window.ts', async (actual) => ({
  ...(await actual<typeof import('../lib/portone-window.ts')>()),
  openPaymentWindow: async (checkout: unknown, sdkUrl: string | null) => {
    window.opened.push({ checkout, sdkUrl });
    return window.result;
  },
}));

// Fresh stores for every test: module state is the page's state.
async function fresh() {
  vi.resetModules();
  return { ...(await import('./luv-shop.ts')), $luvBalance: (await import('./luv.ts')).$luvBalance };
}

const key = (c: { headers: Headers }) => c.headers.get('idempotency-key');

beforeEach(() => {
  vi.unstubAllGlobals();
  window.opened.length = 0;
  window.result = { paymentId: 'p1', code: null, message: null };
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

  const products = {
    body: {
      products: [
        { productId: 1, luv: 100, priceWon: 1100 },
        { productId: 2, luv: 500, priceWon: 5500 },
      ],
      payments: { available: true, gateway: 'portone' },
    },
  };
  const checkout = {
    storeId: 's',
    channelKey: 'c',
    paymentId: 'p1',
    orderName: '100 luv',
    totalAmount: 1100,
    currency: 'KRW',
    payMethod: 'CARD',
  };
  const started = {
    body: { paymentId: 'p1', status: 1, luv: 100, amountWon: 1100, gateway: 'portone', checkout, browserSdkUrl: null },
  };

  /** The API of a purchase PortOne approves: 100 luv in the balance afterwards. */
  const approved = {
    'GET /api/shoppings/luv/products': products,
    'POST /api/shoppings/luv/payments': started,
    'GET /api/shoppings/luv/payments/p1': { body: { payment: payment(1), purchase: null } },
    'POST /api/shoppings/luv/payments/p1/complete': {
      body: { payment: payment(9), purchase: { transactionId: 'p1', value: 1100 } },
    },
    'GET /api/my/luv/luv-sum': { body: { luv: 100 } },
  };

  it(
    'buys the chosen product: PortOne’s window with the API’s request, then the API completes it and the balance ' +
      'is read',
    async () => {
      const api = fakeApi(approved);
      const luv = await fresh();
      await luv.loadProducts();
      expect(luv.$shop.get()).toMatchObject({ productId: 1, paymentsAvailable: true, devGateway: false });
      luv.chooseProduct(2);
      luv.chooseMethod('creditcard');
      await luv.buy();
      expect(api.callsTo('POST /api/shoppings/luv/payments')[0]!.body).toEqual({ productId: 2, method: 'creditcard' });
      expect(window.opened).toEqual([{ checkout, sdkUrl: null }]);
      expect(api.callsTo('POST /api/shoppings/luv/payments/p1/complete')).toHaveLength(1);
      expect(luv.$shop.get()).toMatchObject({
        busy: false,
        failure: null,
        notCompleted: false,
        payment: { status: 9 },
      });
      await vi.waitFor(() => expect(luv.$luvBalance.get()).toBe(100));
    },
  );

  it(
    'a refund the payment company did not answer: its refusal shown (not the maintenance page), the payment with ' +
      'its refund pending, the held balance',
    async () => {
      const api = fakeApi({
        ...approved,
        'POST /api/shoppings/flax/payments-cancel': refusal(502, 'gateway_unavailable'),
      });
      const luv = await fresh();
      await luv.loadProducts();
      await luv.buy();
      await vi.waitFor(() => expect(luv.$luvBalance.get()).toBe(100));
      // The API keeps the luv held: the payment company may have refunded before the line dropped.
      api.answer('GET /api/shoppings/luv/payments/p1', {
        body: { payment: { ...payment(9), refundPending: true }, purchase: null },
      });
      api.answer('GET /api/my/luv/luv-sum', { body: { luv: 0 } });
      await luv.cancelPayment();
      expect(api.callsTo('POST /api/shoppings/flax/payments-cancel')[0]!.body).toEqual({ paymentId: 'p1' });
      expect(luv.$shop.get()).toMatchObject({
        busy: false,
        failure: { status: 502, code: 'gateway_unavailable' },
        payment: { status: 9, refundPending: true },
      });
      await vi.waitFor(() => expect(luv.$luvBalance.get()).toBe(0));
    },
  );

  it('a window closed without paying says nothing was charged, with the payment company’s words', async () => {
    fakeApi({
      'GET /api/shoppings/luv/products': products,
      'POST /api/shoppings/luv/payments': started,
      'GET /api/shoppings/luv/payments/p1': { body: { payment: payment(1), purchase: null } },
      'POST /api/shoppings/luv/payments/p1/complete': { body: { payment: payment(1), purchase: null } },
    });
    window.result = { paymentId: 'p1', code: 'FAILURE_TYPE_PG', message: '사용자가 결제를 취소하였습니다' };
    const luv = await fresh();
    await luv.loadProducts();
    await luv.buy();
    expect(luv.$shop.get()).toMatchObject({
      notCompleted: true,
      windowMessage: '사용자가 결제를 취소하였습니다',
      payment: { status: 1 },
    });
  });

  it('back from a redirection window: completes the payment named on the address and shows why it failed', async () => {
    const api = fakeApi({
      'POST /api/shoppings/luv/payments/p7/complete': {
        body: {
          payment: { ...payment(8), paymentId: 'p7', failureCode: 'pg_failed', failureNote: '한도 초과' },
          purchase: null,
        },
      },
    });
    const luv = await fresh();
    expect(luv.resumeAfterWindow('?locale=ko')).toBe(false);
    expect(luv.resumeAfterWindow('?paymentId=p7&code=FAILURE_TYPE_PG&message=%ED%95%9C%EB%8F%84')).toBe(true);
    await vi.waitFor(() =>
      expect(luv.$shop.get().payment).toMatchObject({ paymentId: 'p7', status: 8, failureCode: 'pg_failed' }),
    );
    expect(api.callsTo('POST /api/shoppings/luv/payments/p7/complete')).toHaveLength(1);
    expect(luv.$shop.get().notCompleted).toBe(false);
  });

  it('a deployment without a payment gateway: the shop knows payments are not available', async () => {
    fakeApi({
      'GET /api/shoppings/luv/products': { body: { ...products.body, payments: { available: false, gateway: null } } },
    });
    const luv = await fresh();
    await luv.loadProducts();
    expect(luv.$shop.get().paymentsAvailable).toBe(false);
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
