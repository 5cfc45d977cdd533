/**
 * The JSON bodies of PortOne V2's REST API, built from the local stand-in's records in the shapes of
 * `@portone/server-sdk`'s types (Payment, PaymentCancellation, BillingKeyInfo, IdentityVerification).
 */
import type { IdentityVerification, Payment } from '@portone/server-sdk';

export const FAKE_MERCHANT_ID = 'merchant-00000000-0000-4000-8000-000000000001';

export type FakePaymentStatus =
  | 'READY'
  | 'VIRTUAL_ACCOUNT_ISSUED'
  | 'PAID'
  | 'FAILED'
  | 'CANCELLED'
  | 'PARTIAL_CANCELLED';

export interface FakeCancellation {
  id: string;
  totalAmount: number;
  reason: string;
  requestedAt: string;
}

export interface FakePayment {
  id: string;
  transactionId: string;
  storeId: string;
  channelKey: string;
  orderName: string;
  payMethod: string;
  currency: string;
  status: FakePaymentStatus;
  total: number;
  paid: number;
  cancelled: number;
  customerId: string | null;
  billingKey: string | null;
  requestedAt: string;
  statusChangedAt: string;
  paidAt: string | null;
  failure: { at: string; reason: string; pgCode: string; pgMessage: string } | null;
  cancellations: FakeCancellation[];
  account: { accountNumber: string; expiredAt: string; issuedAt: string } | null;
}

export interface FakeBillingKey {
  billingKey: string;
  storeId: string;
  customerId: string | null;
  issuedAt: string;
  deletedAt: string | null;
  /** The PG message a charge of this key is declined with; null when it charges. */
  declines: string | null;
}

export type FakeIdentity =
  | { id: string; status: 'READY'; requestedAt: string }
  | { id: string; status: 'FAILED'; requestedAt: string; reason: string }
  | {
      id: string;
      status: 'VERIFIED';
      requestedAt: string;
      customer: {
        name: string;
        birthDate: string;
        phoneNumber?: string;
        gender?: 'MALE' | 'FEMALE';
        isForeigner?: boolean;
        ci?: string;
        di?: string;
      };
    };

const channel = (key: string) => ({
  type: 'TEST',
  id: 'channel-id-fake',
  key,
  name: 'local stand-in',
  pgProvider: 'KCP_V2',
  pgMerchantId: 'fake-pg-merchant',
});

function method(p: FakePayment): Payment.PaymentMethod | undefined {
  switch (p.payMethod) {
    case 'CARD':
      return { type: 'PaymentMethodCard', approvalNumber: '30001234' };
    case 'EASY_PAY':
      return { type: 'PaymentMethodEasyPay', provider: 'KAKAOPAY' };
    case 'TRANSFER':
      return { type: 'PaymentMethodTransfer', bank: 'SHINHAN' };
    case 'MOBILE':
      return { type: 'PaymentMethodMobile', phoneNumber: '01000000000' };
    case 'VIRTUAL_ACCOUNT':
      return p.account
        ? {
            type: 'PaymentMethodVirtualAccount',
            bank: 'SHINHAN',
            accountType: 'NORMAL',
            remitteeName: 'FLX',
            ...p.account,
          }
        : { type: 'PaymentMethodVirtualAccount', accountNumber: '' };
    default:
      return undefined;
  }
}

