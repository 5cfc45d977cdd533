/**
 * The browser step's request (`PortOne.requestPayment()` of `@portone/browser-sdk/v2`) for a payment
 * of SPEC §3's methods. PortOne pay methods: kakaopay → EASY_PAY (KakaoPay), virtualaccount →
 * VIRTUAL_ACCOUNT (open for VIRTUAL_ACCOUNT_VALID_HOURS), myaccount → TRANSFER (real-time transfer
 * from the buyer's own account), mobile → MOBILE (carrier billing of a digital good), creditcard and
 * CARD → CARD.
 */
import type { PaymentMethod } from '../../../domain/enums.ts';
import type { BillingKeyRequest, CheckoutRequest } from './gateway.ts';

export const VIRTUAL_ACCOUNT_VALID_HOURS = 24;

export const PAY_METHOD = {
  kakaopay: 'EASY_PAY',
  virtualaccount: 'VIRTUAL_ACCOUNT',
  myaccount: 'TRANSFER',
  mobile: 'MOBILE',
  creditcard: 'CARD',
  CARD: 'CARD',
} as const satisfies Record<PaymentMethod, CheckoutRequest['payMethod']>;

export function isPaymentMethod(method: string): method is PaymentMethod {
  return Object.hasOwn(PAY_METHOD, method);
}

export interface CheckoutParts {
  storeId: string;
  channelKey: string;
  paymentId: string;
  amountWon: number;
  method: PaymentMethod;
  orderName?: string;
  customerId?: string;
}

export function checkoutRequest(p: CheckoutParts): CheckoutRequest {
  const request: CheckoutRequest = {
    storeId: p.storeId,
    channelKey: p.channelKey,
    paymentId: p.paymentId,
    orderName: p.orderName ?? p.paymentId,
    totalAmount: p.amountWon,
    currency: 'KRW',
    payMethod: PAY_METHOD[p.method],
  };
  if (p.method === 'kakaopay') request.easyPay = { easyPayProvider: 'KAKAOPAY' };
  if (p.method === 'virtualaccount')
    request.virtualAccount = { accountExpiry: { validHours: VIRTUAL_ACCOUNT_VALID_HOURS } };
  if (p.method === 'mobile') request.productType = 'DIGITAL';
  if (p.customerId) request.customer = { customerId: p.customerId };
  return request;
}

/**
 * `PortOne.requestIssueBillingKey()` for a member's card; the issue id names the member so a key is traced to who
 * issued it.
 */
export function billingKeyRequest(storeId: string, channelKey: string, memberId: number): BillingKeyRequest {
  return {
    storeId,
    channelKey,
    billingKeyMethod: 'CARD',
    issueId: `BK-${memberId}-${Date.now().toString(36)}`,
    issueName: 'subscription',
    customer: { customerId: String(memberId) },
  };
}
