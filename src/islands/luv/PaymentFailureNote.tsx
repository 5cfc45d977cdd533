import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import type { Locale } from '../../../domain/locales.ts';
import { failureText } from '../../lib/error-text.ts';
import { m } from '../../paraglide/messages.js';
import { $paymentFailures, loadPaymentFailure } from '../../stores/payment-failure.ts';

/** Under a payment that ended without credit: "Why?" opens the API's notice (and the payment company's words). */
export function PaymentFailureNote({ paymentId, locale }: { paymentId: string; locale: Locale }) {
  const o = { locale };
  const [open, setOpen] = useState(false);
  const notice = useStore($paymentFailures)[paymentId];
  const panelId = useId();
  return (
    <span className="luv-failure-note">
      <button
        type="button"
        className="flx-button flx-button--small"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          if (!open && notice?.status !== 'ready') void loadPaymentFailure(paymentId);
          setOpen(!open);
        }}
      >
        {m.luv_payment_failure_why({}, o)}
      </button>
      <span id={panelId} hidden={!open} role="status">
        {open && notice?.status === 'loading' && m.luv_payment_failure_loading({}, o)}
        {open && notice?.status === 'error' && notice.failure && failureText(notice.failure, locale)}
        {open && notice?.status === 'ready' && (
          <>
            {notice.message ?? m.luv_payment_failure_unknown({}, o)}
            {notice.note && <> {m.luv_payment_gateway_said({ reason: notice.note }, o)}</>}
          </>
        )}
      </span>
    </span>
  );
}
