/**
 * Calls of the luv pages (docs/LEDGER.md), private to the luv stores (src/stores/luv-*.ts; the
 * balance and the gift, on every channel page, call the API from luv.ts itself). Money calls carry
 * the Idempotency-Key of their intent (luv.ts intentKey()). Every call answers a value, never throws.
 */
import { LIST_LIMIT_ITEMS } from '../../domain/limits.ts';
import { AppType } from '../../domain/enums.ts';
import { apiResult } from '../lib/api-client.ts';
import type { CatalogueItem } from './items.ts';
import { isEmbedded } from '../lib/device.ts';

/** `?app=embedded` for a withdrawal made inside the app's embedded mode: the API pays it to the fixed account (SPEC §9). */
export function embeddedQuery(): { app: string } | undefined {
  return isEmbedded() ? { app: AppType.embedded } : undefined;
}

export interface Product {
  productId: number;
  luv: number;
  priceWon: number;
}
export interface Payment {
  paymentId: string;
  status: number;
  productId: number | null;
  method: string;
  luv: number;
  amountWon: number;
  /** Why it ended without credit: pg_failed, amount_mismatch, wrong_deposit, expired, closed, refunded. */
  failureCode?: string | null;
  failureNote: string | null;
  /** While the payment is 2: the account to pay into. */
  virtualAccount?: VirtualAccount | null;
  createdAt: string;
  purpose?: string;
  /** Approved, and its refund waits for the payment company: the luv is held meanwhile. */
  refundPending?: boolean;
}
export interface VirtualAccount {
  bank: string | null;
  accountNumber: string;
  holder: string | null;
  expiresAt: string | null;
}
export interface Started {
  paymentId: string;
  status: number;
  luv: number;
  amountWon: number;
  gateway: string;
  /** The argument of PortOne's requestPayment(). */
  checkout: object;
  /** Development: the simulator's stand-in for PortOne's browser SDK script. */
  browserSdkUrl: string | null;
}
export interface GiftLine {
  transferId: number;
  channelId: number | null;
  loginId: string;
  nickname: string;
  amount: number;
  itemCode: number | null;
  message: string | null;
  createdAt: string;
}
/** A held item on My items: the catalogue's fields with the count held. */
export interface ItemHolding extends Omit<CatalogueItem, 'usable'> {
  count: number;
}
export interface Withdrawal {
  withdrawId: number;
  kind: string;
  amount: number;
  status: string;
  grossWon: number;
  feeWon: number;
  taxWon: number;
  netWon: number;
  bankAccount: string;
  createdAt: string;
}
export interface Payout {
  luv: number;
  rateWonPerLuv: number;
  grossWon: number;
  feeWon: number;
  taxWon: number;
  netWon: number;
  minimumLuv: number;
}
export interface Caps {
  dailyLuv: number | null;
  monthlyLuv: number | null;
  pending: { dailyLuv: number | null; monthlyLuv: number | null; from: string } | null;
}
export interface Page<T> {
  list: T[];
  offset: number;
  limit: number;
}

/** A coupon the member redeemed and the luv it credited. */
export interface RedeemedCoupon {
  code: string;
  luv: number;
  usedAt: string;
}

const money = (key: string) => ({ 'Idempotency-Key': key });
const page = (offset: number, limit: number) => ({ offset, limit });

