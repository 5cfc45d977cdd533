/** Labels of codes the API sends (SPEC §4 payment and subscription statuses, withdrawal states). */
import { PaymentMethod } from '../../../domain/enums.ts';
import type { Locale } from '../../../domain/locales.ts';
import { m } from '../../paraglide/messages.js';

export function paymentStatusLabel(status: number, locale: Locale): string {
  const o = { locale };
  switch (status) {
    case 0:
      return m.luv_payment_status_0({}, o);
    case 1:
      return m.luv_payment_status_1({}, o);
    case 2:
      return m.luv_payment_status_2({}, o);
    case 6:
      return m.luv_payment_status_6({}, o);
    case 7:
      return m.luv_payment_status_7({}, o);
    case 8:
      return m.luv_payment_status_8({}, o);
    case 9:
      return m.luv_payment_status_9({}, o);
    default:
      return String(status);
  }
}

export function subscriptionStatusLabel(status: number, locale: Locale): string {
  const o = { locale };
  switch (status) {
    case 1:
      return m.luv_sub_status_1({}, o);
    case 2:
      return m.luv_sub_status_2({}, o);
    case 3:
      return m.luv_sub_status_3({}, o);
    case 4:
      return m.luv_sub_status_4({}, o);
    case 5:
      return m.luv_sub_status_5({}, o);
    default:
      return String(status);
  }
}

export function withdrawalStatusLabel(status: string, locale: Locale): string {
  const o = { locale };
  if (status === 'pending') return m.luv_withdraw_status_pending({}, o);
  if (status === 'cancelled') return m.luv_withdraw_status_cancelled({}, o);
  if (status === 'approved') return m.luv_withdraw_status_approved({}, o);
  return m.luv_withdraw_status_failed({}, o);
}

/** The payment methods of SPEC §3, in the order the shop offers them. */
export const METHODS = Object.values(PaymentMethod);

export function methodLabel(method: string, locale: Locale): string {
  const o = { locale };
  switch (method) {
    case PaymentMethod.kakaopay:
      return m.luv_method_kakaopay({}, o);
    case PaymentMethod.virtualaccount:
      return m.luv_method_virtualaccount({}, o);
    case PaymentMethod.myaccount:
      return m.luv_method_myaccount({}, o);
    case PaymentMethod.mobile:
      return m.luv_method_mobile({}, o);
    case PaymentMethod.creditcard:
      return m.luv_method_creditcard({}, o);
    default:
      return m.luv_method_card({}, o);
  }
}

/** What happened to a payment that ended without credit (its `failureCode`), in the page's language. */
export function paymentFailureText(code: string | null | undefined, locale: Locale, currency: string): string | null {
  const o = { locale };
  switch (code) {
    case 'pg_failed':
      return m.luv_payment_failure_pg_failed({}, o);
    case 'amount_mismatch':
      return m.luv_payment_failure_amount_mismatch({}, o);
    case 'wrong_deposit':
      return m.luv_payment_failure_wrong_deposit({}, o);
    case 'expired':
      return m.luv_payment_failure_expired({}, o);
    case 'closed':
      return m.luv_payment_failure_closed({}, o);
    case 'refunded':
      return m.luv_payment_failure_refunded({ currency }, o);
    default:
      return null;
  }
}