export function paymentJson(p: FakePayment): Payment.Payment {
  const vat = Math.floor(p.total / 11);
  const base = {
    id: p.id,
    transactionId: p.transactionId,
    merchantId: FAKE_MERCHANT_ID,
    storeId: p.storeId,
    method: method(p),
    channel: channel(p.channelKey),
    version: 'V2',
    ...(p.billingKey ? { billingKey: p.billingKey } : {}),
    requestedAt: p.requestedAt,
    updatedAt: p.statusChangedAt,
    statusChangedAt: p.statusChangedAt,
    orderName: p.orderName,
    amount: {
      total: p.total,
      taxFree: 0,
      vat,
      supply: p.total - vat,
      discount: 0,
      paid: p.paid,
      cancelled: p.cancelled,
      cancelledTaxFree: 0,
    },
    currency: p.currency as 'KRW',
    customer: p.customerId ? { id: p.customerId } : {},
    pgTxId: `pg-${p.transactionId}`,
  };
  const paid = { paidAt: p.paidAt!, receiptUrl: `https://receipt.invalid/${p.id}`, disputes: [] };
  const cancellations = p.cancellations.map((c) => ({
    status: 'SUCCEEDED' as const,
    id: c.id,
    totalAmount: c.totalAmount,
    taxFreeAmount: 0,
    vatAmount: Math.floor(c.totalAmount / 11),
    reason: c.reason,
    cancelledAt: c.requestedAt,
    requestedAt: c.requestedAt,
  }));
  switch (p.status) {
    case 'READY':
    case 'VIRTUAL_ACCOUNT_ISSUED':
      return { ...base, status: p.status } as Payment.Payment;
    case 'PAID':
      return { ...base, ...paid, status: 'PAID', cancellations: [] } as Payment.Payment;
    case 'FAILED':
      return {
        ...base,
        status: 'FAILED',
        failedAt: p.failure!.at,
        failure: { reason: p.failure!.reason, pgCode: p.failure!.pgCode, pgMessage: p.failure!.pgMessage },
      } as Payment.Payment;
    case 'CANCELLED':
    case 'PARTIAL_CANCELLED':
      return {
        ...base,
        ...(p.paidAt ? paid : {}),
        status: p.status,
        cancellations,
        cancelledAt: p.statusChangedAt,
      } as Payment.Payment;
  }
}

export function cancellationJson(p: FakePayment, c: FakeCancellation): Payment.PaymentCancellation {
  return {
    status: 'SUCCEEDED',
    id: c.id,
    totalAmount: c.totalAmount,
    taxFreeAmount: 0,
    vatAmount: Math.floor(c.totalAmount / 11),
    reason: c.reason,
    cancelledAt: c.requestedAt,
    requestedAt: c.requestedAt,
    receiptUrl: `https://receipt.invalid/${p.id}`,
  };
}

export function billingKeyJson(k: FakeBillingKey): Payment.BillingKey.BillingKeyInfo {
  const base = {
    billingKey: k.billingKey,
    merchantId: FAKE_MERCHANT_ID,
    storeId: k.storeId,
    methods: [{ type: 'BillingKeyPaymentMethodCard' as const }],
    channels: [channel('channel-key-billing')],
    customer: k.customerId ? { id: k.customerId } : {},
    issuedAt: k.issuedAt,
  };
  return (
    k.deletedAt ? { ...base, status: 'DELETED', deletedAt: k.deletedAt } : { ...base, status: 'ISSUED' }
  ) as Payment.BillingKey.BillingKeyInfo;
}

export function identityJson(iv: FakeIdentity): IdentityVerification.IdentityVerification {
  const base = {
    id: iv.id,
    channel: channel('channel-key-identity'),
    requestedAt: iv.requestedAt,
    updatedAt: iv.requestedAt,
    statusChangedAt: iv.requestedAt,
    version: 'V2',
  };
  if (iv.status === 'VERIFIED')
    return {
      ...base,
      status: 'VERIFIED',
      verifiedCustomer: iv.customer,
      verifiedAt: iv.requestedAt,
      pgTxId: `pg-${iv.id}`,
      pgRawResponse: '{}',
    } as IdentityVerification.IdentityVerification;
  if (iv.status === 'FAILED')
    return {
      ...base,
      status: 'FAILED',
      requestedCustomer: {},
      failure: { reason: iv.reason, pgCode: 'F001', pgMessage: iv.reason },
    } as IdentityVerification.IdentityVerification;
  return { ...base, status: 'READY', requestedCustomer: {} } as IdentityVerification.IdentityVerification;
}