export const luvApi = {
  received: () => apiResult<{ luv: number; pending: number }>('/api/my/luv/received'),
  receivedSum: (days: number) =>
    apiResult<{ total: number; today: number; month: number; daily: { day: string; luv: number }[] }>('/api/my/luv/receivedluv-sum', { query: { days } }),
  receivedList: (offset = 0, limit = LIST_LIMIT_ITEMS) => apiResult<Page<GiftLine>>('/api/my/luv/receivedluv-list', { query: page(offset, limit) }),
  coupons: (offset = 0, limit = LIST_LIMIT_ITEMS) => apiResult<Page<RedeemedCoupon>>('/api/my/luv/coupons', { query: page(offset, limit) }),
  sentList: (offset = 0, limit = LIST_LIMIT_ITEMS) => apiResult<Page<GiftLine>>('/api/my/luv/sentluv-list', { query: page(offset, limit) }),
  receivedItems: (offset = 0, limit = LIST_LIMIT_ITEMS) => apiResult<Page<GiftLine>>('/api/my/luv/receiveditem-list', { query: page(offset, limit) }),
  sentItems: (offset = 0, limit = LIST_LIMIT_ITEMS) => apiResult<Page<GiftLine>>('/api/my/luv/sentitem-list', { query: page(offset, limit) }),
  products: () => apiResult<{ products: Product[]; payments?: { available: boolean; gateway: string | null } }>('/api/shoppings/luv/products'),
  startPayment: (productId: number, method: string, key: string) =>
    apiResult<Started>('/api/shoppings/luv/payments', { method: 'POST', body: { productId, method }, headers: money(key), silent: true }),
  complete: (paymentId: string) =>
    apiResult<{ payment: Payment; purchase: { transactionId: string; value: number } | null }>(
      `/api/shoppings/luv/payments/${encodeURIComponent(paymentId)}/complete`,
      { method: 'POST', silent: true },
    ),
  payment: (paymentId: string) =>
    apiResult<{ payment: Payment; purchase: { transactionId: string; value: number } | null }>(`/api/shoppings/luv/payments/${encodeURIComponent(paymentId)}`),
  payments: (offset = 0, limit = LIST_LIMIT_ITEMS) => apiResult<Page<Payment>>('/api/shoppings/flax/payments', { query: page(offset, limit) }),
  cancelPayment: (paymentId: string) =>
    apiResult<{ payment: Payment }>('/api/shoppings/flax/payments-cancel', { method: 'POST', body: { paymentId }, silent: true }),
  useCoupon: (couponNumber: string, key: string) =>
    apiResult<{ luv: number; balance: number }>('/api/shoppings/useCoupon', { method: 'POST', body: { couponNumber }, headers: money(key), silent: true }),
  items: (offset = 0, limit = LIST_LIMIT_ITEMS) => apiResult<Page<ItemHolding>>('/api/my/items', { query: page(offset, limit) }),
  itemsSum: () => apiResult<{ received: number; sent: number }>('/api/my/luv/items-sum'),
  usedItems: (offset = 0, limit = LIST_LIMIT_ITEMS) => apiResult<Page<GiftLine>>('/api/my/item/all-item/used', { method: 'POST', query: page(offset, limit) }),
  caps: () => apiResult<Caps>('/api/my/luv/spending-caps'),
  setCaps: (caps: { dailyLuv: number | null; monthlyLuv: number | null }) =>
    apiResult<Caps>('/api/my/luv/spending-caps', { method: 'PUT', body: caps, silent: true }),
  payoutPreview: (amount: number) => apiResult<Payout>('/api/my/luv/payout-preview', { query: { amount } }),
  withdraw: (amount: number, key: string) =>
    apiResult<{ withdrawal: Withdrawal }>('/api/my/luv/withdraw', {
      method: 'POST',
      query: embeddedQuery(),
      body: { amount },
      headers: money(key),
      silent: true,
    }),
  withdrawals: (offset = 0, limit = LIST_LIMIT_ITEMS) => apiResult<Page<Withdrawal>>('/api/my/luv/withdraw-list', { query: page(offset, limit) }),
  cancelWithdrawal: (withdrawId: number, key: string) =>
    apiResult<{ withdrawal: Withdrawal }>('/api/my/luv/withdraw-cancel', { method: 'POST', body: { withdrawId }, headers: money(key), silent: true }),
  exchangeRate: () => apiResult<{ rateWonPerLuv: number }>('/api/my/luv/exchange/rate'),
  exchangeTotal: () => apiResult<{ luv: number }>('/api/my/luv/exchange/amount/total'),
  exchangeNow: () => apiResult<{ luv: number }>('/api/my/luv/exchange/amount/now'),
  exchangeStatus: () => apiResult<{ list: Withdrawal[] }>('/api/my/luv/exchange/status'),
  exchangeApply: (amount: number, key: string) =>
    apiResult<{ withdrawal: Withdrawal; received: number }>('/api/my/luv/exchange/apply', {
      method: 'POST',
      query: embeddedQuery(),
      body: { amount },
      headers: money(key),
      silent: true,
    }),
  banks: () => apiResult<{ list: { bankCode: string; name: string; nameEn: string }[] }>('/api/my/banks'),
  accountChange: (body: { phone: string; bankCode: string; bankHolderName: string; bankAccount: string }) =>
    apiResult<{ ok: true; bankAccount: string }>('/api/cs/accountChange', { method: 'POST', body, silent: true }),
};
