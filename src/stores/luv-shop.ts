/**
 * The luv shop (SPEC §4, docs/LEDGER.md "PortOne V2 flow"): products, the purchase as it moves
 * through its statuses, and coupons. A purchase is: the API registers it and answers PortOne's
 * request; PortOne's window (the simulator's in development) takes the payment; the page then asks
 * the API to complete it, and the API asks PortOne. With a redirection window the page leaves and
 * comes back with `?paymentId=`: `resumeAfterWindow()` completes it then. The balance they change is
 * `$luvBalance` (luv.ts). Money calls carry the Idempotency-Key of their intent.
 */
import { map, type ReadableAtom } from 'nanostores';
import type { ApiFailure } from '../lib/api-client.ts';
import { openPaymentWindow, redirectResult, type WindowResult } from '../lib/portone-window.ts';
import { trackPurchase } from '../lib/tracking.ts';
import { intentKey, loadBalance, setBalance } from './luv.ts';
import { luvApi, type Payment, type Product } from './luv-api.ts';

export type { Payment, Product };

export interface ShopState {
  products: Product[];
  productId: number | null;
  method: string;
  /** False when this deployment takes no payments (no gateway configured); null until known. */
  paymentsAvailable: boolean | null;
  /** The payment started last, as it moves (SPEC §4 statuses). */
  payment: Payment | null;
  /** What PortOne's window said when the buyer did not pay (the payment company's words). */
  windowMessage: string | null;
  /** True when the window came back without a payment (closed, refused) and nothing was charged. */
  notCompleted: boolean;
  /** The development gateway: the page links its simulator for a virtual account's deposit. */
  devGateway: boolean;
  busy: boolean;
  failure: ApiFailure | null;
  /** The luv the last coupon gave. */
  couponLuv: number | null;
}

const shop = map<ShopState>({
  products: [],
  productId: null,
  method: 'kakaopay',
  paymentsAvailable: null,
  payment: null,
  windowMessage: null,
  notCompleted: false,
  devGateway: false,
  busy: false,
  failure: null,
  couponLuv: null,
});
export const $shop: ReadableAtom<ShopState> = shop;
const buyKey = intentKey();
const couponKey = intentKey();
const tracked = new Set<string>();

export async function loadProducts(): Promise<void> {
  const r = await luvApi.products();
  if (!r.ok) return shop.setKey('failure', r.failure);
  const { products, payments } = r.value;
  shop.set({
    ...shop.get(),
    products,
    productId: shop.get().productId ?? products[0]?.productId ?? null,
    paymentsAvailable: payments?.available ?? true,
    devGateway: payments?.gateway === 'development',
  });
}

export function chooseProduct(productId: number): void {
  shop.setKey('productId', productId);
}

export function chooseMethod(method: string): void {
  shop.setKey('method', method);
}

function showPayment(p: Payment): void {
  shop.setKey('payment', p);
  if (p.status === 9 && !tracked.has(p.paymentId)) {
    tracked.add(p.paymentId);
    trackPurchase({ transactionId: p.paymentId, value: p.amountWon });
    void loadBalance();
  }
}

async function busyWith(run: () => Promise<ApiFailure | null>): Promise<void> {
  shop.set({ ...shop.get(), busy: true, failure: null, windowMessage: null, notCompleted: false });
  const failure = await run();
  shop.set({ ...shop.get(), busy: false, failure });
}

/** After PortOne's window: the API asks PortOne and answers the payment as it now stands. */
async function complete(paymentId: string, window: Pick<WindowResult, 'code' | 'message'>): Promise<ApiFailure | null> {
  const r = await luvApi.complete(paymentId);
  if (!r.ok) return r.failure;
  showPayment(r.value.payment);
  if (window.code)
    shop.set({ ...shop.get(), windowMessage: window.message || null, notCompleted: r.value.payment.status === 1 });
  return null;
}

/** Starts a payment for the chosen product and method, opens PortOne's window, then completes it. */
export function buy(): Promise<void> {
  const { productId, method } = shop.get();
  if (productId === null) return Promise.resolve();
  return busyWith(async () => {
    const r = await luvApi.startPayment(productId, method, buyKey.for({ productId, method }));
    if (r.ok || r.failure.status !== 0) buyKey.settle();
    if (!r.ok) return r.failure;
    shop.setKey('devGateway', r.value.gateway === 'development');
    const detail = await luvApi.payment(r.value.paymentId);
    if (detail.ok) showPayment(detail.value.payment);
    let window: WindowResult;
    try {
      window = await openPaymentWindow(r.value.checkout, r.value.browserSdkUrl);
    } catch (error) {
      // The window never opened (its script did not load): nothing was paid.
      window = {
        paymentId: r.value.paymentId,
        code: 'WINDOW_NOT_OPENED',
        message: error instanceof Error ? error.message : null,
      };
    }
    return complete(r.value.paymentId, window);
  });
}

/**
 * Completes the payment PortOne's redirection window came back with (`search` is the page's query);
 * false when the address carries none.
 */
export function resumeAfterWindow(search: string): boolean {
  const back = redirectResult(search);
  if (!back?.paymentId) return false;
  void busyWith(() => complete(back.paymentId!, back));
  return true;
}

/** Reads the payment again (a virtual account's deposit arrives later). */
export function refreshPayment(): Promise<void> {
  const payment = shop.get().payment;
  if (!payment) return Promise.resolve();
  return busyWith(() => complete(payment.paymentId, { code: null, message: null }));
}

/** Cancels the payment shown: closes an open one (a virtual account too), refunds an approved one. */
export function cancelPayment(): Promise<void> {
  const payment = shop.get().payment;
  if (!payment) return Promise.resolve();
  return busyWith(async () => {
    const r = await luvApi.cancelPayment(payment.paymentId);
    void loadBalance();
    if (!r.ok) {
      // A refund the payment company has not answered keeps its luv on hold: show the payment as it now stands.
      const now = await luvApi.payment(payment.paymentId);
      if (now.ok) showPayment(now.value.payment);
      return r.failure;
    }
    showPayment(r.value.payment);
    return null;
  });
}

/** Uses a coupon; true once its luv is in the balance. */
export async function redeemCoupon(couponNumber: string): Promise<boolean> {
  const number = couponNumber.replace(/\s+/g, '');
  shop.setKey('failure', null);
  // biome-ignore lint/correctness/useHookAtTopLevel: useCoupon is the API's call (POST …/use-coupon), not a React hook
  const r = await luvApi.useCoupon(number, couponKey.for(number));
  if (r.ok || r.failure.status !== 0) couponKey.settle();
  if (!r.ok) {
    shop.setKey('failure', r.failure);
    return false;
  }
  setBalance(r.value.balance);
  shop.setKey('couponLuv', r.value.luv);
  return true;
}
