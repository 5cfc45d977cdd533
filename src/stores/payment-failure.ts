/**
 * Why one of my payments ended without credit (`GET /v2/api/guest/payment-failure?paymentId=`), read when the member
 * asks.
 */
import { map, type ReadableAtom } from 'nanostores';
import type { PaymentFailure } from '../../domain/answers/shop.ts';
import { apiResult, type ApiFailure } from '../lib/api-client.ts';

export interface PaymentFailureNotice {
  status: 'loading' | 'ready' | 'error';
  /** The API's words for the failure, in the page's language. */
  message: string | null;
  /** The payment company's own words (a card refusal's reason). */
  note: string | null;
  failure: ApiFailure | null;
}

const notices = map<Record<string, PaymentFailureNotice>>({});
export const $paymentFailures: ReadableAtom<Record<string, PaymentFailureNotice>> = notices;

export async function loadPaymentFailure(paymentId: string): Promise<void> {
  notices.setKey(paymentId, { status: 'loading', message: null, note: null, failure: null });
  const r = await apiResult<PaymentFailure>('/v2/api/guest/payment-failure', { query: { paymentId }, silent: true });
  notices.setKey(
    paymentId,
    r.ok
      ? { status: 'ready', message: r.value.message, note: r.value.failureNote, failure: null }
      : { status: 'error', message: null, note: null, failure: r.failure },
  );
}
