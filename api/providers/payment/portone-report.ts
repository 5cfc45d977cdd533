/**
 * PortOne's payment (`GET /payments/{paymentId}`) and billing key (`GET /billing-keys/{billingKey}`)
 * read into the gateway's reports. Unknown statuses (the SDK's `Unrecognized`) read as still open,
 * so nothing is credited or closed on a status this code does not know.
 */
import type { Payment } from '@portone/server-sdk';
import type { BillingKeyReport, PaymentReport, VirtualAccount } from './gateway.ts';

export function paymentReport(payment: Payment.Payment): PaymentReport {
  switch (payment.status) {
    case 'READY':
    case 'PAY_PENDING':
      return { status: 'ready' };
    case 'VIRTUAL_ACCOUNT_ISSUED':
      return {
        status: 'virtual_account_issued',
        amountWon: payment.amount.total,
        currency: payment.currency,
        account: virtualAccount(payment.method),
      };
    case 'PAID':
      return {
        status: 'paid',
        amountWon: payment.amount.total,
        paidWon: payment.amount.paid,
        discountWon: payment.amount.discount,
        currency: payment.currency,
        paidAt: payment.paidAt,
        methodType: typeof payment.method?.type === 'string' ? payment.method.type : null,
        receiptUrl: payment.receiptUrl ?? null,
        billingKey: payment.billingKey ?? null,
      };
    case 'FAILED': {
      const f = payment.failure;
      const pg = f.pgMessage ? `${f.pgCode ? `${f.pgCode}: ` : ''}${f.pgMessage}` : null;
      return { status: 'failed', note: (f.reason ?? pg ?? 'payment failed').slice(0, 200) };
    }
    case 'CANCELLED':
    case 'PARTIAL_CANCELLED':
      return {
        status: 'cancelled',
        amountWon: payment.amount.total,
        cancelledWon: payment.amount.cancelled,
        partial: payment.status === 'PARTIAL_CANCELLED',
      };
    default:
      return { status: 'ready' };
  }
}

function virtualAccount(method: Payment.PaymentMethod | undefined): VirtualAccount | null {
  if (!method || method.type !== 'PaymentMethodVirtualAccount') return null;
  const va = method as Payment.PaymentMethodVirtualAccount;
  return {
    bank: va.bank ?? null,
    accountNumber: va.accountNumber,
    holder: va.remitteeName ?? null,
    expiresAt: va.expiredAt ?? null,
  };
}

export function billingKeyReport(info: Payment.BillingKey.BillingKeyInfo): BillingKeyReport {
  if (info.status === 'ISSUED') {
    const issued = info as Payment.BillingKey.IssuedBillingKeyInfo;
    return { status: 'issued', billingKey: issued.billingKey, customerId: issued.customer.id ?? null };
  }
  const any = info as { billingKey?: string };
  return { status: 'deleted', billingKey: any.billingKey ?? '' };
}
