/**
 * The member's luv on this page: one `$luvBalance` every island reads (gift dialog, shop, my luv),
 * the gift dialog (opened from any island with openGift()), the shop's purchases and coupons.
 * Money calls carry the Idempotency-Key of their intent (luv-api.ts intentKey()).
 */
import { atom, map, type ReadableAtom } from 'nanostores';
import type { ApiFailure } from '../lib/api-client.ts';
import { trackPurchase } from '../lib/tracking.ts';
import { intentKey, luvApi, type Payment, type Product } from './luv-api.ts';

export type { Payment, Product };

/** Must match GIFT_CONFIRM_THRESHOLD_LUV of the API: at or above it the viewer confirms twice. */
export const GIFT_CONFIRM_THRESHOLD_LUV = 10_000;

const balance = atom<number | null>(null);
/** The member's luv balance; null until read (or when it could not be read). */
export const $luvBalance: ReadableAtom<number | null> = balance;

/** Reads the balance; on failure it is unknown (null) and the failure is answered. */
export async function loadBalance(): Promise<ApiFailure | null> {
  const r = await luvApi.balance();
  balance.set(r.ok ? r.value.luv : null);
  return r.ok ? null : r.failure;
}

export interface GiftTarget {
  channelId: number;
  loginId: string;
}

export interface GiftState {
  target: GiftTarget | null;
  /** Counts openGift() calls: the dialog shows itself on each. */
  opened: number;
  amount: string;
  message: string;
  /** Confirmations given so far for a gift at or above the threshold (two are needed). */
  confirmations: number;
  busy: boolean;
  /** The amount of the gift just sent. */
  sent: number | null;
  failure: ApiFailure | null;
}

const gift = map<GiftState>({ target: null, opened: 0, amount: '', message: '', confirmations: 0, busy: false, sent: null, failure: null });
export const $gift: ReadableAtom<GiftState> = gift;
const giftKey = intentKey();

/** The amount typed, as a number, whether it can be sent, and how many confirmations it needs. */
export function giftAmount(amount: string): { n: number; valid: boolean; needs: number } {
  const n = Number(amount);
  return { n, valid: /^\d+$/.test(amount) && n >= 1, needs: n >= GIFT_CONFIRM_THRESHOLD_LUV ? 2 : 0 };
}

/** Opens the gift dialog for a channel (the channel header's gift button); reads the balance. */
export function openGift(target: GiftTarget): void {
  giftKey.settle();
  gift.set({ target, opened: gift.get().opened + 1, amount: '', message: '', confirmations: 0, busy: false, sent: null, failure: null });
  void loadBalance();
}

/** What the viewer types; another amount asks for the confirmations again. */
export function editGift(patch: { amount?: string; message?: string }): void {
  const s = gift.get();
  gift.set({ ...s, ...patch, confirmations: patch.amount === undefined ? s.confirmations : 0 });
}

/**
 * Sends the gift, after two confirmations at or above the threshold (each call before that
 * counts one). A refusal settles the key; a network failure keeps it for the retry.
 */
export async function sendGift(): Promise<void> {
  const s = gift.get();
  const { n, valid, needs } = giftAmount(s.amount);
  if (!s.target || !valid || s.busy) return;
  if (s.confirmations < needs) return gift.setKey('confirmations', s.confirmations + 1);
  gift.set({ ...s, busy: true, failure: null });
  const body = { channelId: s.target.channelId, amount: n, message: s.message.trim(), ...(needs ? { confirmations: 2 } : {}) };
  const r = await luvApi.sendLuv(body, giftKey.for(body));
  if (r.ok || r.failure.status !== 0) giftKey.settle();
  if (!r.ok) return gift.set({ ...gift.get(), busy: false, failure: r.failure });
  balance.set(r.value.luv);
  gift.set({ ...gift.get(), busy: false, sent: n, amount: '', message: '', confirmations: 0 });
}

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
  balance.set(r.value.balance);
  shop.setKey('couponLuv', r.value.luv);
  return true;
}
