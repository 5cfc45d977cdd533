/**
 * Calls of the luv pages (docs/LEDGER.md), private to the luv stores (src/stores/luv-*.ts; the
 * balance and the gift, on every channel page, call the API from luv.ts itself). Money calls carry
 * the Idempotency-Key of their intent (luv.ts intentKey()). Every call answers a value, never throws.
 */
import { LIST_LIMIT_ITEMS } from '../../domain/limits.ts';
import { AppType } from '../../domain/enums.ts';
import type { ExchangeAmount, ExchangeRate, ExchangeStatus } from '../../domain/answers/exchange.ts';
import type { ListPage } from '../../domain/answers/fields.ts';
import type { HeldItem } from '../../domain/answers/items.ts';
import type {
  CouponUsed,
  Payment,
  PaymentCancelled,
  PaymentRead,
  PaymentStarted,
  Products,
} from '../../domain/answers/shop.ts';
import type {
  GiftLine,
  ItemsSum,
  ReceivedLuv,
  ReceivedLuvSum,
  RedeemedCoupon,
  SpendingCaps,
} from '../../domain/answers/wallet.ts';
import type {
  Payout,
  PayoutAccountChanged,
  PayoutBanks,
  Withdrawal,
  WithdrawalCancelled,
  WithdrawalMade,
} from '../../domain/answers/withdrawals.ts';
import { apiResult } from '../lib/api-client.ts';
import { isEmbedded } from '../lib/device.ts';

export type { Payment, Product } from '../../domain/answers/shop.ts';
export type { GiftLine, RedeemedCoupon, SpendingCaps } from '../../domain/answers/wallet.ts';
export type { Payout, Withdrawal } from '../../domain/answers/withdrawals.ts';

/**
 * `?app=embedded` for a withdrawal made inside the app's embedded mode: the API pays it to the fixed account (SPEC §9).
 */
export function embeddedQuery(): { app: string } | undefined {
  return isEmbedded() ? { app: AppType.embedded } : undefined;
}

const money = (key: string) => ({ 'Idempotency-Key': key });
const page = (offset: number, limit: number) => ({ offset, limit });

export const luvApi = {
  received: () => apiResult<ReceivedLuv>('/api/my/luv/received'),
  receivedSum: (days: number) => apiResult<ReceivedLuvSum>('/api/my/luv/receivedluv-sum', { query: { days } }),
  receivedList: (offset = 0, limit = LIST_LIMIT_ITEMS) =>
    apiResult<ListPage<GiftLine>>('/api/my/luv/receivedluv-list', { query: page(offset, limit) }),
  coupons: (offset = 0, limit = LIST_LIMIT_ITEMS) =>
    apiResult<ListPage<RedeemedCoupon>>('/api/my/luv/coupons', { query: page(offset, limit) }),
  sentList: (offset = 0, limit = LIST_LIMIT_ITEMS) =>
    apiResult<ListPage<GiftLine>>('/api/my/luv/sentluv-list', { query: page(offset, limit) }),
  receivedItems: (offset = 0, limit = LIST_LIMIT_ITEMS) =>
    apiResult<ListPage<GiftLine>>('/api/my/luv/receiveditem-list', { query: page(offset, limit) }),
  sentItems: (offset = 0, limit = LIST_LIMIT_ITEMS) =>
    apiResult<ListPage<GiftLine>>('/api/my/luv/sentitem-list', { query: page(offset, limit) }),
  products: () => apiResult<Products>('/api/shoppings/luv/products'),
  startPayment: (productId: number, method: string, key: string) =>
    apiResult<PaymentStarted>('/api/shoppings/luv/payments', {
      method: 'POST',
      body: { productId, method },
      headers: money(key),
      silent: true,
    }),
  complete: (paymentId: string) =>
    apiResult<PaymentRead>(`/api/shoppings/luv/payments/${encodeURIComponent(paymentId)}/complete`, {
      method: 'POST',
      silent: true,
    }),
  payment: (paymentId: string) =>
    apiResult<PaymentRead>(`/api/shoppings/luv/payments/${encodeURIComponent(paymentId)}`),
  payments: (offset = 0, limit = LIST_LIMIT_ITEMS) =>
    apiResult<ListPage<Payment>>('/api/shoppings/flax/payments', { query: page(offset, limit) }),
  cancelPayment: (paymentId: string) =>
    apiResult<PaymentCancelled>('/api/shoppings/flax/payments-cancel', {
      method: 'POST',
      body: { paymentId },
      silent: true,
    }),
  useCoupon: (couponNumber: string, key: string) =>
    apiResult<CouponUsed>('/api/shoppings/useCoupon', {
      method: 'POST',
      body: { couponNumber },
      headers: money(key),
      silent: true,
    }),
  items: (offset = 0, limit = LIST_LIMIT_ITEMS) =>
    apiResult<ListPage<HeldItem>>('/api/my/items', { query: page(offset, limit) }),
  itemsSum: () => apiResult<ItemsSum>('/api/my/luv/items-sum'),
  usedItems: (offset = 0, limit = LIST_LIMIT_ITEMS) =>
    apiResult<ListPage<GiftLine>>('/api/my/item/all-item/used', { method: 'POST', query: page(offset, limit) }),
  caps: () => apiResult<SpendingCaps>('/api/my/luv/spending-caps'),
  setCaps: (caps: { dailyLuv: number | null; monthlyLuv: number | null }) =>
    apiResult<SpendingCaps>('/api/my/luv/spending-caps', { method: 'PUT', body: caps, silent: true }),
  payoutPreview: (amount: number) => apiResult<Payout>('/api/my/luv/payout-preview', { query: { amount } }),
  withdraw: (amount: number, key: string) =>
    apiResult<WithdrawalMade>('/api/my/luv/withdraw', {
      method: 'POST',
      query: embeddedQuery(),
      body: { amount },
      headers: money(key),
      silent: true,
    }),
  withdrawals: (offset = 0, limit = LIST_LIMIT_ITEMS) =>
    apiResult<ListPage<Withdrawal>>('/api/my/luv/withdraw-list', { query: page(offset, limit) }),
  cancelWithdrawal: (withdrawId: number, key: string) =>
    apiResult<WithdrawalCancelled>('/api/my/luv/withdraw-cancel', {
      method: 'POST',
      body: { withdrawId },
      headers: money(key),
      silent: true,
    }),
  exchangeRate: () => apiResult<ExchangeRate>('/api/my/luv/exchange/rate'),
  exchangeTotal: () => apiResult<ExchangeAmount>('/api/my/luv/exchange/amount/total'),
  exchangeNow: () => apiResult<ExchangeAmount>('/api/my/luv/exchange/amount/now'),
  exchangeStatus: () => apiResult<ExchangeStatus>('/api/my/luv/exchange/status'),
  exchangeApply: (amount: number, key: string) =>
    apiResult<WithdrawalMade>('/api/my/luv/exchange/apply', {
      method: 'POST',
      query: embeddedQuery(),
      body: { amount },
      headers: money(key),
      silent: true,
    }),
  banks: () => apiResult<PayoutBanks>('/api/my/banks'),
  accountChange: (body: { phone: string; bankCode: string; bankHolderName: string; bankAccount: string }) =>
    apiResult<PayoutAccountChanged>('/api/cs/accountChange', { method: 'POST', body, silent: true }),
};
