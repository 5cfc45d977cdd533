/**
 * The luv shop (SPEC §4): products, the purchase as it moves through its statuses, and coupons.
 * The balance they change is `$luvBalance` (luv.ts). Money calls carry the Idempotency-Key of their intent.
 */
import { map, type ReadableAtom } from 'nanostores';
import type { ApiFailure } from '../lib/api-client.ts';
import { trackPurchase } from '../lib/tracking.ts';
import { intentKey, loadBalance, setBalance } from './luv.ts';
import { luvApi, type Payment, type Product } from './luv-api.ts';

export type { Payment, Product };

export type PaymentAction = 'approve' | 'deposit' | 'cancel' | 'fail' | 'refresh';

export interface ShopState {
  products: Product[];
  productId: number | null;
  method: string;
  /** The payment started last, as it moves (SPEC §4 statuses). */
  payment: Payment | null;
  /** The development gateway: the page offers its outcomes (approve, deposit, fail, cancel). */
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
  payment: null,
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
  shop.set({ ...shop.get(), products: r.value.products, productId: r.value.products[0]?.productId ?? null });
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
  shop.set({ ...shop.get(), busy: true, failure: null });
  const failure = await run();
  shop.set({ ...shop.get(), busy: false, failure });
}

/** Starts a payment for the chosen product and method, then shows where it stands. */
export function buy(): Promise<void> {
  const { productId, method } = shop.get();
  if (productId === null) return Promise.resolve();
  return busyWith(async () => {
    const r = await luvApi.startPayment(productId, method, buyKey.for({ productId, method }));
    if (r.ok || r.failure.status !== 0) buyKey.settle();
    if (!r.ok) return r.failure;
    shop.setKey('devGateway', r.value.gateway === 'development');
    const p = await luvApi.payment(r.value.paymentId);
    if (!p.ok) return p.failure;
    showPayment(p.value.payment);
    return null;
  });
}

/** Reads the payment again, or (development gateway) decides its outcome first. */
export function paymentAction(action: PaymentAction): Promise<void> {
  const payment = shop.get().payment;
  if (!payment) return Promise.resolve();
  return busyWith(async () => {
    if (action !== 'refresh') {
      const r = await luvApi.devOutcome(payment.paymentId, action);
      if (!r.ok) return r.failure;
    }
    const p = await luvApi.payment(payment.paymentId);
    if (!p.ok) return p.failure;
    showPayment(p.value.payment);
    return null;
  });
}

/** Uses a coupon; true once its luv is in the balance. */
export async function redeemCoupon(couponNumber: string): Promise<boolean> {
  const number = couponNumber.replace(/\s+/g, '');
  shop.setKey('failure', null);
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
